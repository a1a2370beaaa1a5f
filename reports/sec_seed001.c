/* Seed 001: thread granularity. Each thread of a tiled kernel computes 1,
 * 2 or 4 horizontally adjacent outputs (1×1, 1×2, 1×4) with the same
 * block; the naive kernel is the floor. One row per matrix size, as the
 * seed's figures compare the three across sizes. */
#include <math.h>
#include <stdio.h>

#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { RATE_SIG = 4, MAX_COLS = 12 };

static int is_coarse(const struct variant *v, const void *arg)
{
    return v->kind == KIND_MM_COARSE;
}

static int coarse_row(const struct analysis_row *r, const void *arg)
{
    return r->v && r->v->kind == KIND_MM_COARSE;
}

/* The 1×1 baseline of a coarsened kernel: the tiled kernel of the same block. */
static int one_by_one(const struct variant *v, const void *arg)
{
    const struct variant *coarse = arg;
    return v->kind == KIND_MM_TILED && v->bs == coarse->bs;
}

static int is_naive(const struct variant *v, const void *arg)
{
    return v->kind == KIND_MM_NAIVE;
}

static double gflop_s(const struct analysis_row *r)
{
    return r->ms.gflop_s;
}

static int present(const struct report_ctx *c)
{
    return ctx_any(c, coarse_row, NULL);
}

/* naive, 1×1, then every coarsening of the first coarse kernel's block. */
static size_t columns(const struct report_ctx *c, const struct variant **cols, size_t *first_tiled)
{
    const struct variant *coarse[MAX_COLS];
    size_t ncoarse = ctx_variants(c, is_coarse, NULL, coarse, MAX_COLS - 2);
    size_t n = ctx_variants(c, is_naive, NULL, cols, 1);
    *first_tiled = n;
    n += ctx_variants(c, one_by_one, coarse[0], cols + n, 1);
    for (size_t i = 0; i < ncoarse; i++)
        if (coarse[i]->bs == coarse[0]->bs)
            cols[n++] = coarse[i];
    return n;
}

static void head(struct grid *g, size_t col, const struct variant *v)
{
    if (v->kind == KIND_MM_NAIVE)
        grid_head(g, col, "`%s`", v->name);
    else
        grid_head(g, col, "1×%d (`%s`)", v->rx, v->name);
}

/* Speed-up of the most coarsened kernel over 1×1 (or over the first tiled column). */
static double speedup_cell(struct grid *g, size_t r, size_t col, const double *gf, size_t first, size_t n)
{
    char buf[FMT_LEN];
    double x = n > first + 1 ? gf[n - 1] / gf[first] : NAN;
    grid_set(g, r, col, "%s", fmt_ratio(buf, x));
    return x;
}

/* How the payoff of coarsening moves from the smallest to the largest size. */
static void trend(struct report_ctx *c, const struct shape *shapes, const double *x, size_t n, int rx, int base_rx)
{
    size_t lo = 0, hi = n;
    while (lo < n && isnan(x[lo]))
        lo++;
    while (hi > lo && isnan(x[hi - 1]))
        hi--;
    if (lo >= hi)
        return;
    char a[FMT_LEN], b[FMT_LEN], sa[48], sb[48];
    shape_label(sa, sizeof sa, &shapes[lo]);
    shape_label(sb, sizeof sb, &shapes[hi - 1]);
    if (hi - 1 == lo)
        doc_para(&c->doc, "1×%d runs at %s the GFLOP/s of 1×%d at %s.", rx, fmt_ratio(a, x[lo]), base_rx, sa);
    else
        doc_para(&c->doc, "1×%d runs at %s the GFLOP/s of 1×%d at %s and %s at %s.", rx, fmt_ratio(a, x[lo]),
                 base_rx, sa, fmt_ratio(b, x[hi - 1]), sb);
}

static void write_001(struct report_ctx *c)
{
    const struct variant *cols[MAX_COLS];
    struct shape shapes[MAX_SHAPES];
    size_t first, ncols = columns(c, cols, &first);
    size_t nshapes = ctx_shapes(c, coarse_row, NULL, shapes, MAX_SHAPES);
    doc_para(&c->doc, "Each thread of the coarsened kernels computes 1×R outputs of C that share a row of A, so "
                      "one load of A serves R products (the block is %d × %d threads).",
             cols[ncols - 1]->bs, cols[ncols - 1]->bs);
    struct grid *g = ctx_grid(c, NULL, ncols + 2, "GFLOP/s (2MNK / median kernel time) by outputs per thread");
    if (!g)
        return;
    grid_head(g, 0, "size");
    for (size_t i = 0; i < ncols; i++)
        head(g, i + 1, cols[i]);
    grid_head(g, ncols + 1, "1×%d / 1×%d", cols[ncols - 1]->rx, cols[first]->rx);
    double x[MAX_SHAPES];
    for (size_t s = 0; s < nshapes; s++) {
        size_t r = grid_row(g);
        const struct analysis_row *rows[MAX_COLS];
        double gf[MAX_COLS];
        char buf[FMT_LEN];
        grid_set(g, r, 0, "%s", shape_label(buf, sizeof buf, &shapes[s]));
        for (size_t i = 0; i < ncols; i++)
            rows[i] = ctx_row(c, cols[i]->name, &shapes[s]);
        cell_values(g, r, 1, rows, ncols, gflop_s, RATE_SIG, 0, gf);
        x[s] = speedup_cell(g, r, ncols + 1, gf, first, ncols);
    }
    doc_table(&c->doc, g);
    grid_free(g);
    trend(c, shapes, x, nshapes, cols[ncols - 1]->rx, cols[first]->rx);
}

const struct section sec_seed001 = {"lab001", "Thread granularity: naive vs 1×2 vs 1×4 (lab 001)", present,
                                    write_001, NULL};
