/* (e) Theoretical vs measured CGMA, log-log, with y = x: each matmul
 * variant (at its largest size) three times, once per measured
 * definition. Above the plot, a column of keys (chart_key.h) stands over
 * each theoretical CGMA, one key a line, the variants sharing that x
 * together; columns are spread so they do not overlap, each joined by a
 * short leader to its x. The table beside the plot says what each key is,
 * with its measured CGMA to tell the keys of one column apart. The axes
 * span the thread-level and sector points; DRAM points beyond sit at the
 * top edge, open. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/chart_key.h"
#include "plots/gpfmt.h"
#include "plots/spread.h"

#define LM 0.08
#define TM 0.72
#define BM 0.17
#define TABLE_AT_MOST 0.75 /* left edge of the key table, or left of it when it is wide */
#define TABLE_GAP 0.07     /* between the plot and the table */
#define DIGIT_PX (0.64 * KEY_FONT_PT * KEY_PX_PER_PT) /* DejaVu Sans digits are 0.64 em wide */
#define COLUMN_PAD_PX 4.0
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
    sb_puts(&job->dat, "# variant  theory  thread_level  sector_level  dram  (FLOP per 4-byte word)  shape  "
                       "key (the chart's number)\n");
    for (size_t i = 0; i < n; i++) {
        const struct plot_row *r = &d->rows[idx[i]];
        char shape[64];
        row_shape_text(r, shape, sizeof shape);
        gp_str(&job->dat, r->variant);
        const double v[] = {r->cgma_theory, r->cgma_thread, r->cgma_sector, dram_words(r)};
        for (size_t k = 0; k < 4; k++) {
            gp_num(&job->dat, v[k]);
            if (k < 3) /* DRAM words: where they fit (DRAM_SHOWN) */
                span_add(k == 0 ? x : y, v[k]);
        }
        sb_puts(&job->dat, " ");
        gp_str(&job->dat, shape);
        sb_printf(&job->dat, " %d\n", r->key);
        job_variant(job, r->variant);
    }
}

/* A column per distinct theoretical CGMA: its x and its variants' keys. */
struct column {
    double x;
    size_t first, count; /* into the keys, ascending within a column */
};

static size_t columns(const struct plot_data *d, const size_t *idx, size_t n, struct column *col, int *keys)
{
    size_t nc = 0, nk = 0;
    for (size_t i = 0; i < n; i++) {
        double x = d->rows[idx[i]].cgma_theory;
        size_t c = 0;
        while (c < nc && fabs(col[c].x - x) > 1e-9 * x)
            c++;
        if (c < nc)
            continue;
        col[nc] = (struct column){x, nk, 0};
        for (size_t j = i; j < n; j++)
            if (fabs(d->rows[idx[j]].cgma_theory - x) <= 1e-9 * x)
                keys[nk + col[nc].count++] = d->rows[idx[j]].key;
        keys_sort(keys + nk, col[nc].count);
        nk += col[nc].count;
        nc++;
    }
    return nc;
}

/* The columns of keys above the plot, the smallest key on top. */
static void labels(const struct plot_data *d, const size_t *idx, size_t n, const double xr[2], double table_at,
                   struct strbuf *b)
{
    struct column *col = malloc(n * sizeof *col);
    int *keys = malloc(n * sizeof *keys);
    double *want = malloc(n * sizeof *want), *size = malloc(n * sizeof *size), *at = malloc(n * sizeof *at);
    if (!col || !keys || !want || !size || !at || n > SPREAD_MAX) {
        b->oom = 1;
        n = 0;
    }
    size_t nc = n ? columns(d, idx, n, col, keys) : 0;
    for (size_t c = 0; c < nc; c++) {
        int widest = 0;
        for (size_t k = col[c].first; k < col[c].first + col[c].count; k++) {
            int digits = snprintf(NULL, 0, "%d", keys[k]);
            widest = digits > widest ? digits : widest;
        }
        want[c] = LM + (table_at - TABLE_GAP - LM) * log(col[c].x / xr[0]) / log(xr[1] / xr[0]);
        size[c] = (widest * DIGIT_PX + COLUMN_PAD_PX) / PLOT_WIDTH;
    }
    spread(want, size, nc, 0.02, table_at - 0.01, at); /* clear of the table */
    double line = KEY_LINE_PX / PLOT_HEIGHT, base = TM + 0.025;
    int tag = 1;
    for (size_t c = 0; c < nc; c++) {
        size_t k0 = col[c].first, count = col[c].count;
        for (size_t k = 0; k < count; k++) {
            sb_printf(b, "set label %d \"%d\" at screen %.4f, screen %.4f center font \",%d\" tc rgb \"#222222\"\n",
                      tag++, keys[k0 + k], at[c], base + line * ((double)(count - 1 - k) + 0.5), KEY_FONT_PT);
        }
        sb_printf(b, "set arrow from first %.6g, graph 1 to screen %.4f, screen %.4f nohead lc rgb \"#999999\"\n",
                  col[c].x, at[c], base);
    }
    free(col);
    free(keys);
    free(want);
    free(size);
    free(at);
}

/* "12  rt_b16_5x6   83.59     83.59": key, variant, theoretical and measured
 * thread-level CGMA (the column over a key tells only its theory: the
 * measured value tells apart the keys of one column); a keyed row without
 * a place here (no model, or timed on the host) says it is not on this chart. */
static void table_line(const struct plot_data *d, const struct plot_row *r, int width, const void *arg,
                       struct strbuf *line)
{
    (void)arg;
    (void)d;
    char name[KEY_NAME_MAX_COLS + 8];
    if (!r)
        sb_printf(line, "%3s  %-*s  %7s  %8s", "#", width, "variant", "theory", "measured");
    else if (!cgma_row(r))
        sb_printf(line, "%3d  %s  not on this chart", r->key, key_name(r->variant, width, name, sizeof name));
    else
        sb_printf(line, "%3d  %s  %7.4g  %8.4g", r->key, key_name(r->variant, width, name, sizeof name), r->cgma_theory,
                  r->cgma_thread);
}

/* A keyed row (one a variant, its largest size) that has no place on this
 * chart: listed in the table so that its numbers run from 1. */
static int keyed(const struct plot_row *r)
{
    return r->key > 0;
}

/* DRAM words beyond the range the thread-level and sector points set are
 * drawn at the top edge, open: they would squash the rest (a run that fits
 * in L2 reads each input once, so its DRAM CGMA is the compulsory one). */
static int dram_above(const struct plot_data *d, const size_t *idx, size_t n, double top)
{
    int above = 0;
    for (size_t i = 0; i < n; i++)
        above |= dram_words(&d->rows[idx[i]]) > top;
    return above;
}

/* Sector points as open squares drawn first, so a thread-level point on
 * the same spot (a perfectly coalesced kernel) still shows inside. */
static void plots(struct strbuf *plot, int above, double top)
{
    static const int order[] = {1, 0, 2};
    static const char *const titles[] = {"thread-level words", "L1<->L2 sector words", "DRAM words"};
    static const char *const styles[] = {"pt 7 ps 1.2", "pt 4 ps 1.8 lw 2", "pt 9 ps 1.4"};
    static const char *const colors[] = {"#1f77b4", "#2ca02c", "#d62728"};
    char line[256];
    plot_clause(plot, "x with lines dt 2 lw 1.5 lc rgb \"#666666\" title \"y = x (measured = theory)\"");
    for (int i = 0; i < 3; i++) {
        int k = order[i];
        if (k == 2)
            snprintf(line, sizeof line, "'cgma.dat' using 2:($5 <= %.6g ? $5 : 1/0) with points %s lc rgb \"%s\" "
                     "title \"%s\"", top, styles[k], colors[k], titles[k]);
        else
            snprintf(line, sizeof line, "'cgma.dat' using 2:%d with points %s lc rgb \"%s\" title \"%s\"", 3 + k,
                     styles[k], colors[k], titles[k]);
        plot_clause(plot, line);
    }
    if (above) {
        snprintf(line, sizeof line, "'cgma.dat' using 2:($5 > %.6g ? %.6g : 1/0) with points pt 8 ps 1.4 lc rgb "
                 "\"%s\" title \"DRAM words above the range (values in cgma.dat)\"", top, top, colors[2]);
        plot_clause(plot, line);
    }
}

static void margins(struct chart_job *job, double rm)
{
    sb_printf(job_var(job, "LM"), "%.3f", LM);
    sb_printf(job_var(job, "RM"), "%.3f", rm);
    sb_printf(job_var(job, "TM"), "%.3f", TM);
    sb_printf(job_var(job, "BM"), "%.3f", BM);
    sb_printf(job_var(job, "KEY_AT"), "%.3f", (LM + rm) / 2);
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
    /* the table lists every keyed variant: those without a model say so */
    size_t *all = malloc((d->nrows ? d->nrows : 1) * sizeof *all);
    size_t nall = all ? rows_largest_each(d, keyed, all) : 0;
    const struct key_place place = {key_table_left(d, all, nall, table_line, NULL, TABLE_AT_MOST), TM + 0.2, 0.02,
                                    "cgma.dat"};
    labels(d, idx, n, xr, place.left, job_var(job, "LABELS"));
    key_table(job_var(job, "LABELS"), &place, d, all, nall, table_line, NULL);
    free(all);
    plots(job_var(job, "PLOT"), dram_above(d, idx, n, yr[1]), yr[1]);
    margins(job, place.left - TABLE_GAP);
    sb_printf(job_var(job, "XMIN"), "%.6g", xr[0]);
    sb_printf(job_var(job, "XMAX"), "%.6g", xr[1]);
    sb_printf(job_var(job, "YMIN"), "%.6g", yr[0]);
    sb_printf(job_var(job, "YMAX"), "%.6g", yr[1]);
    log_tics(job_var(job, "XTICS"), "x", xr[0], xr[1]);
    log_tics(job_var(job, "YTICS"), "y", yr[0], yr[1]);
    gp_str(job_var(job, "TITLE"), "Theoretical vs measured CGMA (FLOPs per 4-byte global word)");
    free(idx);
    return CHART_DRAW;
}
