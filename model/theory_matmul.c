/* The matmul kinds' theory models (theory_models.h).
 *
 * Counts follow the kernels' guards: a tile element of A is loaded iff its
 * row < M and col < K, of B iff row < K and col < N, and each in-range
 * element is loaded once by every block that needs it. A block covers the
 * rows and columns of C its launch geometry gives (model/launch_geometry.h),
 * so an element of A is loaded by each of the grid[0] blocks of its block
 * row, and an element of B by each of the grid[1] blocks of its block
 * column. Coalescing and bank conflicts come from the kernels' index
 * expressions through the warp address model (warp_access.h). */
#include "model/theory_models.h"

#include <math.h>

#include "model/best_config.h"
#include "model/best_traffic.h"
#include "model/launch_geometry.h"
#include "model/warp_access.h"

static long ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

/* Blocks of the launch of v at s along the columns (gx) and rows (gy) of C. */
static void grid_of(const struct variant *v, const struct shape *s, long *gx, long *gy)
{
    struct launch_geometry g;
    variant_geometry(v, s, &g);
    *gx = g.grid[0];
    *gy = g.grid[1];
}

void theory_matmul_common(const struct shape *s, struct theory *t)
{
    double m = s->m, n = s->n, k = s->k;
    t->flops = 2 * m * n * k;
    t->bytes_compulsory = 4 * (m * k + k * n + m * n);
    t->gst_words = m * n; /* every output written once, guarded */
}

/* Naive: every in-range thread reads K words of A (the same word for all
 * lanes of a row: a broadcast) and K of B; no shared memory. */
void theory_mm_naive(const struct variant *v, const struct shape *s, struct theory *t)
{
    double mnk = (double)s->m * s->n * s->k;
    t->grid_blocks = theory_grid_blocks(v, s);
    t->threads_per_block = v->bs * v->bs;
    t->gld_words = 2 * mnk;
    t->flops_executed = t->flops;
    t->shared_ld_words = t->shared_st_words = 0;
    struct kernel_model k = {.warp = warp_of(v->bs, v->bs), .ngld = 2};
    k.gld[0] = pattern(0, 1, 1, 1, 0, 0, 1, 1, ALIGNED_ROW_WORDS, mnk);  /* a[row*k + p] */
    k.gld[1] = pattern(0, 0, 1, 1, 1, 0, 1, 1, ALIGNED_ROW_WORDS, mnk);  /* b[p*n + col] */
    k.gst = pattern(0, 1, 1, 1, 1, 0, 1, 1, ALIGNED_ROW_WORDS, t->gst_words);
    apply_model(&k, t);
}

/* Tiled, coarse and register tiles: a bs x bs block covering bs*ry rows and
 * bs*rx columns of C, stepping through K in bs-wide tiles. Every thread of
 * every block runs every step (the barriers require it), storing its tile
 * elements (zeros outside the matrix) and multiplying the whole tile. */
static void tile_counts(const struct variant *v, const struct shape *s, struct theory *t, double *a_words,
                        double *b_words)
{
    int bs = v->bs, rx = v->rx, ry = v->ry;
    long gx, gy;
    grid_of(v, s, &gx, &gy);
    double steps = (double)ceil_div(s->k, bs);
    double threads = (double)gx * gy * bs * bs;
    t->grid_blocks = gx * gy;
    t->threads_per_block = bs * bs;
    *a_words = (double)gx * s->m * s->k;
    *b_words = (double)gy * s->k * s->n;
    t->gld_words = *a_words + *b_words;
    t->flops_executed = 2 * threads * steps * bs * rx * ry;
    t->shared_st_words = threads * steps * (rx + ry);
    /* a value read from shared memory once per k and kept in a register for
     * the thread's rx (or ry) outputs, as the unrolled loops compile */
    t->shared_ld_words = threads * steps * bs * (rx + ry);
}

/* Register tiles (seed 003) and, with rx = ry = 1, the classic tiled kernel
 * and its double-buffered form (two buffers change no count: each element
 * is still stored to shared memory once and read bs times):
 * As[ty*ry + y][tx] from A, Bs[ty][tx*rx + x] from B, so a warp's B loads
 * and C stores are strided by rx. */
void theory_mm_shared_tiles(const struct variant *v, const struct shape *s, struct theory *t)
{
    int bs = v->bs, rx = v->rx, ry = v->ry;
    double a_words, b_words;
    tile_counts(v, s, t, &a_words, &b_words);
    long g = ALIGNED_ROW_WORDS;
    struct kernel_model k = {.warp = warp_of(bs, bs), .ngld = 2, .nsld = 2, .nsst = 2};
    k.gld[0] = pattern(0, ry, ry, 1, 1, 0, 1, 1, g, a_words);
    k.gld[1] = pattern(0, 1, 1, 1, rx, 0, rx, 1, g, b_words);
    k.gst = pattern(0, ry, ry, 1, rx, 0, rx, 1, g, t->gst_words);
    k.sst[0] = pattern(0, ry, ry, 1, 1, 0, 1, 1, bs, 0);            /* As[ty*ry + y][tx] */
    k.sst[1] = pattern(0, 1, 1, 1, rx, 0, rx, 1, (long)bs * rx, 0); /* Bs[ty][tx*rx + x] */
    k.sld[0] = pattern(0, ry, ry, 1, 0, 0, 1, 1, bs, 0);            /* As[ty*ry + y][p] */
    k.sld[1] = pattern(0, 0, 1, 1, rx, 0, rx, 1, (long)bs * rx, 0); /* Bs[p][tx*rx + x] */
    apply_model(&k, t);
}

/* Coarsening (seed 001): a thread's rx outputs are bs columns apart, so every
 * warp access stays contiguous. */
void theory_mm_coarse(const struct variant *v, const struct shape *s, struct theory *t)
{
    int bs = v->bs, rx = v->rx; /* ry = 1 */
    double a_words, b_words;
    tile_counts(v, s, t, &a_words, &b_words);
    long g = ALIGNED_ROW_WORDS, wide = (long)bs * rx;
    struct kernel_model k = {.warp = warp_of(bs, bs), .ngld = 2, .nsld = 2, .nsst = 2};
    k.gld[0] = pattern(0, 1, 1, 1, 1, 0, 1, 1, g, a_words);
    k.gld[1] = pattern(0, 1, 1, 1, 1, 0, rx, bs, g, b_words);
    k.gst = pattern(0, 1, 1, 1, 1, 0, rx, bs, g, t->gst_words);
    k.sst[0] = pattern(0, 1, 1, 1, 1, 0, 1, 1, bs, 0);       /* As[ty][tx] */
    k.sst[1] = pattern(0, 1, 1, 1, 1, 0, rx, bs, wide, 0);   /* Bs[ty][r*bs + tx] */
    k.sld[0] = pattern(0, 1, 1, 1, 0, 0, 1, 1, bs, 0);       /* As[ty][p] */
    k.sld[1] = pattern(0, 0, 1, 1, 1, 0, rx, bs, wide, 0);   /* Bs[p][r*bs + tx] */
    apply_model(&k, t);
}

/* The road to best and best itself: threads_per_block threads (the road:
 * 256), a bm x bn tile of C, bk of K per step, tm x tn outputs per thread.
 * Every thread of every block runs every step, storing its share of both
 * tiles (zeros outside the matrices: guarded loads, or cp.async zero-fill)
 * and multiplying the whole tile; global loads are the in-range elements
 * only (16-byte chunks are all in range or all out when the rows are
 * 16-byte aligned). */
static void fast_counts(const struct variant *v, int threads_per_block, int bm, int bn, int bk, int tm, int tn,
                        const struct shape *s, struct theory *t)
{
    long gx, gy;
    grid_of(v, s, &gx, &gy);
    double steps = (double)ceil_div(s->k, bk), threads = (double)gx * gy * threads_per_block;
    t->grid_blocks = gx * gy;
    t->threads_per_block = threads_per_block;
    t->gld_words = (double)gx * s->m * s->k + (double)gy * s->k * s->n;
    t->flops_executed = 2 * threads * steps * bk * tm * tn;
    t->shared_st_words = (double)gx * gy * steps * bk * (bm + bn);
    t->shared_ld_words = threads * steps * bk * (tm + tn);
}

/* bt2d, vec, warptile: bs x bs threads of rx x ry outputs, k steps of 8
 * (matmul_road.cu); the index expressions of warp 0 below follow the
 * kernels' (e = i*256 + tid flattened, lanes as the kernel splits them). */
void theory_mm_road(const struct variant *v, const struct shape *s, struct theory *t)
{
    enum { BK = 8 };
    const int threads = v->bs * v->bs;
    int bm = v->bs * v->ry, bn = v->bs * v->rx, tm = v->ry, tn = v->rx;
    fast_counts(v, threads, bm, bn, BK, tm, tn, s, t);
    long gx, gy;
    grid_of(v, s, &gx, &gy);
    double a_words = (double)gx * s->m * s->k, b_words = (double)gy * s->k * s->n;
    long g = ALIGNED_ROW_WORDS;
    int a_iters = bm * BK / threads, b_iters = BK * bn / threads;
    struct kernel_model k = {.warp = warp_of(v->bs, v->bs), .ngld = 2, .nsld = 2, .nsst = 2};
    if (v->kind == KIND_MM_BT2D) {
        /* A: row e/8, k e%8; B: row e/bn, column e%bn; thread (tid/16,
         * tid%16) owns rows 8*ty.., columns 8*tx.. */
        k.gld[0] = pattern_v(BK, 1, SWZ_NONE, 0, 1, a_iters, threads / BK, 1, 0, 1, 1, g, a_words);
        k.gld[1] = pattern_v(bn, 1, SWZ_NONE, 0, 0, b_iters, threads / bn, 1, 0, 1, 1, g, b_words);
        k.gst = pattern_v(bn / tn, 1, SWZ_NONE, 0, tm, tm, 1, tn, 0, tn, 1, g, (double)s->m * s->n);
        k.sst[0] = pattern_v(BK, 1, SWZ_NONE, 0, 1, a_iters, threads / BK, 1, 0, 1, 1, BK, 0);
        k.sst[1] = pattern_v(bn, 1, SWZ_NONE, 0, 0, b_iters, threads / bn, 1, 0, 1, 1, bn, 0);
        k.sld[0] = pattern_v(bn / tn, 1, SWZ_NONE, 0, tm, tm, 1, 0, 0, 1, 1, BK, 0);   /* As[(8ty+i)*8 + kk] */
        k.sld[1] = pattern_v(bn / tn, 1, SWZ_NONE, 0, 0, 1, 1, tn, 0, tn, 1, bn, 0);   /* Bs[kk*bn + 8tx+j] */
        apply_model(&k, t);
        return;
    }
    /* vec and warptile: A as float4, 4 k of row e/(BK/4); transposed into
     * As[kk][row] (row stride lda); B as float4, row e/(bn/4) */
    long lda = v->kind == KIND_MM_WARPTILE ? bm + 4 : bm;
    int a4 = BK / 4, b4 = bn / 4;
    k.gld[0] = pattern_v(a4, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, g, a_words);
    k.gld[1] = pattern_v(b4, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, g, b_words);
    k.sst[0] = pattern_v(a4, 1, SWZ_NONE, 4, 0, 4, 1, 0, 1, 1, 1, lda, 0); /* As[(4tx + j)*lda + ty] */
    k.sst[1] = pattern_v(b4, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, bn, 0);
    if (v->kind == KIND_MM_VEC) {
        /* thread (tid/16, tid%16): float4 of As[kk][8ty + 4i], Bs[kk][8tx + 4j] */
        k.sld[0] = pattern_v(bn / tn, 4, SWZ_NONE, 0, 0, 1, 1, 0, tm, tm / 4, 4, lda, 0);
        k.sld[1] = pattern_v(bn / tn, 4, SWZ_NONE, 0, 0, 1, 1, tn, 0, tn / 4, 4, bn, 0);
        k.gst = pattern_v(bn / tn, 4, SWZ_NONE, 0, tm, tm, 1, tn, 0, tn / 4, 4, g, (double)s->m * s->n);
    } else {
        /* lanes (lane/8, lane%8): float4 of As[kk][4ty + 16i], Bs[kk][4tx + 32j] */
        k.sld[0] = pattern_v(8, 4, SWZ_NONE, 0, 0, 1, 1, 0, 4, tm / 4, 16, lda, 0);
        k.sld[1] = pattern_v(8, 4, SWZ_NONE, 0, 0, 1, 1, 4, 0, tn / 4, 32, bn, 0);
        k.gst = pattern_v(8, 4, SWZ_NONE, 0, 4, 4, 1, 4, 0, tn / 4, 32, g, (double)s->m * s->n);
    }
    apply_model(&k, t);
}

/* best (matmul_best.cu) at the tile best_config_for(s) picks: A by 4-byte
 * cp.async (a warp: 4 rows x 8 consecutive k) into As[k][m] with rows
 * padded by 4 words, B by 16-byte cp.async; reads and stores as warptile's.
 * Its global traffic is counted instruction by instruction at the real row
 * pitch (best_traffic.c), not from an ideal warp: the counters measure it
 * to the sector at odd sizes too, where rows start mid-sector and the
 * N % 4 != 0 paths copy and store word by word. */
void theory_mm_best(const struct variant *v, const struct shape *s, struct theory *t)
{
    const struct best_config *c = best_config_for(s);
    int tm = c->wm / 4, tn = c->wn / 8, threads = best_config_threads(c);
    fast_counts(v, threads, c->bm, c->bn, c->bk, tm, tn, s, t);
    if (c->opts & BEST_OPT_PREFETCH) /* the last tile loads one more k of fragments, unused */
        t->shared_ld_words += (double)t->grid_blocks * threads * (tm + tn);
    struct best_traffic g;
    best_traffic(c, s, &g);
    t->gld_sectors = g.ld.sectors;
    t->gst_sectors = g.st.sectors;
    t->ideal_sectors_per_request_ld = g.ld.sectors / g.ld.requests;
    t->ideal_sectors_per_request_st = g.st.sectors / g.st.requests;
    t->gld_words_distinct = g.ld.words; /* no two lanes of a copy or store share a word */
    t->gst_words_distinct = g.st.words;
    long lda = c->bm + 4;
    int b4 = c->bn / 4;
    struct kernel_model k = {.warp = warp_of(BEST_BLOCK_SIDE, threads / BEST_BLOCK_SIDE), .nsld = 2, .nsst = 2};
    /* As[k = tx][m = ty + (threads/8) i]; the i-loop moves threads/8 rows */
    k.sst[0] = pattern_v(8, 1, SWZ_NONE, 1, 0, 1, 1, 0, 1, c->bm / (threads / 8), threads / 8, lda, 0);
    k.sst[1] = pattern_v(b4 < 32 ? b4 : 32, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, c->bn, 0);
    k.sld[0] = pattern_v(8, 4, SWZ_NONE, 0, 0, 1, 1, 0, 4, tm / 4, 16, lda, 0);
    k.sld[1] = pattern_v(8, 4, SWZ_NONE, 0, 0, 1, 1, 4, 0, tn / 4, 32, c->bn, 0);
    apply_shared(&k, t);
}


/* cuBLAS picks its own kernels (and may pad): only what any implementation
 * must do. */
void theory_mm_library(const struct variant *v, const struct shape *s, struct theory *t)
{
    t->gst_words = NAN;
}

void theory_mm_cpu(const struct variant *v, const struct shape *s, struct theory *t)
{
    t->flops_executed = t->flops;
    t->gst_words = NAN;
}
