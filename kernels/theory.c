/* Theoretical model of every registry variant (seed 003's model, generalised
 * to M, N, K and counted exactly for guarded edge tiles).
 *
 * Counts follow the kernels' guards: a tile element of A is loaded iff its
 * row < M and col < K, of B iff row < K and col < N, and each in-range
 * element is loaded once by every block that needs it. A block of the tiled
 * kinds covers bs*ry rows and bs*rx columns of C, so an element of A is
 * loaded by each of the ceil(N / (bs*rx)) blocks of its block row, and an
 * element of B by each of the ceil(M / (bs*ry)) blocks of its block column.
 *
 * Coalescing and bank conflicts come from the kernels' index expressions:
 * the addresses of warp 0's lanes are generated and their distinct 32-byte
 * sectors and shared-memory banks counted, rather than tabulated by hand. */
#include "kernels/theory.h"

#include <limits.h>
#include <math.h>

enum { WARP_LANES = 32, SECTOR_WORDS = 8, SHARED_BANKS = 32, MAX_ACCESSES = 2 };

/* Rows of a global matrix in the ideal-warp model: 32-byte aligned and
 * farther apart than any tile, so two rows never share a sector. */
#define ALIGNED_ROW_WORDS 65536L

/* One family of warp instructions: lane (tx, ty) touches the word
 * row * stride + col, with row = rtx*tx + rty*ty + y*ystep and
 * col = ctx*tx + cty*ty + x*xstep, once per (y, x) of the kernel's unrolled
 * loops (y < ny, x < nx); every (y, x) is one request. */
struct access {
    int rtx, rty, ny, ystep;
    int ctx, cty, nx, xstep;
    long stride;
    double words; /* thread-level words this family moves in the whole launch */
};

/* Shape of warp 0: the block's x extent and how many lanes it has. */
struct warp {
    int bdx;
    int lanes;
};

/* Everything the sector and bank counts need about one kernel. */
struct kernel_model {
    struct warp warp;
    struct access gld[MAX_ACCESSES];
    int ngld;
    struct access gst;
    struct access sld[MAX_ACCESSES];
    int nsld;
    struct access sst[MAX_ACCESSES];
    int nsst;
};

static long ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

/* The kernels index with int; within that, every count here fits a long. */
static int shape_ok(const struct variant *v, const struct shape *s)
{
    if (!v || !s || s->m < 1 || s->n < 1 || s->m > INT_MAX || s->n > INT_MAX || s->k > INT_MAX)
        return 0;
    return v->family == FAMILY_TRANSPOSE || s->k >= 1;
}

/* Every matmul kind is a bs x bs block covering bs*ry rows and bs*rx columns
 * of C (naive and tiled: rx = ry = 1); a transpose block covers one
 * tile_dim x tile_dim tile of the input. */
long theory_grid_blocks(const struct variant *v, const struct shape *s)
{
    if (!shape_ok(v, s) || !variant_on_gpu(v))
        return 0;
    if (v->family == FAMILY_TRANSPOSE)
        return ceil_div(s->n, v->tile_dim) * ceil_div(s->m, v->tile_dim);
    return ceil_div(s->n, (long)v->bs * v->rx) * ceil_div(s->m, (long)v->bs * v->ry);
}

static struct warp warp_of(int bdx, int bdy)
{
    struct warp w = {bdx, bdx * bdy < WARP_LANES ? bdx * bdy : WARP_LANES};
    return w;
}

static void lane_addresses(const struct access *a, const struct warp *w, int y, int x, long *addr)
{
    for (int l = 0; l < w->lanes; l++) {
        long tx = l % w->bdx, ty = l / w->bdx;
        long row = a->rtx * tx + a->rty * ty + (long)y * a->ystep;
        long col = a->ctx * tx + a->cty * ty + (long)x * a->xstep;
        addr[l] = row * a->stride + col;
    }
}

/* Distinct units of unit_words words among the lanes' word addresses: 32-byte
 * sectors (8 words), or words themselves (lanes reading one word share it). */
static int distinct_units(const long *addr, int lanes, long unit_words)
{
    int count = 0;
    for (int i = 0; i < lanes; i++) {
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = addr[j] / unit_words == addr[i] / unit_words;
        count += !seen;
    }
    return count;
}

/* n-way conflict: the most distinct words any one bank must serve (lanes
 * reading the same word are served by one broadcast). */
static int bank_ways(const long *addr, int lanes)
{
    int worst = 1;
    for (int i = 0; i < lanes; i++) {
        int ways = 0;
        for (int j = 0; j < lanes; j++) {
            if (addr[j] % SHARED_BANKS != addr[i] % SHARED_BANKS)
                continue;
            int first = 1; /* count each distinct word once */
            for (int p = 0; p < j && first; p++)
                first = addr[p] != addr[j];
            ways += first;
        }
        if (ways > worst)
            worst = ways;
    }
    return worst;
}

/* Mean over the family's requests of the distinct units they touch. */
static double mean_units(const struct access *a, const struct warp *w, long unit_words)
{
    long addr[WARP_LANES];
    double total = 0;
    for (int y = 0; y < a->ny; y++)
        for (int x = 0; x < a->nx; x++) {
            lane_addresses(a, w, y, x, addr);
            total += distinct_units(addr, w->lanes, unit_words);
        }
    return total / (a->ny * a->nx);
}

static int worst_ways(const struct access *a, int n, const struct warp *w)
{
    long addr[WARP_LANES];
    int worst = 1;
    for (int i = 0; i < n; i++)
        for (int y = 0; y < a[i].ny; y++)
            for (int x = 0; x < a[i].nx; x++) {
                lane_addresses(&a[i], w, y, x, addr);
                int ways = bank_ways(addr, w->lanes);
                worst = ways > worst ? ways : worst;
            }
    return worst;
}

/* What the warp requests of a group of access families cost: ideal sectors
 * per request (averaged over requests), and over the whole launch the
 * sectors and the distinct words (each request carries `lanes` words). */
struct request_cost {
    double sectors_per_request, sectors, distinct_words;
};

static struct request_cost request_cost(const struct access *a, int n, const struct warp *w)
{
    struct request_cost c = {0, 0, 0};
    double requests = 0;
    for (int i = 0; i < n; i++) {
        double sectors = mean_units(&a[i], w, SECTOR_WORDS), words = mean_units(&a[i], w, 1);
        c.sectors_per_request += sectors * a[i].ny * a[i].nx;
        requests += a[i].ny * a[i].nx;
        c.sectors += a[i].words * sectors / w->lanes;
        c.distinct_words += a[i].words * words / w->lanes;
    }
    c.sectors_per_request /= requests;
    return c;
}

static void apply_model(const struct kernel_model *k, struct theory *t)
{
    struct request_cost ld = request_cost(k->gld, k->ngld, &k->warp), st = request_cost(&k->gst, 1, &k->warp);
    t->ideal_sectors_per_request_ld = ld.sectors_per_request;
    t->ideal_sectors_per_request_st = st.sectors_per_request;
    t->gld_sectors = ld.sectors;
    t->gst_sectors = st.sectors;
    t->gld_words_distinct = ld.distinct_words;
    t->gst_words_distinct = st.distinct_words;
    t->bank_conflict_ways_ld = k->nsld ? worst_ways(k->sld, k->nsld, &k->warp) : NAN;
    t->bank_conflict_ways_st = k->nsst ? worst_ways(k->sst, k->nsst, &k->warp) : NAN;
    if (k->nsld || k->nsst)
        t->bank_conflict_ways = fmax(k->nsld ? t->bank_conflict_ways_ld : 1,
                                     k->nsst ? t->bank_conflict_ways_st : 1);
}

static struct access pattern(int rtx, int rty, int ny, int ystep, int ctx, int cty, int nx, int xstep,
                             long stride, double words)
{
    struct access a = {rtx, rty, ny, ystep, ctx, cty, nx, xstep, stride, words};
    return a;
}

static void init_nan(struct theory *t)
{
    t->flops = t->gld_words = t->gst_words = t->cgma = t->bytes_compulsory = NAN;
    t->shared_ld_words = t->shared_st_words = NAN;
    t->ideal_sectors_per_request_ld = t->ideal_sectors_per_request_st = NAN;
    t->bank_conflict_ways = t->bank_conflict_ways_ld = t->bank_conflict_ways_st = NAN;
    t->flops_executed = t->gld_sectors = t->gst_sectors = NAN;
    t->gld_words_distinct = t->gst_words_distinct = NAN;
    t->grid_blocks = 0;
    t->threads_per_block = 0;
}

static void matmul_common(const struct shape *s, struct theory *t)
{
    double m = s->m, n = s->n, k = s->k;
    t->flops = 2 * m * n * k;
    t->bytes_compulsory = 4 * (m * k + k * n + m * n);
    t->gst_words = m * n; /* every output written once, guarded */
}

/* Naive: every in-range thread reads K words of A (the same word for all
 * lanes of a row: a broadcast) and K of B; no shared memory. */
static void naive_model(const struct variant *v, const struct shape *s, struct theory *t)
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
static void tile_counts(int bs, int rx, int ry, const struct shape *s, struct theory *t, double *a_words,
                        double *b_words)
{
    long gx = ceil_div(s->n, (long)bs * rx), gy = ceil_div(s->m, (long)bs * ry);
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

/* Register tiles (seed 003) and, with rx = ry = 1, the classic tiled kernel:
 * As[ty*ry + y][tx] from A, Bs[ty][tx*rx + x] from B, so a warp's B loads
 * and C stores are strided by rx. */
static void regtile_model(int bs, int rx, int ry, const struct shape *s, struct theory *t)
{
    double a_words, b_words;
    tile_counts(bs, rx, ry, s, t, &a_words, &b_words);
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
static void coarse_model(int bs, int rx, const struct shape *s, struct theory *t)
{
    double a_words, b_words;
    tile_counts(bs, rx, 1, s, t, &a_words, &b_words);
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

/* Transposes and copies (seed 002): a tile x rows block moves a tile x tile
 * tile, each thread tile/rows elements `rows` rows apart; every element is
 * guarded, so each in-range element is read once and written once. */
static void transpose_model(const struct variant *v, const struct shape *s, struct theory *t)
{
    int tile = v->tile_dim, rows = v->block_rows, steps = (tile + rows - 1) / rows;
    double elems = (double)s->m * s->n;
    long g = ALIGNED_ROW_WORDS, smem = tile + v->pad;
    t->flops = t->flops_executed = 0;
    t->bytes_compulsory = 2 * 4 * elems;
    t->gld_words = t->gst_words = elems;
    t->grid_blocks = theory_grid_blocks(v, s);
    t->threads_per_block = tile * rows;
    struct kernel_model k = {.warp = warp_of(tile, rows), .ngld = 1};
    k.gld[0] = pattern(0, 1, steps, rows, 1, 0, 1, 1, g, elems);       /* in[(y+j)*cols + x] */
    k.gst = pattern(0, 1, steps, rows, 1, 0, 1, 1, g, elems);          /* out[(y+j)*.. + x] */
    if (v->kind == KIND_TR_NAIVE)
        k.gst = pattern(1, 0, 1, 1, 0, 1, steps, rows, g, elems);      /* out[x*rows + y+j] */
    int staged = v->kind == KIND_TR_COPY_SHARED || v->kind == KIND_TR_COALESCED;
    t->shared_ld_words = t->shared_st_words = staged ? elems : 0;
    if (staged) {
        k.nsld = k.nsst = 1;
        k.sst[0] = pattern(0, 1, steps, rows, 1, 0, 1, 1, smem, 0);    /* tile[ty+j][tx] */
        k.sld[0] = k.sst[0];
        if (v->kind == KIND_TR_COALESCED)
            k.sld[0] = pattern(1, 0, 1, 1, 0, 1, steps, rows, smem, 0); /* tile[tx][ty+j] */
    }
    apply_model(&k, t);
}

int theory_of(const struct variant *v, const struct shape *s, struct theory *t)
{
    init_nan(t);
    if (!shape_ok(v, s))
        return -1;
    if (v->family == FAMILY_TRANSPOSE) {
        transpose_model(v, s, t);
        return 0;
    }
    matmul_common(s, t);
    switch (v->kind) {
    case KIND_MM_NAIVE:
        naive_model(v, s, t);
        break;
    case KIND_MM_TILED:
        regtile_model(v->bs, 1, 1, s, t);
        break;
    case KIND_MM_COARSE:
        coarse_model(v->bs, v->rx, s, t);
        break;
    case KIND_MM_REGTILE:
        regtile_model(v->bs, v->rx, v->ry, s, t);
        break;
    default: /* the CPU baseline: only what any implementation must do */
        t->flops_executed = t->flops;
        t->gst_words = NAN;
        return 0;
    }
    t->cgma = t->flops / (t->gld_words + t->gst_words);
    return 0;
}
