/* The roofline overlay of `mmprof report RUN --baseline OTHER`: one arrow
 * per matmul variant from its point in the baseline run to its point in
 * this run, both at DRAM intensity (the level both runs' roofs have), under
 * each run's own DRAM and FP32 roofs. Each point of this run is named by its
 * variant's key (chart_key.h) in a column right of the plot, joined by a
 * leader; the table beside it says what each key is. `mmprof plot` has no
 * baseline and skips it; plot_roofline_baseline draws it for the report. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "plots/baseline.h"
#include "plots/chart.h"
#include "plots/chart_key.h"
#include "plots/gnuplot.h"
#include "plots/gpfmt.h"
#include "plots/plot_data.h"
#include "rundir/run_files.h"

#define THIS_COLOR "#d62728"
#define BASE_COLOR "#1f77b4"
/* Plot area in screen fractions: fixed, so the keys' leaders can be drawn. */
#define LM 0.07
#define TM 0.90
#define BM 0.16
#define TABLE_AT_MOST 0.72
#define KEYS_ROOM 0.06
#define KEYS_LO 0.03

static int drawable(const struct plot_row *r)
{
    return row_ok(r) && row_is_matmul(r) && r->gflop_s > 0 && r->intensity[ROOF_DRAM] > 0;
}

/* The baseline's row of r's variant and shape, or NULL. */
static const struct plot_row *baseline_row(const struct plot_data *base, const struct plot_row *r)
{
    for (size_t i = 0; i < base->nrows; i++) {
        const struct plot_row *b = &base->rows[i];
        if (strcmp(b->variant, r->variant) == 0 && row_same_shape(b, r) && drawable(b))
            return b;
    }
    return NULL;
}

/* This run's DRAM and FP32 roof under prefix (T_ or B_); 0 when it has no FP32 roof. */
static int roof_vars(const struct roofline *ro, const char *prefix, struct strbuf *b)
{
    double peak = roofline_fp32_gflops(ro), bw = roofline_bw_gbs(ro, ROOF_DRAM);
    if (isnan(peak))
        return 0;
    sb_printf(b, "%sPEAK = %.6g  # GFLOP/s, %s FP32\n", prefix, peak, roofline_source(ro));
    if (!isnan(bw))
        sb_printf(b, "%sDRAM = %.6g  # GB/s, %s DRAM\n", prefix, bw, roofline_source(ro));
    return 1;
}

/* "3  rt_b16_4x4  24763 <- 22012": key, variant, this run's GFLOP/s and the baseline's. */
static void table_line(const struct plot_data *d, const struct plot_row *r, int width, const void *arg,
                       struct strbuf *line)
{
    char name[KEY_NAME_MAX_COLS + 8];
    const struct plot_row *b = r ? baseline_row(d->baseline, r) : NULL;
    (void)arg;
    if (!r)
        sb_printf(line, "%3s  %-*s  %9s  %9s", "#", width, "variant", "GFLOP/s", "baseline");
    else
        sb_printf(line, "%3d  %s  %9.0f  %9.0f", r->key, key_name(r->variant, width, name, sizeof name), r->gflop_s,
                  b ? b->gflop_s : NAN);
}

/* Screen fraction of v on a log axis from lo to hi drawn between a and b. */
static double screen(double v, double lo, double hi, double a, double b)
{
    return a + (b - a) * log(v / lo) / log(hi / lo);
}

static void roof_clauses(const struct roofline *ro, const char *prefix, const char *who, const char *dash,
                         struct strbuf *plot)
{
    char line[256];
    if (!isnan(roofline_bw_gbs(ro, ROOF_DRAM))) {
        snprintf(line, sizeof line, "slope(x, %sDRAM, %sPEAK) lw 2 %s lc rgb \"#555555\" title \"%s DRAM roof\"",
                 prefix, prefix, dash, who);
        plot_clause(plot, line);
        snprintf(line, sizeof line, "flat(x, %sDRAM, %sPEAK) lw 2 %s lc rgb \"black\" title \"%s FP32 roof\"", prefix,
                 prefix, dash, who);
    } else {
        snprintf(line, sizeof line, "%sPEAK lw 2 %s lc rgb \"black\" title \"%s FP32 roof\"", prefix, dash, who);
    }
    plot_clause(plot, line);
}

enum chart_result chart_roofline_baseline(const struct plot_data *d, struct chart_job *job)
{
    if (!d->baseline) {
        snprintf(job->skip, sizeof job->skip, "drawn by `mmprof report RUN --baseline OTHER` only");
        return CHART_SKIP;
    }
    const struct plot_data *base = d->baseline;
    size_t *idx = malloc((d->nrows ? d->nrows : 1) * sizeof *idx);
    size_t n = idx ? rows_largest_each(d, drawable, idx) : 0;
    struct span x, y;
    span_init(&x);
    span_init(&y);
    size_t drawn = 0, *shown = malloc((n ? n : 1) * sizeof *shown);
    if (!shown)
        n = 0;
    sb_puts(&job->dat, "# variant  intensity_base  gflops_base  intensity_this  gflops_this  shape  key (the "
                       "chart's number)\n");
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *r = &d->rows[idx[i]], *b = baseline_row(base, r);
        if (!b)
            continue;
        char shape[64];
        row_shape_text(r, shape, sizeof shape);
        gp_str(&job->dat, r->variant);
        gp_num(&job->dat, b->intensity[ROOF_DRAM]);
        gp_num(&job->dat, b->gflop_s);
        gp_num(&job->dat, r->intensity[ROOF_DRAM]);
        gp_num(&job->dat, r->gflop_s);
        sb_puts(&job->dat, " ");
        gp_str(&job->dat, shape);
        sb_printf(&job->dat, " %d\n", r->key);
        job_variant(job, r->variant);
        span_add(&x, b->intensity[ROOF_DRAM]);
        span_add(&x, r->intensity[ROOF_DRAM]);
        span_add(&y, b->gflop_s);
        span_add(&y, r->gflop_s);
        shown[drawn++] = idx[i];
    }
    free(idx);
    struct strbuf *roofs = job_var(job, "ROOFS");
    int this_roof = roof_vars(&d->roofs, "T_", roofs), base_roof = roof_vars(&base->roofs, "B_", roofs);
    if (drawn == 0 || !this_roof || !base_roof) {
        free(shown);
        snprintf(job->skip, sizeof job->skip,
                 drawn == 0 ? "no matmul variant has status ok, a time and a DRAM intensity at the same size in "
                              "both runs (collect both without --no-profile)"
                            : "a run has no FP32 roof in its " RUN_JSON);
        return CHART_SKIP;
    }
    span_add(&y, roofline_fp32_gflops(&d->roofs));
    span_add(&y, roofline_fp32_gflops(&base->roofs));
    double x0, x1, y0, y1;
    span_log_range(&x, 1.5, &x0, &x1);
    span_log_range(&y, 1.5, &y0, &y1);
    struct strbuf *plot = job_var(job, "PLOT");
    roof_clauses(&d->roofs, "T_", "this run's", "", plot);
    roof_clauses(&base->roofs, "B_", "baseline's", "dt 2", plot);
    plot_clause(plot, "'roofline_baseline.dat' using 2:3:($4-$2):($5-$3) with vectors head filled size screen "
                      "0.012,20 lw 1.5 lc rgb \"#777777\" notitle");
    plot_clause(plot, "'roofline_baseline.dat' using 2:3 with points pt 6 ps 1.4 lc rgb \"" BASE_COLOR
                      "\" title \"baseline\"");
    plot_clause(plot, "'roofline_baseline.dat' using 4:5 with points pt 7 ps 1.4 lc rgb \"" THIS_COLOR
                      "\" title \"this run\"");
    y1 *= 1.5; /* room above the higher FP32 roof */
    const struct key_place place = {key_table_left(d, shown, drawn, table_line, NULL, TABLE_AT_MOST), TM, 0.02,
                                    "roofline_baseline.dat"};
    double rm = place.left - KEYS_ROOM;
    struct key_point *p = malloc(drawn * sizeof *p);
    struct strbuf *labels = job_var(job, "LABELS");
    int tag = 1;
    for (size_t i = 0; p && i < drawn; i++) {
        const struct plot_row *r = &d->rows[shown[i]];
        p[i] = (struct key_point){screen(r->intensity[ROOF_DRAM], x0, x1, LM, rm), screen(r->gflop_s, y0, y1, BM, TM),
                                  r->key};
    }
    if (p)
        key_labels_beside(labels, p, drawn, rm + KEYS_ROOM / 3, KEYS_LO, TM + 0.02, &tag);
    else
        labels->oom = 1;
    key_table(labels, &place, d, shown, drawn, table_line, NULL);
    free(p);
    free(shown);
    char title[400], base_name[33], name[33];
    run_name(base_name, sizeof base_name, base->run_dir);
    run_name(name, sizeof name, d->run_dir);
    snprintf(title, sizeof title, "Roofline overlay: %s (baseline%s%.60s) -> %s%s%.60s", base_name,
             base->device[0] ? ", " : "", base->device, name, d->device[0] ? ", " : "", d->device);
    gp_str(job_var(job, "TITLE"), title);
    sb_printf(job_var(job, "XMIN"), "%.6g", x0);
    sb_printf(job_var(job, "XMAX"), "%.6g", x1);
    sb_printf(job_var(job, "YMIN"), "%.6g", y0);
    sb_printf(job_var(job, "YMAX"), "%.6g", y1);
    sb_printf(job_var(job, "LM"), "%.3f", LM);
    sb_printf(job_var(job, "RM"), "%.3f", rm);
    sb_printf(job_var(job, "TM"), "%.3f", TM);
    sb_printf(job_var(job, "BM"), "%.3f", BM);
    return CHART_DRAW;
}

static const struct chart_spec *overlay_spec(void)
{
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(s[i].name, PLOT_BASELINE_CHART) == 0)
            return &s[i];
    return NULL; /* charts.def lost its row: plot_roofline_baseline says so */
}

int plot_roofline_baseline(const struct plot_data *run, const struct plot_data *base, char *why, size_t why_len)
{
    const struct chart_spec *spec = overlay_spec();
    struct plot_data d = *run; /* the run's rows, with the baseline beside them */
    char dir[1100], gnuplot[4096];
    run_path(dir, sizeof dir, run->run_dir, PLOTS_DIR);
    if (!spec) {
        snprintf(why, why_len, "plots/charts.def has no roofline_baseline row (a build without it)");
        return -1;
    }
    d.baseline = base;
    int rc = -1;
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        snprintf(why, why_len, "cannot create %s (is the run directory writable?)", dir);
    else if (chart_write(spec, &d, dir, "png", why, why_len) != CHART_DRAW)
        ; /* why says it */
    else if (gnuplot_find(gnuplot, sizeof gnuplot) != 0)
        snprintf(why, why_len, "gnuplot is not installed (apt-get install gnuplot-nox): %s/roofline_baseline.gp is "
                 "written, render it with `cd %s && gnuplot roofline_baseline.gp`", dir, dir);
    else
        rc = gnuplot_render(gnuplot, dir, spec->name, "png", why, why_len);
    return rc;
}

void plot_roofline_baseline_remove(const char *run_dir)
{
    char dir[1100], err[256];
    struct plot_data none;
    memset(&none, 0, sizeof none); /* no baseline: the builder skips, and chart_write removes the old files */
    run_path(dir, sizeof dir, run_dir, PLOTS_DIR);
    const struct chart_spec *spec = overlay_spec();
    if (spec)
        chart_write(spec, &none, dir, "png", err, sizeof err);
}
