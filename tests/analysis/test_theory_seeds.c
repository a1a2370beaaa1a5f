/* The seeds' own numbers as test vectors for model/theory_*.c:
 * seed 003 Table 2 (percent fewer global accesses than 1x1) and Table 3
 * (CGMA as a multiple of BS), and seed 001's "a quarter fewer global
 * accesses" for a 1x2 coarsened thread. The seeds neglect the N^2 stores
 * (and 003's Table 3 takes N -> infinity), so the loads alone are compared,
 * at sizes every tile divides, where the model is exact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "close.h"
#include "model/theory.h"

struct seed_row {
    int rx, ry;
    double load_coefficient; /* global loads / (N^3 / BS), seed 003 Table 2 */
    double percent_fewer;    /* vs 1x1, Table 2 */
    double cgma_per_bs;      /* CGMA / BS, Table 3 */
};

/* Seed 003, Tables 2 and 3 ("3 x 2" is Rx = 3, Ry = 2). */
static const struct seed_row table[] = {
    {1, 1, 2.0, 0.0, 1.0},
    {2, 1, 3.0 / 2, 25.0, 4.0 / 3},
    {2, 2, 1.0, 50.0, 2.0},
    {3, 2, 5.0 / 6, 100.0 * 7 / 12, 12.0 / 5}, /* printed as 58,3 and 12/5 = 2,4 */
    {2, 8, 5.0 / 8, 68.75, 16.0 / 5},
    {4, 4, 1.0 / 2, 75.0, 4.0},
    {8, 8, 1.0 / 4, 87.5, 8.0},
};

#define NROWS (sizeof table / sizeof table[0])

static struct variant regtile(int bs, int rx, int ry)
{
    struct variant v = {.name = "seed003", .family = FAMILY_MATMUL, .kind = KIND_MM_REGTILE, .bs = bs,
                        .rx = rx, .ry = ry};
    return v;
}

static struct theory model(const struct variant *v, long n)
{
    struct shape s = {n, n, n};
    struct theory t;
    assert_int_equal(theory_of(v, &s, &t), 0);
    return t;
}

/* 24 * BS is divisible by BS * {1, 2, 3, 4, 8}: every tile fits exactly. */
static void check_table2(int bs)
{
    long n = 24L * bs;
    double n3_over_bs = (double)n * n * n / bs;
    struct variant one = regtile(bs, 1, 1);
    double loads_1x1 = model(&one, n).gld_words;
    for (size_t i = 0; i < NROWS; i++) {
        struct variant v = regtile(bs, table[i].rx, table[i].ry);
        struct theory t = model(&v, n);
        assert_close(t.gld_words / n3_over_bs, table[i].load_coefficient, 1e-12);
        assert_close(100 * (1 - t.gld_words / loads_1x1), table[i].percent_fewer, 1e-9);
        assert_close(t.gst_words, (double)n * n, 0); /* the seed's + N^2 */
    }
}

static void table2_bs16(void **state)
{
    check_table2(16);
}

static void table2_bs32(void **state)
{
    check_table2(32);
}

/* Table 3: CGMA ~ 2 BS / (1/Rx + 1/Ry) once the N^2 stores are negligible. */
static void check_table3(int bs)
{
    long n = 24L * bs;
    for (size_t i = 0; i < NROWS; i++) {
        struct variant v = regtile(bs, table[i].rx, table[i].ry);
        struct theory t = model(&v, n);
        assert_close(t.flops / t.gld_words / bs, table[i].cgma_per_bs, 1e-12);
        assert_close(t.flops, 2.0 * n * n * n, 0);
    }
}

static void table3_bs16(void **state)
{
    check_table3(16);
}

static void table3_bs32(void **state)
{
    check_table3(32);
}

/* With the stores counted, CGMA tends to the table's value as N grows:
 * within 1 % at N = 24 * 64 * BS (stores/loads = 1 / (1536 * coefficient)). */
static void table3_limit_with_stores(void **state)
{
    long n = 24L * 64 * 16;
    for (size_t i = 0; i < NROWS; i++) {
        struct variant v = regtile(16, table[i].rx, table[i].ry);
        struct theory t = model(&v, n);
        double expected = table[i].cgma_per_bs * 16;
        assert_true(t.cgma < expected && t.cgma > 0.99 * expected);
    }
}

/* The registry's own entries reproduce the table (2x3 is the transposed 3x2). */
static void registry_entries_match(void **state)
{
    static const char *const names[] = {"rt_b16_1x1", "rt_b16_2x1", "rt_b16_2x2", "rt_b16_2x3",
                                        "rt_b16_2x8", "rt_b16_4x4", "rt_b16_8x8"};
    long n = 16L * 24;
    for (size_t i = 0; i < NROWS; i++) {
        const struct variant *v = registry_find(names[i]);
        assert_non_null(v);
        struct theory t = model(v, n);
        assert_close(t.flops / t.gld_words / 16, table[i].cgma_per_bs, 1e-12);
    }
}

/* Seed 001: merging two horizontally adjacent blocks (1x2) "reduces global
 * memory access by a quarter" against the tiled kernel of the same block. */
static void seed001_coarse_quarter_fewer(void **state)
{
    const struct variant *tiled = registry_find("tiled_t16");
    const struct variant *c2 = registry_find("coarse_1x2");
    const struct variant *c4 = registry_find("coarse_1x4");
    assert_non_null(tiled);
    assert_non_null(c2);
    assert_non_null(c4);
    long n = 512; /* the seed's N */
    double base = model(tiled, n).gld_words;
    assert_close(model(c2, n).gld_words / base, 0.75, 1e-12);
    /* and 1x4: (1/4 + 1) / 2 of the loads */
    assert_close(model(c4, n).gld_words / base, 0.625, 1e-12);
    assert_close(model(c2, n).gst_words, (double)n * n, 0);
}

/* Naive: two loads per FMA, so CGMA is just under 1. */
static void naive_cgma_about_one(void **state)
{
    const struct variant *v = registry_find("naive");
    assert_non_null(v);
    struct theory t = model(v, 1024);
    assert_close(t.gld_words, 2.0 * 1024 * 1024 * 1024, 0);
    assert_true(t.cgma < 1 && t.cgma > 0.999);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table2_bs16),
        cmocka_unit_test(table2_bs32),
        cmocka_unit_test(table3_bs16),
        cmocka_unit_test(table3_bs32),
        cmocka_unit_test(table3_limit_with_stores),
        cmocka_unit_test(registry_entries_match),
        cmocka_unit_test(seed001_coarse_quarter_fewer),
        cmocka_unit_test(naive_cgma_about_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
