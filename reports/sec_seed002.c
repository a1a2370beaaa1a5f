/* Seed 002: matrix transpose throughput next to a plain copy, one table per
 * TILE_DIM × BLOCK_ROWS, one row per matrix size: the seed's "Matrix Size |
 * Copy | Naive | Coalesced | Padded" throughput tables. */
#include <math.h>
#include <stdio.h>

#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { RATE_SIG = 4, MAX_COLS = 16, MAX_TILES = 8 };

/* A measured n-way bank conflict above this is worth a sentence. */
#define CONFLICT_WAYS_NOTE 1.5

struct tile {
    int dim, rows;
};

static int is_transpose(const struct variant *v, const void *arg)
{
    return v->family == FAMILY_TRANSPOSE;
}

static int in_tile(const struct variant *v, const void *arg)
{
    const struct tile *t = arg;
    return v->family == FAMILY_TRANSPOSE && v->tile_dim == t->dim && v->block_rows == t->rows;
}

static int transpose_row(const struct analysis_row *r, const void *arg)
{
    return r->v && r->v->family == FAMILY_TRANSPOSE;
}

static int tile_row(const struct analysis_row *r, const void *arg)
{
    return r->v && in_tile(r->v, arg);
}

static int is_copy(const struct variant *v)
{
    return v->kind == KIND_TR_COPY || v->kind == KIND_TR_COPY_SHARED;
}

static int present(const struct report_ctx *c)
{
    return ctx_any(c, transpose_row, NULL);
}

/* The tile shapes the run's transposes use, in registry order. */
static size_t tiles(const struct report_ctx *c, struct tile *out)
{
    const struct variant *v[MAX_COLS * MAX_TILES];
    size_t nv = ctx_variants(c, is_transpose, NULL, v, MAX_COLS * MAX_TILES), n = 0;
    for (size_t i = 0; i < nv; i++) {
        size_t j = 0;
        while (j < n && !(out[j].dim == v[i]->tile_dim && out[j].rows == v[i]->block_rows))
            j++;
        if (j == n && n < MAX_TILES)
            out[n++] = (struct tile){v[i]->tile_dim, v[i]->block_rows};
    }
    return n;
}

static void cell(struct grid *g, size_t r, size_t col, const struct analysis_row *row, double *best_gbs)
{
    char gbs[FMT_LEN], pct[FMT_LEN];
    *best_gbs = NAN;
    if (!cell_status(g, r, col, row))
        return;
    fmt_sig(gbs, row->ms.gb_s, RATE_SIG);
    if (is_copy(row->v) || isnan(row->bw_vs_copy_pct))
        grid_set(g, r, col, "%s", gbs);
    else
        grid_set(g, r, col, "%s (%s)", gbs, fmt_pct(pct, row->bw_vs_copy_pct));
    /* the copies are the yardstick, not contenders */
    *best_gbs = is_copy(row->v) ? NAN : row->ms.gb_s;
}

/* What the largest size says: the best transpose against copy, and bank conflicts. */
static void observations(struct report_ctx *c, const struct variant **cols, size_t ncols, const struct shape *s)
{
    const struct analysis_row *best = NULL;
    char size[48], pct[FMT_LEN], ways[FMT_LEN];
    shape_label(size, sizeof size, s);
    doc_list_begin(&c->doc);
    for (size_t i = 0; i < ncols; i++) {
        const struct analysis_row *r = ctx_ok_row(c, cols[i]->name, s);
        if (!r || is_copy(cols[i]))
            continue;
        if (!best || r->ms.gb_s > best->ms.gb_s)
            best = r;
        if (r->ms.bank_ways_ld > CONFLICT_WAYS_NOTE)
            doc_item(&c->doc, "`%s` at %s: shared-memory loads conflict %s-way (%s of their wavefronts are "
                              "replays).",
                     r->variant, size, fmt_sig(ways, r->ms.bank_ways_ld, 3),
                     fmt_pct(pct, 100 * r->ms.bank_conflict_rate_ld));
        if (r->ms.bank_ways_st > CONFLICT_WAYS_NOTE)
            doc_item(&c->doc, "`%s` at %s: shared-memory stores conflict %s-way (%s of their wavefronts are "
                              "replays).",
                     r->variant, size, fmt_sig(ways, r->ms.bank_ways_st, 3),
                     fmt_pct(pct, 100 * r->ms.bank_conflict_rate_st));
    }
    if (best)
        doc_item(&c->doc, "Fastest transpose at %s: `%s`, %s of the copy kernel's bandwidth.", size, best->variant,
                 fmt_pct(pct, best->bw_vs_copy_pct));
    doc_list_end(&c->doc);
}

static void tile_table(struct report_ctx *c, const struct tile *t)
{
    const struct variant *cols[MAX_COLS];
    struct shape shapes[MAX_SHAPES];
    size_t ncols = ctx_variants(c, in_tile, t, cols, MAX_COLS);
    size_t nshapes = ctx_shapes(c, tile_row, t, shapes, MAX_SHAPES);
    doc_heading(&c->doc, 3, NULL, "TILE_DIM × BLOCK_ROWS = %d × %d", t->dim, t->rows);
    struct grid *g = ctx_grid(c, NULL, ncols + 1,
                              "Effective bandwidth, GB/s (read + write bytes / median time; %% of copy)");
    if (!g)
        return;
    grid_head(g, 0, "matrix size");
    for (size_t i = 0; i < ncols; i++)
        grid_head(g, i + 1, "`%s`", cols[i]->name);
    for (size_t s = 0; s < nshapes; s++) {
        size_t r = grid_row(g);
        double gbs[MAX_COLS];
        char buf[48];
        grid_set(g, r, 0, "%s", shape_label(buf, sizeof buf, &shapes[s]));
        for (size_t i = 0; i < ncols; i++)
            cell(g, r, i + 1, ctx_row(c, cols[i]->name, &shapes[s]), &gbs[i]);
        cell_mark_best(g, r, 1, gbs, ncols, 0);
    }
    doc_table(&c->doc, g);
    grid_free(g);
    if (nshapes)
        observations(c, cols, ncols, &shapes[nshapes - 1]);
}

static void write_002(struct report_ctx *c)
{
    struct tile t[MAX_TILES];
    size_t n = tiles(c, t);
    doc_para(&c->doc, "A transpose moves the same bytes as a copy of the matrix, so the copy kernel of the same "
                      "tile is the yardstick, as in the lab report: percentages are of its bandwidth. Bold marks the "
                      "fastest transpose of each size.");
    for (size_t i = 0; i < n; i++)
        tile_table(c, &t[i]);
}

const struct section sec_seed002 = {"lab002", "Matrix transpose against copy (lab 002)", present, write_002, NULL};
