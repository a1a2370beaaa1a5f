/* Numbered points and the table that says what each number is: the
 * roofline and the CGMA charts name their points by a variant's key
 * instead of its name, so labels stay short enough never to overlap, and
 * list the keys in a table beside the plot. One variant has one key on
 * every chart of a run.
 *
 * Labels are placed in screen coordinates: the charts fix their margins
 * and axis ranges, so the builder knows where each text lands and can
 * keep every box apart. Point labels take tags below KEY_TABLE_TAG, the
 * table's rows tags from it (tests tell them apart by that). */
#ifndef MMPROF_PLOTS_CHART_KEY_H
#define MMPROF_PLOTS_CHART_KEY_H

#include <stddef.h>

#include "plots/plot_data.h"
#include "plots/strbuf.h"

#define KEY_TABLE_TAG 1000
#define KEY_FONT_PT 9      /* point labels and table rows */
/* gnuplot's cairo terminals draw a point as 4/3 pixels; a text line of
 * this font takes about 1.15 of its em. */
#define KEY_PX_PER_PT (4.0 / 3.0)
#define KEY_LINE_PX (1.15 * KEY_FONT_PT * KEY_PX_PER_PT)
#define KEY_MONO_CHAR_PX (0.6 * KEY_FONT_PT * KEY_PX_PER_PT) /* DejaVu Sans Mono: 0.6 em a character */

/* A name in a key table is cut to this many characters: a profiled
 * kernel's demangled name would otherwise squeeze the plot. */
#define KEY_NAME_MAX_COLS 40

/* Every row's key (plot_row.key): its variant's rank by GFLOP/s at its
 * largest size among the matmul (and profiled-kernel) rows with status ok,
 * 1 = fastest; 0 when it has none. Once per load: a profile run's hundreds
 * of launches would make the charts quadratic in their rows otherwise. */
void keys_assign(struct plot_data *d);
/* The key of the variant named so (its rows'), 0 when none. */
int variant_key(const struct plot_data *d, const char *variant);

/* Sorts keys[0..n) ascending. */
void keys_sort(int *keys, size_t n);
/* keys[0..n) ascending as "3", "3,4" or "3-6,9". */
void keys_text(const int *keys, size_t n, char *buf, size_t len);

/* Writes one table line into `line`: the head when r is NULL, else row
 * r's; width is the variant column's (its longest name). */
typedef void (*key_line_fn)(const struct plot_data *d, const struct plot_row *r, int width, const void *arg,
                            struct strbuf *line);

/* Where a table goes, in screen fractions: its top-left corner, and the
 * lowest a line may reach. */
struct key_place {
    double left, top, bottom;
    const char *dat_name; /* where the lines left out are (the chart's .dat) */
};

/* The left edge (screen fraction) that ends the table of key_table 1 % short
 * of the canvas' right edge, or at_most when it is narrower: a wide table
 * takes room from the plot rather than run off the canvas. */
double key_table_left(const struct plot_data *d, const size_t *idx, size_t n, key_line_fn line, const void *arg,
                      double at_most);

/* The table of rows idx[0..n) of d, by key, in DejaVu Sans Mono (line
 * pads the columns), its head first. Lines that do not fit above the
 * bottom are left out, with a last line saying how many and where. */
void key_table(struct strbuf *gp, const struct key_place *at, const struct plot_data *d, const size_t *idx, size_t n,
               key_line_fn line, const void *arg);

/* name padded or cut to width columns into buf; a cut name ends in "..."
 * so that it is not read as whole. Returns buf. */
const char *key_name(const char *name, int width, char *buf, size_t len);

/* A point to name: where it is (screen fractions) and its key. */
struct key_point {
    double x, y;
    int key;
};

/* One label per point, its key alone, in a column at screen x right of the
 * plot: each as near its point's height as its neighbours allow, a text
 * line apart and in the points' order from top to bottom, within [lo, hi];
 * a thin leader from the point to its label. Tags from *tag on. */
void key_labels_beside(struct strbuf *gp, const struct key_point *p, size_t n, double x, double lo, double hi,
                       int *tag);

#endif
