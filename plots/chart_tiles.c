/* (b) Seed 000: time and GFLOP/s against TILE_WIDTH for tiled_t2 ...
 * tiled_t32, one line per problem size, naive as a dashed reference. The
 * tile width is the registry's bs for KIND_MM_TILED, never parsed from
 * the name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"

/* A line per size and the naive key entry: at most eight series a panel. */
#define SIZES_MAX 7

static int tiled_row(const struct plot_row *r)
{
    return r->v && r->v->kind == KIND_MM_TILED && row_ok(r) && isfinite(r->runtime_ms) && r->runtime_ms > 0;
}

static int naive_row(const struct plot_row *r)
{
    return r->v && r->v->kind == KIND_MM_NAIVE && row_ok(r) && isfinite(r->runtime_ms) && r->runtime_ms > 0;
}

/* The row of `want` with the same shape as ref, or NULL. */
static const struct plot_row *at_shape(const struct plot_data *d, row_filter want, const struct plot_row *ref,
                                       int bs)
{
    for (size_t i = 0; i < d->nrows; i++)
        if (want(&d->rows[i]) && row_same_shape(&d->rows[i], ref) && (bs == 0 || d->rows[i].v->bs == bs))
            return &d->rows[i];
    return NULL;
}

/* Tile widths present, ascending; returns how many (at most cap). */
static size_t tile_widths(const struct plot_data *d, int *w, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        if (!tiled_row(&d->rows[i]))
            continue;
        int t = d->rows[i].v->bs;
        size_t j = 0;
        while (j < n && w[j] < t)
            j++;
        if ((j < n && w[j] == t) || n == cap)
            continue;
        for (size_t k = n; k > j; k--)
            w[k] = w[k - 1];
        w[j] = t;
        n++;
    }
    return n;
}

struct tiles {
    size_t nshapes, nwidths;
    size_t *shape_rows; /* one row per size, smallest first */
    int widths[32];
    double xr[2];
    int has_naive;
    struct span time, gflops;
};

/* Block 2i: the tiled rows of size i; block 2i+1: naive at that size, as
 * a flat line across the x range (one "NaN" line when it was not run). */
static void write_size(const struct plot_data *d, struct tiles *t, size_t i, struct chart_job *job)
{
    const struct plot_row *ref = &d->rows[t->shape_rows[i]];
    char shape[64];
    row_shape_text(ref, shape, sizeof shape);
    sb_printf(&job->dat, "# %s: tiled  (TILE_WIDTH  time_ms  gflop_per_s  variant)\n", shape);
    for (size_t w = 0; w < t->nwidths; w++) {
        const struct plot_row *r = at_shape(d, tiled_row, ref, t->widths[w]);
        if (!r)
            continue;
        sb_printf(&job->dat, "%d", t->widths[w]);
        gp_num(&job->dat, r->runtime_ms);
        gp_num(&job->dat, r->gflop_s);
        sb_puts(&job->dat, " ");
        gp_str(&job->dat, r->variant);
        sb_puts(&job->dat, "\n");
        span_add(&t->time, r->runtime_ms);
        span_add(&t->gflops, r->gflop_s);
    }
    const struct plot_row *nv = at_shape(d, naive_row, ref, 0);
    sb_printf(&job->dat, "\n\n# %s: naive (reference line)\n", shape);
    for (int e = 0; e < 2; e++) {
        sb_printf(&job->dat, "%.6g", t->xr[e]);
        gp_num(&job->dat, nv ? nv->runtime_ms : NAN);
        gp_num(&job->dat, nv ? nv->gflop_s : NAN);
        sb_puts(&job->dat, nv ? " \"naive\"\n" : " \"(naive not run)\"\n");
        if (nv) {
            span_add(&t->time, nv->runtime_ms);
            span_add(&t->gflops, nv->gflop_s);
            t->has_naive = 1;
        }
    }
    sb_puts(&job->dat, "\n\n");
}

static void plots(const struct plot_data *d, const struct tiles *t, int col, struct strbuf *plot)
{
    char line[320], shape[64];
    for (size_t i = 0; i < t->nshapes; i++) {
        row_shape_text(&d->rows[t->shape_rows[i]], shape, sizeof shape);
        snprintf(line, sizeof line,
                 "'tiles.dat' index %zu using 1:%d with linespoints lw 2 pt %d ps 1.3 lc rgb \"%s\" title \"%s\"",
                 2 * i, col, chart_point(i), chart_color(i), shape);
        plot_clause(plot, line);
        snprintf(line, sizeof line, "'' index %zu using 1:%d with lines dt 2 lw 1.5 lc rgb \"%s\" notitle", 2 * i + 1,
                 col, chart_color(i));
        plot_clause(plot, line);
    }
    plot_clause(plot, "NaN with lines dt 2 lw 1.5 lc rgb \"black\" title \"naive at the same size (dashed)\"");
}

static void xtics(const struct plot_data *d, const struct tiles *t, struct chart_job *job)
{
    struct strbuf *b = job_var(job, "XTICS");
    for (size_t w = 0; w < t->nwidths; w++) {
        char name[64] = "";
        for (size_t i = 0; i < d->nrows; i++)
            if (tiled_row(&d->rows[i]) && d->rows[i].v->bs == t->widths[w])
                snprintf(name, sizeof name, "%s", d->rows[i].variant);
        sb_printf(b, "%s\"%d\\n%s\" %d", w ? ", " : "", t->widths[w], name, t->widths[w]);
        job_variant(job, name);
    }
}

static void ranges(struct tiles *t, struct chart_job *job)
{
    double lo, hi;
    span_log_range(&t->time, 1.5, &lo, &hi);
    sb_printf(job_var(job, "TMIN"), "%.6g", lo);
    sb_printf(job_var(job, "TMAX"), "%.6g", hi);
    log_tics(job_var(job, "TTICS"), "y", lo, hi);
    span_log_range(&t->gflops, 1.5, &lo, &hi);
    sb_printf(job_var(job, "GMIN"), "%.6g", lo);
    sb_printf(job_var(job, "GMAX"), "%.6g", hi);
    log_tics(job_var(job, "GTICS"), "y", lo, hi);
    sb_printf(job_var(job, "XMIN"), "%.6g", t->xr[0]);
    sb_printf(job_var(job, "XMAX"), "%.6g", t->xr[1]);
}

enum chart_result chart_tiles(const struct plot_data *d, struct chart_job *job)
{
    struct tiles t = {0};
    t.shape_rows = malloc((d->nrows ? d->nrows : 1) * sizeof *t.shape_rows);
    t.nshapes = t.shape_rows ? rows_shapes(d, tiled_row, t.shape_rows) : 0;
    if (t.nshapes == 0) {
        snprintf(job->skip, sizeof job->skip, "no tiled_t* row has status ok and a time");
        free(t.shape_rows);
        return CHART_SKIP;
    }
    size_t all_sizes = t.nshapes;
    if (t.nshapes > SIZES_MAX) { /* the largest: the smallest are launch overhead */
        memmove(t.shape_rows, t.shape_rows + (t.nshapes - SIZES_MAX), SIZES_MAX * sizeof *t.shape_rows);
        t.nshapes = SIZES_MAX;
    }
    t.nwidths = tile_widths(d, t.widths, sizeof t.widths / sizeof t.widths[0]);
    if (t.nwidths < 2) { /* one x: a column of points says nothing the tables do not */
        snprintf(job->skip, sizeof job->skip, "one TILE_WIDTH only (%d): the chart compares two or more "
                 "(`mmprof collect --variants tiled_t8,tiled_t16,tiled_t32` measures three)", t.widths[0]);
        free(t.shape_rows);
        return CHART_SKIP;
    }
    t.xr[0] = t.widths[0] / 1.4;
    t.xr[1] = t.widths[t.nwidths - 1] * 1.4;
    span_init(&t.time);
    span_init(&t.gflops);
    for (size_t i = 0; i < t.nshapes; i++)
        write_size(d, &t, i, job);
    xtics(d, &t, job);
    if (t.has_naive)
        job_variant(job, "naive");
    ranges(&t, job);
    plots(d, &t, 2, job_var(job, "PLOT_TIME"));
    plots(d, &t, 3, job_var(job, "PLOT_GFLOPS"));
    char title[160];
    int n = snprintf(title, sizeof title, "Tiled matmul: kernel time and GFLOP/s vs TILE_WIDTH (lab 000)");
    if (all_sizes > t.nshapes && n > 0)
        snprintf(title + n, sizeof title - (size_t)n, "\nthe %d largest of its %zu sizes", SIZES_MAX,
                 all_sizes);
    gp_str(job_var(job, "TITLE"), title);
    free(t.shape_rows);
    return CHART_DRAW;
}
