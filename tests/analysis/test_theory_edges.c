/* Edge tiles: the closed forms of model/theory_*.c against a brute-force
 * count that walks every block, thread, tile step and unrolled loop of the
 * kernels in kernels/ (the .cu files) and applies their guards one load at a time, on
 * small odd shapes where partial tiles are everywhere. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdlib.h>

#include "close.h"
#include "model/best_config.h"
#include "model/theory.h"

struct counts {
    double loads, stores, fmas, shared_ld, shared_st;
    long blocks;
};

static const struct shape shapes[] = {
    {7, 5, 3}, {33, 17, 9}, {1, 1, 1}, {64, 48, 40}, {100, 37, 65}, {3, 129, 31},
};

/* mm_naive: threads outside C return at once; the rest read a row of A and
 * a column of B straight from global memory. */
static void count_naive(int bs, const struct shape *s, struct counts *c)
{
    long gx = (s->n + bs - 1) / bs, gy = (s->m + bs - 1) / bs;
    c->blocks = gx * gy;
    for (long row = 0; row < gy * bs; row++)
        for (long col = 0; col < gx * bs; col++) {
            if (row >= s->m || col >= s->n)
                continue;
            c->loads += 2 * s->k;
            c->fmas += s->k;
            c->stores += 1;
        }
}

/* One tile step of one thread of mm_regtile (and of mm_tiled: rx = ry = 1):
 * ry guarded A loads, rx guarded B loads, every shared slot written (zeros
 * outside), then bs * rx * ry FMAs reading ry A and rx B values per p (the
 * unrolled loops keep each in a register for the thread's outputs). */
static void step_regtile(int bs, int rx, int ry, long by, long bx, int ty, int tx, long t, const struct shape *s,
                         struct counts *c)
{
    long base_row = (by * bs + ty) * ry, base_col = (bx * bs + tx) * rx;
    long a_col = t * bs + tx, b_row = t * bs + ty;
    for (int y = 0; y < ry; y++) {
        c->loads += base_row + y < s->m && a_col < s->k;
        c->shared_st++;
    }
    for (int x = 0; x < rx; x++) {
        c->loads += b_row < s->k && base_col + x < s->n;
        c->shared_st++;
    }
    c->fmas += (double)bs * rx * ry;
    c->shared_ld += (double)bs * (rx + ry);
}

static void stores_regtile(int rx, int ry, long base_row, long base_col, const struct shape *s, struct counts *c)
{
    for (int y = 0; y < ry; y++)
        for (int x = 0; x < rx; x++)
            c->stores += base_row + y < s->m && base_col + x < s->n;
}

static void count_regtile(int bs, int rx, int ry, const struct shape *s, struct counts *c)
{
    long gx = (s->n + (long)bs * rx - 1) / ((long)bs * rx), gy = (s->m + (long)bs * ry - 1) / ((long)bs * ry);
    long steps = (s->k + bs - 1) / bs;
    c->blocks = gx * gy;
    for (long by = 0; by < gy; by++)
        for (long bx = 0; bx < gx; bx++)
            for (int ty = 0; ty < bs; ty++)
                for (int tx = 0; tx < bs; tx++) {
                    for (long t = 0; t < steps; t++)
                        step_regtile(bs, rx, ry, by, bx, ty, tx, t, s, c);
                    stores_regtile(rx, ry, (by * bs + ty) * ry, (bx * bs + tx) * rx, s, c);
                }
}

/* mm_coarse: one A load and rx B loads bs columns apart per step. */
static void step_coarse(int bs, int rx, long row, long col0, int ty, int tx, long t, const struct shape *s,
                        struct counts *c)
{
    c->loads += row < s->m && t * bs + tx < s->k;
    c->shared_st++;
    for (int r = 0; r < rx; r++) {
        c->loads += t * bs + ty < s->k && col0 + (long)r * bs < s->n;
        c->shared_st++;
    }
    c->fmas += (double)bs * rx;
    c->shared_ld += (double)bs * (1 + rx);
}

static void count_coarse(int bs, int rx, const struct shape *s, struct counts *c)
{
    long gx = (s->n + (long)bs * rx - 1) / ((long)bs * rx), gy = (s->m + bs - 1) / bs;
    long steps = (s->k + bs - 1) / bs;
    c->blocks = gx * gy;
    for (long by = 0; by < gy; by++)
        for (long bx = 0; bx < gx; bx++)
            for (int ty = 0; ty < bs; ty++)
                for (int tx = 0; tx < bs; tx++) {
                    long row = by * bs + ty, col0 = bx * bs * rx + tx;
                    for (long t = 0; t < steps; t++)
                        step_coarse(bs, rx, row, col0, ty, tx, t, s, c);
                    for (int r = 0; row < s->m && r < rx; r++)
                        c->stores += col0 + (long)r * bs < s->n;
                }
}

/* ---- beyond the seeds: bt2d, vec, warptile (matmul_road.cu), best
 * (matmul_best.cu). `threads` per block (the road: 256; best: its tile's),
 * a bm x bn tile, bk of K per step. The
 * loaders are walked copy by copy with the kernels' guards; the 16-byte
 * paths are taken when the rows are 16-byte aligned (K % 4 for A, N % 4
 * for B: cudaMalloc'd bases are), as in the kernels. */
enum fast_kind { FAST_BT2D, FAST_VEC, FAST_BEST };

struct fast_tile {
    int bm, bn, bk, wm, wn; /* wm = 0: outputs per thread adjacent (bt2d, vec), tm = bm/16, tn = bn/16 */
    enum fast_kind loader;
    int prefetch; /* best's BEST_OPT_PREFETCH: the last tile loads the fragments of one more k */
    int threads;
};

static void fast_step_loads(const struct fast_tile *f, long row0, long col0, long k0, int tid, const struct shape *s,
                            struct counts *c)
{
    int a_vec = s->k % 4 == 0, b_vec = s->n % 4 == 0;
    if (f->loader == FAST_BT2D) {
        for (int i = 0; i < f->bm * f->bk / f->threads; i++) {
            int e = i * f->threads + tid;
            c->loads += row0 + e / f->bk < s->m && k0 + e % f->bk < s->k;
            c->shared_st++;
        }
        for (int i = 0; i < f->bk * f->bn / f->threads; i++) {
            int e = i * f->threads + tid;
            c->loads += k0 + e / f->bn < s->k && col0 + e % f->bn < s->n;
            c->shared_st++;
        }
        return;
    }
    if (f->loader == FAST_VEC) {
        for (int i = 0; i < f->bm * f->bk / 4 / f->threads; i++) {
            int e = i * f->threads + tid;
            long gr = row0 + e / (f->bk / 4), gk = k0 + (e % (f->bk / 4)) * 4;
            for (int j = 0; j < 4; j++) /* float4: all four in range or none when K % 4 == 0 */
                c->loads += gr < s->m && (a_vec ? gk : gk + j) < s->k;
            c->shared_st += 4;
        }
        for (int i = 0; i < f->bk * f->bn / 4 / f->threads; i++) {
            int e = i * f->threads + tid;
            long gk = k0 + e / (f->bn / 4), gc = col0 + (e % (f->bn / 4)) * 4;
            for (int j = 0; j < 4; j++)
                c->loads += gk < s->k && (b_vec ? gc : gc + j) < s->n;
            c->shared_st += 4;
        }
        return;
    }
    /* best: A word by word (k = e%8 + 8*(e/(8*bm)), row = (e/8) % bm); B
     * in 16-byte chunks when N % 4 == 0, else word by word */
    for (int i = 0; i < f->bm * f->bk / f->threads; i++) {
        int e = i * f->threads + tid;
        long gk = k0 + e % 8 + (e / (8 * f->bm)) * 8, gr = row0 + (e / 8) % f->bm;
        c->loads += gr < s->m && gk < s->k;
        c->shared_st++;
    }
    if (b_vec) {
        int chunks = f->bk * f->bn / 4;
        for (int i = 0; i < (chunks + f->threads - 1) / f->threads; i++) {
            int e = i * f->threads + tid;
            if (e >= chunks)
                continue;
            long gk = k0 + e / (f->bn / 4), gc = col0 + (e % (f->bn / 4)) * 4;
            c->loads += 4 * (gk < s->k && gc < s->n);
            c->shared_st += 4;
        }
    } else {
        for (int i = 0; i < f->bk * f->bn / f->threads; i++) {
            int e = i * f->threads + tid;
            c->loads += k0 + e / f->bn < s->k && col0 + e % f->bn < s->n;
            c->shared_st++;
        }
    }
}

/* The outputs thread tid writes: (row, col) offsets inside the block tile.
 * Adjacent tm x tn (bt2d, vec) or warp tiles of 4 x 4 sub-tiles 16 rows and
 * 32 columns apart (warptile, best). Returns the count. */
static int fast_outputs(const struct fast_tile *f, int tid, int *rows, int *cols)
{
    int n = 0;
    if (!f->wm) {
        int tm = f->bm / 16, tn = f->bn / 16, tr = tid / (f->bn / tn), tc = tid % (f->bn / tn);
        for (int i = 0; i < tm; i++)
            for (int j = 0; j < tn; j++) {
                rows[n] = tr * tm + i;
                cols[n++] = tc * tn + j;
            }
        return n;
    }
    int warp = tid / 32, lane = tid % 32, tm = f->wm / 4, tn = f->wn / 8;
    int wm0 = (warp / (f->bn / f->wn)) * f->wm, wn0 = (warp % (f->bn / f->wn)) * f->wn;
    for (int i = 0; i < tm; i++)
        for (int j = 0; j < tn; j++) {
            rows[n] = wm0 + (i / 4) * 16 + (lane / 8) * 4 + i % 4;
            cols[n++] = wn0 + (j / 4) * 32 + (lane % 8) * 4 + j % 4;
        }
    return n;
}

static void count_fast(const struct fast_tile *f, const struct shape *s, struct counts *c)
{
    long gx = (s->n + f->bn - 1) / f->bn, gy = (s->m + f->bm - 1) / f->bm;
    long steps = (s->k + f->bk - 1) / f->bk;
    int per_thread = f->bm * f->bn / f->threads;
    int tm = f->wm ? f->wm / 4 : f->bm / 16, tn = f->wn ? f->wn / 8 : f->bn / 16;
    int rows[256], cols[256];
    assert_true(per_thread <= 256);
    /* every output of the block tile written by exactly one thread */
    unsigned char *hit = calloc((size_t)f->bm * f->bn, 1);
    assert_non_null(hit);
    assert_int_equal(tm * tn, per_thread);
    for (int tid = 0; tid < f->threads; tid++) {
        assert_int_equal(fast_outputs(f, tid, rows, cols), per_thread);
        for (int o = 0; o < per_thread; o++) {
            assert_true(rows[o] >= 0 && rows[o] < f->bm && cols[o] >= 0 && cols[o] < f->bn);
            hit[rows[o] * f->bn + cols[o]]++;
        }
    }
    for (long i = 0; i < (long)f->bm * f->bn; i++)
        if (hit[i] != 1)
            fail_msg("output (%ld, %ld) of the tile written %d times", i / f->bn, i % f->bn, hit[i]);
    free(hit);
    c->blocks = gx * gy;
    for (long by = 0; by < gy; by++)
        for (long bx = 0; bx < gx; bx++)
            for (int tid = 0; tid < f->threads; tid++) {
                for (long t = 0; t < steps; t++) {
                    fast_step_loads(f, by * f->bm, bx * f->bn, t * f->bk, tid, s, c);
                    c->fmas += (double)f->bk * tm * tn;
                    c->shared_ld += (double)f->bk * (tm + tn);
                }
                if (f->prefetch)
                    c->shared_ld += tm + tn;
                fast_outputs(f, tid, rows, cols);
                for (int o = 0; o < per_thread; o++)
                    c->stores += by * f->bm + rows[o] < s->m && bx * f->bn + cols[o] < s->n;
            }
}

static void brute_force(const struct variant *v, const struct shape *s, struct counts *c)
{
    struct counts zero = {0};
    *c = zero;
    const struct best_config *b = best_config_for(s);
    struct fast_tile road = {v->bs * v->ry, v->bs * v->rx, 8, 0, 0, FAST_BT2D, 0, v->bs * v->bs};
    struct fast_tile best = {b->bm, b->bn, b->bk, b->wm, b->wn, FAST_BEST, (b->opts & BEST_OPT_PREFETCH) != 0,
                             best_config_threads(b)};
    switch (v->kind) {
    case KIND_MM_BT2D:
        count_fast(&road, s, c);
        return;
    case KIND_MM_VEC:
        road.loader = FAST_VEC;
        count_fast(&road, s, c);
        return;
    case KIND_MM_WARPTILE:
        road.loader = FAST_VEC;
        road.wm = 4 * v->ry;
        road.wn = 8 * v->rx;
        count_fast(&road, s, c);
        return;
    case KIND_MM_BEST:
        count_fast(&best, s, c);
        return;
    default:
        break;
    }
    switch (v->kind) {
    case KIND_MM_NAIVE:
        count_naive(v->bs, s, c);
        break;
    case KIND_MM_TILED:
        count_regtile(v->bs, 1, 1, s, c);
        break;
    case KIND_MM_COARSE:
        count_coarse(v->bs, v->rx, s, c);
        break;
    default:
        count_regtile(v->bs, v->rx, v->ry, s, c);
        break;
    }
}

static void expect(const char *what, double model, double counted, const struct variant *v, const struct shape *s)
{
    if (!close_enough(model, counted, 0))
        fail_msg("%s at %ldx%ldx%ld: %s model %.0f, brute force %.0f", v->name, s->m, s->n, s->k, what, model,
                 counted);
}

static void check_one(const struct variant *v, const struct shape *s)
{
    struct counts c;
    struct theory t;
    brute_force(v, s, &c);
    assert_int_equal(theory_of(v, s, &t), 0);
    expect("global loads", t.gld_words, c.loads, v, s);
    expect("global stores", t.gst_words, c.stores, v, s);
    expect("executed flops", t.flops_executed, 2 * c.fmas, v, s);
    expect("shared loads", t.shared_ld_words, c.shared_ld, v, s);
    expect("shared stores", t.shared_st_words, c.shared_st, v, s);
    expect("blocks", (double)t.grid_blocks, (double)c.blocks, v, s);
    expect("flops", t.flops, 2.0 * s->m * s->n * s->k, v, s);
    assert_close(t.cgma, t.flops / (c.loads + c.stores), 1e-15);
}

static void every_matmul_variant(void **state)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    int checked = 0;
    for (size_t i = 0; i < n; i++) {
        if (all[i].family != FAMILY_MATMUL || !variant_is_kernel(&all[i]))
            continue;
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
            check_one(&all[i], &shapes[j]);
        checked++;
    }
    assert_true(checked >= 8); /* naive, tiled, coarse, register tiles, bt2d, vec, warptile, best */
}

/* best at every compiled-in tile: the model follows the tile the tune
 * table picks for the shape. */
static void best_at_every_tile(void **state)
{
    size_t n;
    const struct best_config *cs = best_configs(&n);
    const struct variant *v = registry_find("best");
    assert_non_null(v);
    for (size_t i = 0; i < n; i++) {
        best_tune_reset();
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
            assert_int_equal(best_tune_set(&shapes[j], &cs[i], 0, 0), 0);
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
            check_one(v, &shapes[j]);
    }
    best_tune_reset();
}

/* ---- best's sectors and requests: every block, stage and warp
 * instruction of matmul_best.cu walked with the kernel's own guard and
 * offset expressions (copy_plan, load_stage, store4), a request counted
 * when a lane reads or writes (cp.async src-size 0 reads nothing), its
 * distinct 32-byte sectors at the real row pitch. model/best_traffic.c
 * walks one block per class of equal blocks; this walks them all. */
struct warp_count {
    double requests, sectors, words;
};

struct warp_acc {
    long sector[64];
    int nsectors, words;
};

static void lane_access(struct warp_acc *w, long word, int words)
{
    for (long s = word / 8; s <= (word + words - 1) / 8; s++) {
        int seen = 0;
        for (int i = 0; i < w->nsectors && !seen; i++)
            seen = w->sector[i] == s;
        if (!seen)
            w->sector[w->nsectors++] = s;
    }
    w->words += words;
}

static void warp_done(struct warp_acc *w, struct warp_count *c)
{
    if (w->words > 0) {
        c->requests++;
        c->sectors += w->nsectors;
        c->words += w->words;
    }
    w->nsectors = w->words = 0;
}

static void best_block_copies(const struct best_config *b, const struct shape *s, long row0, long col0, long k0,
                              struct warp_count *c)
{
    long m = s->m, n = s->n, k = s->k;
    int threads = best_config_threads(b), a_rows_per_pass = threads / 8;
    struct warp_acc w = {{0}, 0, 0};
    for (int i = 0; i < b->bm * b->bk / threads; i++) /* A: cp_async4 per copy i */
        for (int tid = 0; tid < threads; tid++) {
            int rg = i % (b->bm / a_rows_per_pass), kg = i / (b->bm / a_rows_per_pass);
            long a_rows = m - (row0 + tid / 8), a_k_left = k - k0 - tid % 8;
            if (a_rows_per_pass * rg < a_rows && 8 * kg < a_k_left)
                lane_access(&w, (row0 + tid / 8) * k + tid % 8 + k0 + 8 * kg + (long)a_rows_per_pass * rg * k, 1);
            if (tid % 32 == 31)
                warp_done(&w, c);
        }
    if (n % 4 == 0) { /* B: cp_async16 */
        int chunks = b->bk * b->bn / 4, rows_per_pass = 4 * threads / b->bn;
        for (int i = 0; i < (chunks + threads - 1) / threads; i++)
            for (int tid = 0; tid < threads; tid++) {
                long cq = 4 * (tid % (b->bn / 4)), b_k_left = k - k0 - tid / (b->bn / 4);
                if (i * threads + tid < chunks && col0 + cq < n && rows_per_pass * i < b_k_left)
                    lane_access(&w, (tid / (b->bn / 4)) * n + col0 + cq + (k0 + rows_per_pass * i) * n, 4);
                if (tid % 32 == 31)
                    warp_done(&w, c);
            }
        return;
    }
    for (int i = 0; i < b->bk * b->bn / threads; i++) /* B: cp_async4 */
        for (int tid = 0; tid < threads; tid++) {
            int e = i * threads + tid;
            long gk = k0 + e / b->bn, gc = col0 + e % b->bn;
            if (gk < k && gc < n)
                lane_access(&w, gk * n + gc, 1);
            if (tid % 32 == 31)
                warp_done(&w, c);
        }
}

/* The epilogue: for i < TM (rows of the thread), j < TN/4, store4. */
static void best_block_stores(const struct best_config *b, const struct shape *s, long row0, long col0,
                              struct warp_count *c)
{
    int tm = b->wm / 4, tn = b->wn / 8, vec = s->n % 4 == 0, threads = best_config_threads(b);
    struct warp_acc w = {{0}, 0, 0};
    for (int i = 0; i < tm; i++)
        for (int j = 0; j < tn / 4; j++)
            for (int e = 0; e < (vec ? 1 : 4); e++)
                for (int tid = 0; tid < threads; tid++) {
                    int warp = tid / 32, lane = tid % 32, lm = lane / 8, ln = lane % 8;
                    int wm0 = (warp / (b->bn / b->wn)) * b->wm, wn0 = (warp % (b->bn / b->wn)) * b->wn;
                    long gr = row0 + wm0 + (i / 4) * 16 + lm * 4 + i % 4, col = col0 + wn0 + j * 32 + ln * 4;
                    if (gr < s->m && vec && col < s->n)
                        lane_access(&w, gr * s->n + col, 4);
                    if (gr < s->m && !vec && col + e < s->n)
                        lane_access(&w, gr * s->n + col + e, 1);
                    if (lane == 31)
                        warp_done(&w, c);
                }
}

static void check_best_sectors(const struct shape *s)
{
    const struct best_config *b = best_config_for(s);
    struct warp_count ld = {0, 0, 0}, st = {0, 0, 0};
    for (long row0 = 0; row0 < s->m; row0 += b->bm)
        for (long col0 = 0; col0 < s->n; col0 += b->bn) {
            for (long k0 = 0; k0 < s->k; k0 += b->bk)
                best_block_copies(b, s, row0, col0, k0, &ld);
            best_block_stores(b, s, row0, col0, &st);
        }
    struct theory t;
    const struct variant *v = registry_find("best");
    assert_int_equal(theory_of(v, s, &t), 0);
    assert_true(t.loads_by_cp_async);
    expect("load words (copies)", t.gld_words, ld.words, v, s);
    expect("distinct load words", t.gld_words_distinct, ld.words, v, s);
    expect("store words", t.gst_words, st.words, v, s);
    expect("load sectors", t.gld_sectors, ld.sectors, v, s);
    expect("store sectors", t.gst_sectors, st.sectors, v, s);
    assert_close(t.ideal_sectors_per_request_ld, ld.sectors / ld.requests, 1e-12);
    assert_close(t.ideal_sectors_per_request_st, st.sectors / st.requests, 1e-12);
    assert_close(t.cgma_sector, t.flops / (8 * (ld.sectors + st.sectors)), 1e-15);
}

/* Odd shapes (rows that start mid-sector, N % 4 != 0: word-by-word copies
 * and stores), N % 8 == 4 (16-byte copies half a sector off), K below a
 * k-tile (rows of A sharing sectors), and whole tiles; at every tile. */
static void best_sectors_every_block(void **state)
{
    static const struct shape more[] = {
        {257, 383, 129}, {300, 1004, 260}, {130, 260, 17}, {64, 64, 4}, {100, 36, 5}, {256, 512, 64},
    };
    size_t n;
    const struct best_config *cs = best_configs(&n);
    for (size_t i = 0; i < n; i++) {
        best_tune_reset();
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
            assert_int_equal(best_tune_set(&shapes[j], &cs[i], 0, 0), 0);
        for (size_t j = 0; j < sizeof more / sizeof more[0]; j++)
            assert_int_equal(best_tune_set(&more[j], &cs[i], 0, 0), 0);
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
            check_best_sectors(&shapes[j]);
        for (size_t j = 0; j < sizeof more / sizeof more[0]; j++)
            check_best_sectors(&more[j]);
    }
    best_tune_reset();
}

/* A transpose or copy guards every element: each in-range element read
 * once and written once, whatever the tile. */
static void transposes_count_in_range_elements(void **state)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    for (size_t i = 0; i < n; i++) {
        if (all[i].family != FAMILY_TRANSPOSE)
            continue;
        const struct variant *v = &all[i];
        struct shape s = {33, 17, 0};
        struct theory t;
        assert_int_equal(theory_of(v, &s, &t), 0);
        double reads = 0;
        long tile_x = (long)v->tile_dim * variant_vec(v); /* a tile is tile_dim*vec columns wide */
        long gx = (s.n + tile_x - 1) / tile_x, gy = (s.m + v->tile_dim - 1) / v->tile_dim;
        for (long y = 0; y < gy * v->tile_dim; y++)
            for (long x = 0; x < gx * tile_x; x++)
                reads += y < s.m && x < s.n;
        assert_close(t.gld_words, reads, 0);
        assert_close(t.gst_words, reads, 0);
        assert_close(t.bytes_compulsory, 8 * reads, 0);
        assert_int_equal(t.grid_blocks, gx * gy);
        assert_nan(t.cgma);
    }
}

static void bad_shapes_refused(void **state)
{
    const struct variant *v = registry_find("tiled_t16");
    struct shape zero_k = {4, 4, 0}, negative = {-1, 4, 4}, huge = {4, 1L << 31, 4};
    struct theory t;
    assert_int_equal(theory_of(v, &zero_k, &t), -1);
    assert_int_equal(theory_of(v, &negative, &t), -1);
    assert_int_equal(theory_of(v, &huge, &t), -1); /* the kernels index with int */
    assert_int_equal(theory_of(NULL, &zero_k, &t), -1);
    assert_nan(t.flops);
}

/* cuBLAS picks its own kernels: flops and compulsory bytes, nothing that
 * depends on a launch we do not know. */
static void cublas_has_flops_and_compulsory_bytes_only(void **state)
{
    const struct variant *v = registry_find("cublas");
    assert_non_null(v);
    struct shape s = {10, 20, 30};
    struct theory t;
    assert_int_equal(theory_of(v, &s, &t), 0);
    assert_close(t.flops, 12000, 0);
    assert_close(t.bytes_compulsory, 4.0 * (10 * 30 + 30 * 20 + 10 * 20), 0);
    assert_nan(t.gld_words);
    assert_nan(t.flops_executed);
    assert_nan(t.cgma);
    assert_int_equal(t.grid_blocks, 0);
    assert_int_equal(theory_grid_blocks(v, &s), 0);
}

/* The CPU baseline has no launch: only what any implementation must do. */
static void cpu_has_flops_and_compulsory_bytes_only(void **state)
{
    const struct variant *v = registry_find("cpu_blas");
    assert_non_null(v);
    struct shape s = {10, 20, 30};
    struct theory t;
    assert_int_equal(theory_of(v, &s, &t), 0);
    assert_close(t.flops, 12000, 0);
    assert_close(t.bytes_compulsory, 4.0 * (10 * 30 + 30 * 20 + 10 * 20), 0);
    assert_nan(t.gld_words);
    assert_nan(t.cgma);
    assert_int_equal(t.grid_blocks, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_matmul_variant),
        cmocka_unit_test(transposes_count_in_range_elements),
        cmocka_unit_test(bad_shapes_refused),
        cmocka_unit_test(cpu_has_flops_and_compulsory_bytes_only),
        cmocka_unit_test(best_at_every_tile),
        cmocka_unit_test(best_sectors_every_block),
        cmocka_unit_test(cublas_has_flops_and_compulsory_bytes_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
