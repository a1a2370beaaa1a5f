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

#include "kernels/best_config.h"
#include "kernels/best_traffic.h"

enum { WARP_LANES = 32, SECTOR_WORDS = 8, SHARED_BANKS = 32, MAX_ACCESSES = 2, MAX_VEC = 4 };
#define MAX_WORDS (WARP_LANES * MAX_VEC)

/* Rows of a global matrix in the ideal-warp model: 32-byte aligned and
 * farther apart than any tile, so two rows never share a sector. */
#define ALIGNED_ROW_WORDS 65536L

/* Shared-memory layouts that permute a row's columns (kernels beyond the
 * seeds): the physical column of logical (row, col). */
enum swizzle {
    SWZ_NONE,
    SWZ_WORD_XOR_ROW,  /* col ^ (row % 32): tr_swizzled */
    SWZ_F4_XOR_ROW4,   /* float4 index col/4 XOR (row/4) % 8: tr_vectorized */
};

/* One family of warp instructions: lane (tx, ty) touches the word
 * row * stride + col, with row = rtx*tx + rty*ty + y*ystep and
 * col = ctx*tx + cty*ty + x*xstep, once per (y, x) of the kernel's unrolled
 * loops (y < ny, x < nx); every (y, x) is one request. The fields after
 * `words` default to 0 (the seeds' kernels): vec words per lane (16-byte
 * accesses: 4 consecutive words), a lane grid of bdx columns instead of the
 * block's (lane l is tx = l % bdx, ty = l / bdx: kernels that flatten the
 * thread index), and a swizzled shared layout. */
struct access {
    int rtx, rty, ny, ystep;
    int ctx, cty, nx, xstep;
    long stride;
    double words; /* thread-level words this family moves in the whole launch */
    int vec;      /* words per lane per access; 0 = 1 */
    int bdx;      /* lane grid width; 0 = the block's x extent */
    enum swizzle swz;
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
    if (!shape_ok(v, s) || !variant_is_kernel(v))
        return 0;
    if (v->family == FAMILY_TRANSPOSE)
        return ceil_div(s->n, (long)v->tile_dim * variant_vec(v)) * ceil_div(s->m, v->tile_dim);
    if (v->kind == KIND_MM_BEST) {
        const struct best_config *c = best_config_for(s);
        return ceil_div(s->n, c->bn) * ceil_div(s->m, c->bm);
    }
    return ceil_div(s->n, (long)v->bs * v->rx) * ceil_div(s->m, (long)v->bs * v->ry);
}

static struct warp warp_of(int bdx, int bdy)
{
    struct warp w = {bdx, bdx * bdy < WARP_LANES ? bdx * bdy : WARP_LANES};
    return w;
}

static int vec_of(const struct access *a)
{
    return a->vec > 1 ? a->vec : 1;
}

static long swizzled_col(enum swizzle z, long row, long col)
{
    switch (z) {
    case SWZ_WORD_XOR_ROW:
        return col ^ (row % 32);
    case SWZ_F4_XOR_ROW4:
        return (((col >> 2) ^ ((row >> 2) % 8)) << 2) | (col & 3);
    default:
        return col;
    }
}

/* The word addresses of one request, lane by lane (vec words per lane);
 * returns how many. */
static int lane_addresses(const struct access *a, const struct warp *w, int y, int x, long *addr)
{
    int bdx = a->bdx ? a->bdx : w->bdx, vec = vec_of(a), n = 0;
    for (int l = 0; l < w->lanes; l++) {
        long tx = l % bdx, ty = l / bdx;
        long row = a->rtx * tx + a->rty * ty + (long)y * a->ystep;
        long col = a->ctx * tx + a->cty * ty + (long)x * a->xstep;
        for (int e = 0; e < vec; e++)
            addr[n++] = row * a->stride + swizzled_col(a->swz, row, col + e);
    }
    return n;
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
    long addr[MAX_WORDS];
    double total = 0;
    for (int y = 0; y < a->ny; y++)
        for (int x = 0; x < a->nx; x++) {
            int n = lane_addresses(a, w, y, x, addr);
            total += distinct_units(addr, n, unit_words);
        }
    return total / (a->ny * a->nx);
}

/* A 16-byte (vec 4) shared access is served a quarter-warp at a time (32
 * words per wavefront at best), so its conflicts are those within each
 * group of 32/vec lanes: n-way = the worst group's. */
static int worst_ways(const struct access *a, int n, const struct warp *w)
{
    long addr[MAX_WORDS];
    int worst = 1;
    for (int i = 0; i < n; i++)
        for (int y = 0; y < a[i].ny; y++)
            for (int x = 0; x < a[i].nx; x++) {
                int words = lane_addresses(&a[i], w, y, x, addr);
                for (int g = 0; g < words; g += SHARED_BANKS) {
                    int len = words - g < SHARED_BANKS ? words - g : SHARED_BANKS;
                    int ways = bank_ways(addr + g, len);
                    worst = ways > worst ? ways : worst;
                }
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
        double request_words = (double)w->lanes * vec_of(&a[i]);
        c.sectors += a[i].words * sectors / request_words;
        c.distinct_words += a[i].words * words / request_words;
    }
    c.sectors_per_request /= requests;
    return c;
}

/* Bank conflicts of the kernel's shared-memory accesses. */
static void apply_shared(const struct kernel_model *k, struct theory *t)
{
    t->bank_conflict_ways_ld = k->nsld ? worst_ways(k->sld, k->nsld, &k->warp) : NAN;
    t->bank_conflict_ways_st = k->nsst ? worst_ways(k->sst, k->nsst, &k->warp) : NAN;
    if (k->nsld || k->nsst)
        t->bank_conflict_ways = fmax(k->nsld ? t->bank_conflict_ways_ld : 1,
                                     k->nsst ? t->bank_conflict_ways_st : 1);
}

/* Ideal coalescing of the global accesses, then the shared side. */
static void apply_model(const struct kernel_model *k, struct theory *t)
{
    struct request_cost ld = request_cost(k->gld, k->ngld, &k->warp), st = request_cost(&k->gst, 1, &k->warp);
    t->ideal_sectors_per_request_ld = ld.sectors_per_request;
    t->ideal_sectors_per_request_st = st.sectors_per_request;
    t->gld_sectors = ld.sectors;
    t->gst_sectors = st.sectors;
    t->gld_words_distinct = ld.distinct_words;
    t->gst_words_distinct = st.distinct_words;
    apply_shared(k, t);
}

static struct access pattern(int rtx, int rty, int ny, int ystep, int ctx, int cty, int nx, int xstep,
                             long stride, double words)
{
    struct access a = {rtx, rty, ny, ystep, ctx, cty, nx, xstep, stride, words, 0, 0, SWZ_NONE};
    return a;
}

/* The same, for a kernel that flattens its thread index (lane grid bdx
 * wide), with vec words per lane and a shared layout. */
static struct access pattern_v(int bdx, int vec, enum swizzle swz, int rtx, int rty, int ny, int ystep, int ctx,
                               int cty, int nx, int xstep, long stride, double words)
{
    struct access a = pattern(rtx, rty, ny, ystep, ctx, cty, nx, xstep, stride, words);
    a.bdx = bdx;
    a.vec = vec;
    a.swz = swz;
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
    t->cgma_sector = NAN;
    t->loads_by_cp_async = 0;
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
 * guarded, so each in-range element is read once and written once.
 * Beyond the seed, vec = 4 moves 4 consecutive words per lane (a tile x
 * 4*tile tile per block), and swizzle = 1 replaces the padding with an XOR
 * layout. The sector and bank figures are those of the 16-byte path the
 * kernels take when rows are 16-byte aligned. */
static void transpose_model(const struct variant *v, const struct shape *s, struct theory *t)
{
    int tile = v->tile_dim, rows = v->block_rows, steps = (tile + rows - 1) / rows, vec = variant_vec(v);
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
    if (vec == 4) {
        /* in[(y + j*rows)*cols + 4*tx ..]: a warp reads 512 contiguous bytes */
        k.gld[0] = pattern_v(tile, 4, SWZ_NONE, 0, 1, steps, rows, 4, 0, 1, 1, g, elems);
        k.gst = k.gld[0];
    }
    int staged = v->kind == KIND_TR_COPY_SHARED || v->kind == KIND_TR_COALESCED;
    t->shared_ld_words = t->shared_st_words = staged ? elems : 0;
    if (staged) {
        k.nsld = k.nsst = 1;
        k.sst[0] = pattern(0, 1, steps, rows, 1, 0, 1, 1, smem, 0);    /* tile[ty+j][tx] */
        k.sld[0] = k.sst[0];
        if (v->kind == KIND_TR_COALESCED)
            k.sld[0] = pattern(1, 0, 1, 1, 0, 1, steps, rows, smem, 0); /* tile[tx][ty+j] */
        if (v->kind == KIND_TR_COALESCED && v->swizzle && vec == 1) {
            /* tr_swizzled: tile[r][c ^ r] */
            k.sst[0].swz = SWZ_WORD_XOR_ROW;
            k.sld[0].swz = SWZ_WORD_XOR_ROW;
        }
        if (v->kind == KIND_TR_COALESCED && vec == 4) {
            /* tr_vectorized: float4 stores of the input rows into the
             * swizzled tile; the gather reads rows 4q..4q+3 of column c for
             * q = lane % 8, c = lane / 8 (one word each, 4 requests); writes
             * out[(x0 + c)*rows + y0 + 4q ..] as float4. The kernel moves a
             * 64 x 64 tile with half a warp per 256-byte row; modelled as a
             * warp per 512-byte row of a 32 x 128 tile, which gives the same
             * requests, sectors and wavefronts (both swizzles conflict-free,
             * 16 sectors per float4 request) */
            long w = 4L * tile;
            k.sst[0] = pattern_v(tile, 4, SWZ_F4_XOR_ROW4, 0, 1, steps, rows, 4, 0, 1, 1, w, 0);
            k.sld[0] = pattern_v(tile / 4, 1, SWZ_F4_XOR_ROW4, 4, 0, 4, 1, 0, 1, 1, 1, w, 0);
            k.gst = pattern_v(tile / 4, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, g, elems);
        }
    }
    apply_model(&k, t);
}

/* The road to best and best itself: 256 threads, a bm x bn tile of C, bk
 * of K per step, tm x tn outputs per thread. Every thread of every block
 * runs every step, storing its share of both tiles (zeros outside the
 * matrices: guarded loads, or cp.async zero-fill) and multiplying the
 * whole tile; global loads are the in-range elements only (16-byte chunks
 * are all in range or all out when the rows are 16-byte aligned). */
static void fast_counts(int bm, int bn, int bk, int tm, int tn, const struct shape *s, struct theory *t)
{
    long gx = ceil_div(s->n, bn), gy = ceil_div(s->m, bm);
    double steps = (double)ceil_div(s->k, bk), threads = (double)gx * gy * BEST_THREADS;
    t->grid_blocks = gx * gy;
    t->threads_per_block = BEST_THREADS;
    t->gld_words = (double)gx * s->m * s->k + (double)gy * s->k * s->n;
    t->flops_executed = 2 * threads * steps * bk * tm * tn;
    t->shared_st_words = (double)gx * gy * steps * bk * (bm + bn);
    t->shared_ld_words = threads * steps * bk * (tm + tn);
}

/* bt2d, vec, warptile: bs x bs threads of rx x ry outputs, k steps of 8
 * (matmul_road.cu); the index expressions of warp 0 below follow the
 * kernels' (e = i*256 + tid flattened, lanes as the kernel splits them). */
static void road_model(const struct variant *v, const struct shape *s, struct theory *t)
{
    enum { BK = 8 };
    int bm = v->bs * v->ry, bn = v->bs * v->rx, tm = v->ry, tn = v->rx;
    fast_counts(bm, bn, BK, tm, tn, s, t);
    double a_words = (double)ceil_div(s->n, bn) * s->m * s->k, b_words = (double)ceil_div(s->m, bm) * s->k * s->n;
    long g = ALIGNED_ROW_WORDS;
    int a_iters = bm * BK / BEST_THREADS, b_iters = BK * bn / BEST_THREADS;
    struct kernel_model k = {.warp = warp_of(v->bs, v->bs), .ngld = 2, .nsld = 2, .nsst = 2};
    if (v->kind == KIND_MM_BT2D) {
        /* A: row e/8, k e%8; B: row e/bn, column e%bn; thread (tid/16,
         * tid%16) owns rows 8*ty.., columns 8*tx.. */
        k.gld[0] = pattern_v(BK, 1, SWZ_NONE, 0, 1, a_iters, BEST_THREADS / BK, 1, 0, 1, 1, g, a_words);
        k.gld[1] = pattern_v(bn, 1, SWZ_NONE, 0, 0, b_iters, BEST_THREADS / bn, 1, 0, 1, 1, g, b_words);
        k.gst = pattern_v(bn / tn, 1, SWZ_NONE, 0, tm, tm, 1, tn, 0, tn, 1, g, (double)s->m * s->n);
        k.sst[0] = pattern_v(BK, 1, SWZ_NONE, 0, 1, a_iters, BEST_THREADS / BK, 1, 0, 1, 1, BK, 0);
        k.sst[1] = pattern_v(bn, 1, SWZ_NONE, 0, 0, b_iters, BEST_THREADS / bn, 1, 0, 1, 1, bn, 0);
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
static void best_model(const struct shape *s, struct theory *t)
{
    const struct best_config *c = best_config_for(s);
    int tm = c->wm / 4, tn = c->wn / 8;
    fast_counts(c->bm, c->bn, c->bk, tm, tn, s, t);
    struct best_traffic g;
    best_traffic(c, s, &g);
    t->loads_by_cp_async = 1;
    t->gld_sectors = g.ld.sectors;
    t->gst_sectors = g.st.sectors;
    t->ideal_sectors_per_request_ld = g.ld.sectors / g.ld.requests;
    t->ideal_sectors_per_request_st = g.st.sectors / g.st.requests;
    t->gld_words_distinct = g.ld.words; /* no two lanes of a copy or store share a word */
    t->gst_words_distinct = g.st.words;
    long lda = c->bm + 4;
    int b4 = c->bn / 4;
    struct kernel_model k = {.warp = warp_of(BEST_BLOCK_SIDE, BEST_BLOCK_SIDE), .nsld = 2, .nsst = 2};
    /* As[k = tx][m = ty + 32i]; the i-loop moves 32 rows */
    k.sst[0] = pattern_v(8, 1, SWZ_NONE, 1, 0, 1, 1, 0, 1, c->bm / 32, 32, lda, 0);
    k.sst[1] = pattern_v(b4 < 32 ? b4 : 32, 4, SWZ_NONE, 0, 1, 1, 1, 4, 0, 1, 1, c->bn, 0);
    k.sld[0] = pattern_v(8, 4, SWZ_NONE, 0, 0, 1, 1, 0, 4, tm / 4, 16, lda, 0);
    k.sld[1] = pattern_v(8, 4, SWZ_NONE, 0, 0, 1, 1, 4, 0, tn / 4, 32, c->bn, 0);
    apply_shared(&k, t);
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
    case KIND_MM_BT2D:
    case KIND_MM_VEC:
    case KIND_MM_WARPTILE:
        road_model(v, s, t);
        break;
    case KIND_MM_BEST:
        best_model(s, t);
        break;
    case KIND_MM_CUBLAS:
        /* cuBLAS picks its own kernels (and may pad): only what any
         * implementation must do. Its FP32 kernels load by cp.async: at
         * 1000x3000x700 (H200) 2086800 L1TEX load requests, 0 SASS load bytes */
        t->gst_words = NAN;
        t->loads_by_cp_async = 1;
        return 0;
    default: /* the CPU baseline: only what any implementation must do */
        t->flops_executed = t->flops;
        t->gst_words = NAN;
        return 0;
    }
    t->cgma = t->flops / (t->gld_words + t->gst_words);
    t->cgma_sector = t->flops / (SECTOR_WORDS * (t->gld_sectors + t->gst_sectors));
    return 0;
}
