/* A chart: a builder turns the run's rows into NAME.dat and the values of
 * the NAME.gp.in template's placeholders; chart.c writes both files (whole,
 * atomically) into RUN/plots. gnuplot.h renders them. */
#ifndef MMPROF_PLOTS_CHART_H
#define MMPROF_PLOTS_CHART_H

#include <stddef.h>

#include "plots/plot_data.h"
#include "plots/strbuf.h"

/* Every chart is rendered at this size, PNG and SVG alike. */
#define PLOT_WIDTH 1200
#define PLOT_HEIGHT 800
#define PLOT_FONT "DejaVu Sans,11"

#define CHART_VARS_MAX 24
#define CHART_MAX 16 /* charts in plots/charts.def, at most */

/* What a builder fills. */
struct chart_job {
    struct strbuf dat;        /* NAME.dat */
    struct strbuf variants;   /* the variants drawn, ", "-separated (for the .gp's header) */
    size_t nvars;
    const char *keys[CHART_VARS_MAX];
    struct strbuf values[CHART_VARS_MAX];
    int too_many;             /* a builder asked for more than CHART_VARS_MAX placeholders */
    char skip[512];           /* why nothing was drawn (CHART_SKIP) */
};

enum chart_result { CHART_DRAW, CHART_SKIP };

/* The value of template placeholder @key@, to print into. */
struct strbuf *job_var(struct chart_job *job, const char *key);
/* Adds a variant to the header's list. */
void job_variant(struct chart_job *job, const char *name);

struct chart_spec {
    const char *name;   /* file names NAME.gp, NAME.dat, NAME.png, NAME.svg; template NAME.gp.in */
    const char *what;   /* one line for the .gp header and the command's output (charts.def) */
    enum chart_result (*build)(const struct plot_data *d, struct chart_job *job);
};

/* Distinct line colours ("#rrggbb") and point types, cycling. */
const char *chart_color(size_t i);
int chart_point(size_t i);
/* Appends one plot clause, ", \"-continued after the first. */
void plot_clause(struct strbuf *plot, const char *text);

/* The charts of plots/charts.def, in the order they are drawn. */
const struct chart_spec *chart_specs(size_t *count);

/* One builder per chart, chart_NAME in chart_NAME.c. */
#define CHART(name_, section_, what_, caption_) \
    enum chart_result chart_##name_(const struct plot_data *d, struct chart_job *job);
#include "plots/charts.def"

/* Builds chart s and writes dir/NAME.dat and dir/NAME.gp; formats ("png
 * svg", "png" or "svg") is what the .gp renders when run by hand.
 * Returns CHART_DRAW, CHART_SKIP (nothing written, the chart's old files
 * removed, why in err), or -1 with err. */
int chart_write(const struct chart_spec *s, const struct plot_data *d, const char *dir, const char *formats,
                char *err, size_t err_len);

#endif
