/* Seed 000: kernel time of the shared-memory tiled kernel for each
 * TILE_WIDTH at each matrix size, with the untiled (naive) kernel beside
 * it, as the seed's "TILE_WIDTH | 2 4 8 16 32 / Execution_time(ms)" tables. */
#include <math.h>
#include <stdio.h>

#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/sections.h"

/* Times to 4 significant digits, as the seed's tables give them. */
enum { TIME_SIG = 4, MAX_COLS = 16 };

static int is_tiled(const struct variant *v, const void *arg)
{
    return v->kind == KIND_MM_TILED;
}

static int is_naive(const struct variant *v, const void *arg)
{
    return v->kind == KIND_MM_NAIVE;
}

static int tiled_row(const struct analysis_row *r, const void *arg)
{
    return r->v && r->v->kind == KIND_MM_TILED;
}

static double runtime_ms(const struct analysis_row *r)
{
    return r->ms.runtime_ms;
}

static int present(const struct report_ctx *c)
{
    return ctx_any(c, tiled_row, NULL);
}

/* The columns: every TILE_WIDTH the run has, then the naive kernel. */
static size_t columns(const struct report_ctx *c, const struct variant **cols)
{
    size_t n = ctx_variants(c, is_tiled, NULL, cols, MAX_COLS - 1);
    return n + ctx_variants(c, is_naive, NULL, cols + n, 1);
}

/* One line per size: the fastest TILE_WIDTH and its gain over no tiles. */
static void best_sentence(struct report_ctx *c, const struct variant **cols, size_t ncols, const struct shape *s)
{
    double ms[MAX_COLS], naive = NAN;
    for (size_t i = 0; i < ncols; i++) {
        const struct analysis_row *r = ctx_ok_row(c, cols[i]->name, s);
        ms[i] = r && cols[i]->kind == KIND_MM_TILED ? r->ms.runtime_ms : NAN;
        naive = r && cols[i]->kind == KIND_MM_NAIVE ? r->ms.runtime_ms : naive;
    }
    size_t b = best_index(ms, ncols, 1);
    char size[48], t[FMT_LEN], x[FMT_LEN];
    if (b == ncols)
        return;
    shape_label(size, sizeof size, s);
    if (isnan(naive))
        doc_item(&c->doc, "%s: fastest TILE_WIDTH **%d** (%s).", size, cols[b]->bs, fmt_time_ms(t, ms[b]));
    else
        doc_item(&c->doc, "%s: fastest TILE_WIDTH **%d** (%s), %s the speed of the untiled kernel.", size,
                 cols[b]->bs, fmt_time_ms(t, ms[b]), fmt_ratio(x, naive / ms[b]));
}

static void write_000(struct report_ctx *c)
{
    const struct variant *cols[MAX_COLS];
    struct shape shapes[MAX_SHAPES];
    size_t ncols = columns(c, cols), nshapes = ctx_shapes(c, tiled_row, NULL, shapes, MAX_SHAPES);
    doc_para(&c->doc, "The tiled kernel loads TILE_WIDTH × TILE_WIDTH tiles of A and B into shared memory; the "
                      "block is TILE_WIDTH × TILE_WIDTH threads, one output each.");
    struct grid *g = ctx_grid(c, NULL, ncols + 1, "Execution time (ms, median of the timed launches) by TILE_WIDTH");
    if (!g)
        return;
    grid_head(g, 0, "size \\ TILE_WIDTH");
    for (size_t i = 0; i < ncols; i++) {
        if (cols[i]->kind == KIND_MM_NAIVE)
            grid_head(g, i + 1, "no tiles (`%s`)", cols[i]->name);
        else
            grid_head(g, i + 1, "%d", cols[i]->bs);
    }
    for (size_t s = 0; s < nshapes; s++) {
        size_t r = grid_row(g);
        const struct analysis_row *rows[MAX_COLS];
        double ms[MAX_COLS];
        char buf[FMT_LEN];
        grid_set(g, r, 0, "%s", shape_label(buf, sizeof buf, &shapes[s]));
        for (size_t i = 0; i < ncols; i++)
            rows[i] = ctx_row(c, cols[i]->name, &shapes[s]);
        cell_values(g, r, 1, rows, ncols, runtime_ms, TIME_SIG, 1, ms);
    }
    doc_table(&c->doc, g);
    grid_free(g);
    doc_list_begin(&c->doc);
    for (size_t s = 0; s < nshapes; s++)
        best_sentence(c, cols, ncols, &shapes[s]);
    doc_list_end(&c->doc);
}

const struct section sec_seed000 = {"lab000", "Tile width and matrix size (lab 000)", present, write_000, NULL};
