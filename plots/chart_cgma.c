/* (e) Theoretical vs measured CGMA, log-log, with y = x: each matmul
 * variant (at its largest size) three times, once per measured
 * definition. Names are written above the plot, spread so they do not
 * overlap, each joined by a leader to its theoretical x. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"
#include "plots/spread.h"

#define LM 0.08
#define RM 0.96
#define TM 0.76
#define BM 0.14
#define NAME_PX 15.0 /* horizontal room one rotated name needs */
#define WORD_BYTES 4 /* FLOP/byte -> FLOP/word: the unit conversion, not a formula */

static int cgma_row(const struct plot_row *r)
{
    return row_is_matmul(r) && row_ok(r) && isfinite(r->cgma_theory) && r->cgma_theory > 0 &&
           (isfinite(r->cgma_thread) || isfinite(r->cgma_sector) || isfinite(r->intensity[ROOF_DRAM]));
}

static double dram_words(const struct plot_row *r)
{
    return WORD_BYTES * r->intensity[ROOF_DRAM];
}

static void write_dat(const struct plot_data *d, const size_t *idx, size_t n, struct chart_job *job,
                      struct span *x, struct span *y)
{
    sb_puts(&job->dat, "# variant  theory  thread_level  sector_level  dram  (FLOP per 4-byte word)  shape\n");
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *r = &d->rows[idx[i]];
        char shape[64];
        row_shape_text(r, shape, sizeof shape);
        gp_str(&job->dat, r->variant);
        const double v[] = {r->cgma_theory, r->cgma_thread, r->cgma_sector, dram_words(r)};
        for (size_t k = 0; k < 4; k++) {
            gp_num(&job->dat, v[k]);
            span_add(k == 0 ? x : y, v[k]);
        }
        sb_puts(&job->dat, " ");
        gp_str(&job->dat, shape);
        sb_puts(&job->dat, "\n");
        job_variant(job, r->variant);
    }
}

/* One rotated name per variant above the plot: spread along x, each with a
 * leader down to its theoretical CGMA on the plot's top edge. */
static void labels(const struct plot_data *d, const size_t *idx, size_t n, const double xr[2], struct strbuf *b)
{
    double want[SPREAD_MAX] = {0}, size[SPREAD_MAX] = {0}, at[SPREAD_MAX] = {0};
    double plot_px = (RM - LM) * PLOT_WIDTH;
    n = n < SPREAD_MAX ? n : SPREAD_MAX;
    double gap = fmin(NAME_PX, plot_px / (double)n) / plot_px;
    for (size_t i = 0; i < n; i++) {
        want[i] = log(d->rows[idx[i]].cgma_theory / xr[0]) / log(xr[1] / xr[0]);
        size[i] = gap;
    }
    spread(want, size, n, 0, 1, at);
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *r = &d->rows[idx[i]];
        sb_printf(b, "set label %zu ", i + 1);
        gp_str(b, r->variant);
        sb_printf(b, " at graph %.4f, graph 1.035 rotate by 90 left font \",9\" tc rgb \"#222222\"\n", at[i]);
        sb_printf(b, "set arrow from first %.6g, graph 1 to graph %.4f, graph 1.03 nohead lc rgb \"#999999\"\n",
                  r->cgma_theory, at[i]);
    }
}

/* Sector points as open squares drawn first, so a thread-level point on
 * the same spot (a perfectly coalesced kernel) still shows inside. */
static void plots(struct strbuf *plot)
{
    static const int order[] = {1, 0, 2};
    static const char *const titles[] = {"thread-level words", "L1<->L2 sector words", "DRAM words"};
    static const char *const styles[] = {"pt 7 ps 1.2", "pt 4 ps 1.8 lw 2", "pt 9 ps 1.4"};
    static const char *const colors[] = {"#1f77b4", "#2ca02c", "#d62728"};
    char line[256];
    plot_clause(plot, "x with lines dt 2 lw 1.5 lc rgb \"#666666\" title \"y = x (measured = theory)\"");
    for (int i = 0; i < 3; i++) {
        int k = order[i];
        snprintf(line, sizeof line, "'cgma.dat' using 2:%d with points %s lc rgb \"%s\" title \"%s\"", 3 + k,
                 styles[k], colors[k], titles[k]);
        plot_clause(plot, line);
    }
}

static void margins(struct chart_job *job)
{
    sb_printf(job_var(job, "LM"), "%.3f", LM);
    sb_printf(job_var(job, "RM"), "%.3f", RM);
    sb_printf(job_var(job, "TM"), "%.3f", TM);
    sb_printf(job_var(job, "BM"), "%.3f", BM);
}

enum chart_result chart_cgma(const struct plot_data *d, struct chart_job *job)
{
    size_t *idx = malloc((d->nrows ? d->nrows : 1) * sizeof *idx);
    size_t n = idx ? rows_largest_each(d, cgma_row, idx) : 0;
    if (n == 0) {
        snprintf(job->skip, sizeof job->skip,
                 "no matmul row has status ok, a theoretical CGMA and counters (collect without --no-profile)");
        free(idx);
        return CHART_SKIP;
    }
    struct span x, y;
    span_init(&x);
    span_init(&y);
    write_dat(d, idx, n, job, &x, &y);
    double xr[2], yr[2];
    span_log_range(&x, 1.5, &xr[0], &xr[1]);
    span_add(&y, x.lo);
    span_add(&y, x.hi);
    span_log_range(&y, 1.5, &yr[0], &yr[1]);
    labels(d, idx, n, xr, job_var(job, "LABELS"));
    plots(job_var(job, "PLOT"));
    margins(job);
    sb_printf(job_var(job, "XMIN"), "%.6g", xr[0]);
    sb_printf(job_var(job, "XMAX"), "%.6g", xr[1]);
    sb_printf(job_var(job, "YMIN"), "%.6g", yr[0]);
    sb_printf(job_var(job, "YMAX"), "%.6g", yr[1]);
    gp_str(job_var(job, "TITLE"), "Theoretical vs measured CGMA (FLOPs per 4-byte global word)");
    free(idx);
    return CHART_DRAW;
}
