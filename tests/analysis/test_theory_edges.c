/* Edge tiles: the closed forms of kernels/theory.c against a brute-force
 * count that walks every block, thread, tile step and unrolled loop of the
 * kernels in kernels/ (the .cu files) and applies their guards one load at a time, on
 * small odd shapes where partial tiles are everywhere. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "close.h"
#include "kernels/theory.h"

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

static void brute_force(const struct variant *v, const struct shape *s, struct counts *c)
{
    struct counts zero = {0};
    *c = zero;
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
        if (all[i].family != FAMILY_MATMUL || !variant_on_gpu(&all[i]))
            continue;
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++)
            check_one(&all[i], &shapes[j]);
        checked++;
    }
    assert_true(checked >= 4); /* naive, tiled, coarse and register tiles at least */
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
        long gx = (s.n + v->tile_dim - 1) / v->tile_dim, gy = (s.m + v->tile_dim - 1) / v->tile_dim;
        for (long y = 0; y < gy * v->tile_dim; y++)
            for (long x = 0; x < gx * v->tile_dim; x++)
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
