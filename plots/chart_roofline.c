/* (a) The hierarchical roofline: one row of three points per matmul
 * variant (its largest size) and per kernel of a `mmprof profile` run
 * (declared or not), at L1, L2 and DRAM intensity, under the
 * measured (solid) and datasheet (dashed) roofs. Each row ends in its
 * variant's key (chart_key.h) right of the plot, one label a row, joined to
 * it by a leader where neighbours push it off its height; the table beside
 * the plot says what each key is. Transposes do no FLOPs: they have no place on a
 * FLOP roofline and get chart (d) instead. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/chart_key.h"
#include "plots/gpfmt.h"

/* Plot area in screen fractions: fixed, so label spacing can be computed. */
#define LM 0.07
#define TM 0.90
#define BM 0.24
#define TABLE_AT_MOST 0.70 /* left edge of the key table, or left of it when it is wide */
#define KEYS_ROOM 0.065    /* between the plot and the table: the variants' numbers */
#define LABELS_LO 0.03     /* the lowest a number may go (the legend is left of the column) */

static const char *const level_color[ROOF_LEVELS] = {"#1f77b4", "#2ca02c", "#d62728"};
static const int level_point[ROOF_LEVELS] = {7, 5, 9};
static const char *const level_title[ROOF_LEVELS] = {"L1/shared", "L2 read", "DRAM"};

static int roofline_row(const struct plot_row *r)
{
    return row_ok(r) && (row_is_matmul(r) || row_is_user_kernel(r)) && roofline_has_point(r->intensity, r->gflop_s);
}

/* The row's lowest (want_max 0) or highest intensity: the ends of the
 * line joining its points. */
static double intensity_end(const struct plot_row *r, int want_max)
{
    double v = NAN;
    for (int l = 0; l < ROOF_LEVELS; l++)
        if (isfinite(r->intensity[l]) && r->intensity[l] > 0)
            v = isnan(v) ? r->intensity[l] : want_max ? fmax(v, r->intensity[l]) : fmin(v, r->intensity[l]);
    return v;
}

struct axes {
    double x0, x1, y0, y1;
};

/* Axis ranges: every point and every roof's ridge (where it meets FP32). */
static void ranges(const struct plot_data *d, const size_t *idx, size_t n, struct axes *a)
{
    const struct roofline *ro = &d->roofs;
    struct span x, y;
    span_init(&x);
    span_init(&y);
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *row = &d->rows[idx[i]];
        for (int l = 0; l < ROOF_LEVELS; l++)
            span_add(&x, row->intensity[l]);
        span_add(&y, row->gflop_s);
    }
    for (int l = 0; l < ROOF_LEVELS && ro->has_measured; l++)
        span_add(&x, roofline_ridge_flop_per_byte(ro, (enum roof_level)l));
    span_add(&x, ro->ds_fp32_gflops / ro->ds_dram_gbs);
    span_log_range(&x, 1.3, &a->x0, &a->x1);
    span_add(&y, ro->fp32_gflops);
    span_add(&y, ro->ds_fp32_gflops);
    double unused;
    span_log_range(&y, 1.5, &a->y0, &unused);
    a->y1 = y.hi * 1.8; /* room above the highest FP32 roof, not a whole decade */
}

static void write_dat(const struct plot_data *d, const size_t *idx, size_t n, struct chart_job *job)
{
    struct strbuf *b = &job->dat;
    sb_puts(b, "# variant  gflop_per_s  intensity_l1  intensity_l2  intensity_dram  intensity_min  "
               "intensity_max  shape  key   (intensities in FLOP/byte; key: the chart's number)\n");
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *r = &d->rows[idx[i]];
        char shape[64];
        row_shape_text(r, shape, sizeof shape);
        gp_str(b, r->variant);
        gp_num(b, r->gflop_s);
        for (int l = 0; l < ROOF_LEVELS; l++)
            gp_num(b, r->intensity[l]);
        gp_num(b, intensity_end(r, 0));
        gp_num(b, intensity_end(r, 1));
        sb_puts(b, " ");
        gp_str(b, shape);
        sb_printf(b, " %d\n", r->key);
        job_variant(job, r->variant);
    }
}

/* The highest measured bandwidth: its roof meets FP32 first, where the
 * flat FP32 line starts. 0 when none was measured. */
static double widest_bw(const struct roofline *ro)
{
    double widest = 0;
    for (int l = 0; l < ROOF_LEVELS; l++)
        if (!isnan(ro->bw_gbs[l]))
            widest = fmax(widest, ro->bw_gbs[l]);
    return widest;
}

/* gnuplot variables for the roofs, so the plot command reads as words. */
static void roof_vars(const struct roofline *ro, struct strbuf *b)
{
    for (int l = 0; l < ROOF_LEVELS && ro->has_measured; l++)
        if (!isnan(ro->bw_gbs[l]))
            sb_printf(b, "BW_%s = %.6g  # GB/s, measured\n", roof_level_name(l), ro->bw_gbs[l]);
    if (ro->has_measured)
        sb_printf(b, "PEAK = %.6g  # GFLOP/s, measured FP32\nBW_WIDEST = %.6g\n", ro->fp32_gflops, widest_bw(ro));
    if (ro->has_datasheet)
        sb_printf(b, "DS_PEAK = %.6g  # GFLOP/s, datasheet FP32 at boost\n", ro->ds_fp32_gflops);
    if (ro->has_datasheet && !isnan(ro->ds_dram_gbs))
        sb_printf(b, "DS_DRAM = %.6g  # GB/s, datasheet\n", ro->ds_dram_gbs);
}

static void measured_clauses(const struct roofline *ro, struct strbuf *plot)
{
    char rate[32], line[256];
    for (int l = 0; l < ROOF_LEVELS; l++) {
        if (isnan(ro->bw_gbs[l]))
            continue;
        human_rate(rate, sizeof rate, ro->bw_gbs[l], "GB/s");
        snprintf(line, sizeof line, "slope(x, BW_%s, PEAK) lw 2 lc rgb \"%s\" title \"%s%s%s %s\"", roof_level_name(l),
                 level_color[l], level_title[l], l == ROOF_DRAM ? " " : "", l == ROOF_DRAM ? ro->dram_kind : "",
                 rate);
        plot_clause(plot, line);
    }
    human_rate(rate, sizeof rate, ro->fp32_gflops, "GFLOP/s");
    char clock[48] = "";
    if (!isnan(ro->sm_clock_mhz))
        snprintf(clock, sizeof clock, " (SM %.0f MHz)", ro->sm_clock_mhz);
    /* without any bandwidth ceiling the FP32 roof is a flat line across */
    snprintf(line, sizeof line, "%s lw 2 lc rgb \"black\" title \"FP32 %s%s\"",
             widest_bw(ro) > 0 ? "flat(x, BW_WIDEST, PEAK)" : "PEAK", rate, clock);
    plot_clause(plot, line);
}

/* Untitled: the key's title says what the dashed lines are and their
 * values, which keeps the key to the measured roofs and the points. */
static void datasheet_clauses(const struct roofline *ro, struct strbuf *plot)
{
    char line[320];
    if (!isnan(ro->ds_dram_gbs)) {
        snprintf(line, sizeof line, "slope(x, DS_DRAM, DS_PEAK) lw 1.5 dt 2 lc rgb \"%s\" notitle",
                 level_color[ROOF_DRAM]);
        plot_clause(plot, line);
    }
    snprintf(line, sizeof line, "%s lw 1.5 dt 2 lc rgb \"black\" notitle",
             isnan(ro->ds_dram_gbs) ? "DS_PEAK" : "flat(x, DS_DRAM, DS_PEAK)");
    plot_clause(plot, line);
}

/* The key's title says which lines are measured and which datasheet, and
 * the datasheet's values. */
static void key_title(const struct plot_data *d, struct strbuf *b)
{
    const struct roofline *ro = &d->roofs;
    char text[512], ds[320] = "", dram[32] = "", fp32[32], measured[96] = "";
    if (ro->has_measured)
        snprintf(measured, sizeof measured, "solid: ceilings measured by mmprof %s%s",
                 d->made_by[0] ? d->made_by : "collect", strcmp(d->made_by, "profile") == 0 ? " before the app" : "");
    if (ro->has_datasheet) {
        human_rate(fp32, sizeof fp32, ro->ds_fp32_gflops, "GFLOP/s");
        if (!isnan(ro->ds_dram_gbs))
            human_rate(dram, sizeof dram, ro->ds_dram_gbs, "GB/s");
        snprintf(ds, sizeof ds, "dashed: %s%s (%s%s%sFP32 %s at %.0f MHz)",
                 ro->computed ? "computed from device properties, " : "datasheet ",
                 ro->computed ? "no datasheet" : ro->sku, dram[0] ? "DRAM " : "", dram, dram[0] ? ", " : "", fp32,
                 ro->ds_boost_mhz);
    }
    snprintf(text, sizeof text, "%s%s%s", measured, measured[0] && ds[0] ? "\n" : "", ds);
    gp_str(b, text);
}

static void point_clauses(struct strbuf *plot)
{
    char line[256];
    plot_clause(plot, "'roofline.dat' using 6:2:($7-$6):(0) with vectors nohead lw 1 lc rgb \"#aaaaaa\" notitle");
    for (int l = 0; l < ROOF_LEVELS; l++) {
        snprintf(line, sizeof line,
                 "'roofline.dat' using %d:2 with points pt %d ps 1.4 lc rgb \"%s\" title \"%s intensity\"",
                 3 + l, level_point[l], level_color[l], roof_level_name(l));
        plot_clause(plot, line);
    }
}

/* Each row's dotted line runs right to the plot's edge, where a thin leader
 * takes it to its own key (chart_key.h: one label a row, spread a text line
 * apart in the rows' order), so no two rows share a label and none overlaps. */
static void point_keys(const struct plot_data *d, const size_t *idx, size_t n, const struct axes *a, double rm,
                       struct strbuf *b)
{
    struct key_point *p = malloc((n ? n : 1) * sizeof *p);
    if (!p) {
        b->oom = 1;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *row = &d->rows[idx[i]];
        p[i] = (struct key_point){rm, BM + (TM - BM) * log(row->gflop_s / a->y0) / log(a->y1 / a->y0), row->key};
        sb_printf(b, "set arrow from first %.6g, first %.6g to graph 1, first %.6g nohead dt 3 lc rgb \"#999999\"\n",
                  intensity_end(row, 1), row->gflop_s, row->gflop_s);
    }
    int tag = 1;
    key_labels_beside(b, p, n, rm + KEYS_ROOM / 3, LABELS_LO, TM + 0.03, &tag);
    free(p);
}

struct table_arg {
    const struct plot_row *common; /* the title's size */
    int mixed;                     /* some rows are of another, or an app's kernels: a size column */
    int app;                       /* a `mmprof profile` run: every row's size, or that it has none */
};

/* "3  tiled_t32  9242  L2 bandwidth"; the size only when it is not the title's. */
static void table_line(const struct plot_data *d, const struct plot_row *r, int width, const void *arg,
                       struct strbuf *line)
{
    const struct table_arg *t = arg;
    if (!r) {
        sb_printf(line, "%3s  %-*s  %s%9s  %s", "#", width, "variant", t->mixed ? "size            " : "", "GFLOP/s",
                  "lowest roof");
        return;
    }
    struct roof_binding at = roofline_binding(&d->roofs, r->intensity, r->gflop_s);
    char shape[64] = "";
    if (t->app && r->m == 0)
        snprintf(shape, sizeof shape, "not declared");
    else if (t->app || (t->mixed && !row_same_shape(r, t->common)))
        row_shape_text(r, shape, sizeof shape);
    char name[KEY_NAME_MAX_COLS + 8];
    sb_printf(line, "%3d  %s  ", r->key, key_name(r->variant, width, name, sizeof name));
    if (t->mixed)
        sb_printf(line, "%-14s  ", shape);
    sb_printf(line, "%9.0f  %s", r->gflop_s, at.known ? roofline_binding_text(&at) : "-");
}

/* The size most plotted rows have (the title names it; labels name others). */
static const struct plot_row *common_shape(const struct plot_data *d, const size_t *idx, size_t n)
{
    const struct plot_row *best = &d->rows[idx[0]];
    size_t best_count = 0;
    for (size_t i = 0; i < n; i++) {
        size_t count = 0;
        for (size_t j = 0; j < n; j++)
            count += row_same_shape(&d->rows[idx[i]], &d->rows[idx[j]]);
        if (count > best_count) {
            best = &d->rows[idx[i]];
            best_count = count;
        }
    }
    return best;
}

/* A `mmprof profile` run: the app's kernels, declared or not (an undeclared one has no shape). */
static int app_run(const struct plot_data *d)
{
    int app = strcmp(d->made_by, "profile") == 0;
    for (size_t i = 0; i < d->nrows; i++)
        app |= row_is_user_kernel(&d->rows[i]);
    return app;
}

static void title(const struct plot_data *d, const struct plot_row *common, int mixed, struct strbuf *b)
{
    char shape[64], text[900];
    row_shape_text(common, shape, sizeof shape);
    int n = app_run(d)
                ? snprintf(text, sizeof text, "Hierarchical roofline: the app's kernels (mmprof profile)%s%s",
                           d->device[0] ? " on " : "", d->device)
                : snprintf(text, sizeof text, "Hierarchical roofline: matmul variants at %s (mmprof %s)%s%s%s", shape,
                           d->made_by[0] ? d->made_by : "collect", d->device[0] ? " on " : "", d->device,
                           mixed ? "\nrows of another size: see the size column of the table" : "");
    if (d->roofs.note[0] && n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, "\n%s", d->roofs.note);
    gp_str(b, text);
}

enum chart_result chart_roofline(const struct plot_data *d, struct chart_job *job)
{
    if (!roofline_drawable(&d->roofs)) {
        snprintf(job->skip, sizeof job->skip, "%s", d->roofs.note);
        return CHART_SKIP;
    }
    size_t *idx = malloc((d->nrows ? d->nrows : 1) * sizeof *idx);
    size_t n = idx ? rows_largest_each(d, roofline_row, idx) : 0;
    if (n == 0) {
        snprintf(job->skip, sizeof job->skip,
                 "no matmul row has status ok, a time and counter-based intensities (collect without --no-profile)");
        free(idx);
        return CHART_SKIP;
    }
    struct axes a;
    ranges(d, idx, n, &a);
    const struct plot_row *common = common_shape(d, idx, n);
    int mixed = 0;
    for (size_t i = 0; i < n; i++)
        mixed |= !row_same_shape(&d->rows[idx[i]], common);
    write_dat(d, idx, n, job);
    roof_vars(&d->roofs, job_var(job, "ROOFS"));
    struct strbuf *plot = job_var(job, "PLOT");
    if (d->roofs.has_measured)
        measured_clauses(&d->roofs, plot);
    if (d->roofs.has_datasheet)
        datasheet_clauses(&d->roofs, plot);
    point_clauses(plot);
    key_title(d, job_var(job, "KEY_TITLE"));
    int app = app_run(d);
    const struct table_arg targ = {common, mixed || app, app};
    const struct key_place place = {key_table_left(d, idx, n, table_line, &targ, TABLE_AT_MOST), TM, 0.02,
                                    "roofline.dat"};
    double rm = place.left - KEYS_ROOM;
    point_keys(d, idx, n, &a, rm, job_var(job, "LABELS"));
    key_table(job_var(job, "LABELS"), &place, d, idx, n, table_line, &targ);
    title(d, common, mixed, job_var(job, "TITLE"));
    sb_printf(job_var(job, "XMIN"), "%.6g", a.x0);
    sb_printf(job_var(job, "XMAX"), "%.6g", a.x1);
    sb_printf(job_var(job, "YMIN"), "%.6g", a.y0);
    sb_printf(job_var(job, "YMAX"), "%.6g", a.y1);
    sb_printf(job_var(job, "LM"), "%.3f", LM);
    sb_printf(job_var(job, "RM"), "%.3f", rm);
    sb_printf(job_var(job, "TM"), "%.3f", TM);
    sb_printf(job_var(job, "BM"), "%.3f", BM);
    free(idx);
    return CHART_DRAW;
}
