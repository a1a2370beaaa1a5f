/* Reading back what a chart's .gp script draws, as the tests see it: the
 * panels (one per `plot` command) with their clauses, and the text labels
 * with the pixel boxes they cover on the PLOT_WIDTH x PLOT_HEIGHT canvas.
 * Independent of how plots/ writes them: only gnuplot's syntax. */
#ifndef MMPROF_TESTS_PLOTS_GP_SCRIPT_H
#define MMPROF_TESTS_PLOTS_GP_SCRIPT_H

#include <stddef.h>

#define GP_CLAUSES_MAX 128
#define GP_PANELS_MAX 16
#define GP_LABELS_MAX 512

/* One clause of a plot command. */
struct gp_clause {
    char text[600];
    int titled;       /* makes a key entry: a series the reader matches by its style */
    char style[600];  /* "with ... lc ... pt ... dt ...": what tells it apart */
};

struct gp_panel {
    struct gp_clause clauses[GP_CLAUSES_MAX];
    size_t n;
};

/* A label's box in canvas pixels, y up. */
struct gp_label {
    int tag;
    char text[256];
    double x0, x1, y0, y1;
    double anchor_y;  /* the y it is placed at (its middle) */
    double pt;        /* its font size */
};

struct gp_script {
    struct gp_panel panels[GP_PANELS_MAX];
    size_t npanels;
    struct gp_label labels[GP_LABELS_MAX];
    size_t nlabels;
    double lm, rm, tm, bm;   /* margins "at screen", NaN when not set */
    double xmin, xmax, ymin, ymax; /* set xrange and yrange, NaN when not set */
    int logx, logy;
};

/* Parses script text (a whole NAME.gp); fails the test on what it cannot read. */
void gp_script_read(const char *text, struct gp_script *s);

/* The canvas pixel height of a data y, and the pixel column of a data x. */
double gp_data_y_px(const struct gp_script *s, double y);
double gp_data_x_px(const struct gp_script *s, double x);

/* Pixels a line of text of this font size takes: its height. */
double gp_line_px(double font_pt);

#endif
