/* Coalescing and bank conflicts of model/theory_*.c: ideal sectors per
 * warp request and n-way shared-memory conflicts, generated from the
 * kernels' index expressions. Expected values are worked out by hand in
 * the comments; the naive and tiled_t32 sector totals at n = 2048 are also
 * the ones CUPTI measures on an H200. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "close.h"
#include "model/theory.h"

static struct theory model_of(const char *name, long m, long n, long k)
{
    const struct variant *v = registry_find(name);
    if (!v)
        fail_msg("variant %s is not in the registry", name);
    struct shape s = {m, n, k};
    struct theory t;
    assert_int_equal(theory_of(v, &s, &t), 0);
    return t;
}

/* tr_copy (tuned): a warp reads and writes 32 consecutive float4
 * (16 sectors); at 16x16 two half-rows of 16 floats, 2 sectors each. */
static void copies_are_coalesced(void **state)
{
    struct theory t = model_of("tr_copy", 1024, 1024, 0);
    assert_close(t.ideal_sectors_per_request_ld, 16, 0);
    assert_close(t.ideal_sectors_per_request_st, 16, 0);
    assert_nan(t.bank_conflict_ways);
    t = model_of("tr_copy_16x16", 1024, 1024, 0);
    assert_close(t.ideal_sectors_per_request_ld, 4, 0);
    assert_close(t.ideal_sectors_per_request_st, 4, 0);
    t = model_of("tr_copy_shared", 1024, 1024, 0);
    assert_close(t.bank_conflict_ways, 1, 0);
}

/* tr_naive writes out[x * rows + y + j]: 32 lanes, 32 rows, 32 sectors.
 * At 16x16 the two half-warps write y and y + 1 of the same 16 rows: 16. */
static void naive_transpose_writes_are_strided(void **state)
{
    struct theory t = model_of("tr_naive", 1024, 1024, 0);
    assert_close(t.ideal_sectors_per_request_ld, 4, 0);
    assert_close(t.ideal_sectors_per_request_st, 32, 0);
    t = model_of("tr_naive_16x16", 1024, 1024, 0);
    assert_close(t.ideal_sectors_per_request_st, 16, 0);
}

/* tr_coalesced reads tile[tx][ty + j]: lanes 33 words apart when padded,
 * 32 apart (one bank: 32-way) when not. At 16x16 unpadded, rows are 16
 * words: even tx hit bank c, odd tx bank c + 16, 8 lanes each (8-way).
 * Padded 16x16 (17 words) still pairs lane (ty, tx = 0) with lane
 * (ty + 1, tx = 15): 15 * 17 + 1 = 256 = 0 mod 32, so 2-way, on the read
 * and on the write tile[ty + j][tx] alike. */
static void coalesced_transpose_bank_conflicts(void **state)
{
    struct theory t = model_of("tr_coalesced", 1024, 1024, 0);
    assert_close(t.bank_conflict_ways_ld, 32, 0);
    assert_close(t.bank_conflict_ways_st, 1, 0);
    assert_close(t.ideal_sectors_per_request_st, 4, 0);
    t = model_of("tr_padded", 1024, 1024, 0);
    assert_close(t.bank_conflict_ways, 1, 0);
    t = model_of("tr_coalesced_16x16", 1024, 1024, 0);
    assert_close(t.bank_conflict_ways_ld, 8, 0);
    assert_close(t.bank_conflict_ways_st, 1, 0);
    t = model_of("tr_padded_16x16", 1024, 1024, 0);
    assert_close(t.bank_conflict_ways_ld, 2, 0);
    assert_close(t.bank_conflict_ways_st, 2, 0);
}

/* Naive matmul: a warp (one row of a 32x32 block) reads one A word (1
 * sector, a broadcast) and 32 consecutive B words (4): 2.5 per request.
 * CUPTI measured (H200) 1.34218e9 load sectors at n = 2048 =
 * 2048^3 / 32 * 1 + 2048^3 / 32 * 4, and 524288 store sectors. */
static void naive_matmul_broadcast(void **state)
{
    struct theory t = model_of("naive", 2048, 2048, 2048);
    assert_close(t.ideal_sectors_per_request_ld, 2.5, 0);
    assert_close(t.ideal_sectors_per_request_st, 4, 0);
    assert_close(t.gld_sectors, 1.34217728e9, 0);
    assert_close(t.gst_sectors, 524288, 0);
}

/* tiled_t32: A and B rows of 32 floats, 4 sectors; CUPTI measured
 * 6.71089e7 load sectors at n = 2048 (2 * 2048^3 / 32 words / 8). Small
 * tiles waste sectors: a 2x2 block is a 4-lane warp reading 2 rows of 2
 * floats, 2 sectors for 4 words. */
static void tiled_sectors(void **state)
{
    struct theory t = model_of("tiled_t32", 2048, 2048, 2048);
    assert_close(t.ideal_sectors_per_request_ld, 4, 0);
    assert_close(t.gld_sectors, 6.7108864e7, 0);
    assert_close(t.bank_conflict_ways, 1, 0);
    t = model_of("tiled_t2", 64, 64, 64);
    assert_close(t.ideal_sectors_per_request_ld, 2, 0);
    assert_close(t.gld_sectors, t.gld_words / 2, 0);
}

/* rt_b16_2x2: a warp is 2 thread rows of 16. A loads (ry = 2 per step):
 * 2 rows x 16 floats = 4 sectors. B loads (rx = 2): lanes 2 floats apart,
 * 2 rows x 32 floats = 8 sectors. Mean (2*4 + 2*8) / 4 = 6. Shared:
 * As[ty*2 + y][p] for ty and ty + 1 is 2 rows x 16 words = 32 words apart,
 * the same bank: 2-way; Bs[ty][tx*2 + x] stores are 2 words apart: 2-way. */
static void regtile_strided_b(void **state)
{
    struct theory t = model_of("rt_b16_2x2", 4096, 4096, 4096);
    assert_close(t.ideal_sectors_per_request_ld, 6, 0);
    assert_close(t.ideal_sectors_per_request_st, 8, 0);
    assert_close(t.bank_conflict_ways_ld, 2, 0);
    assert_close(t.bank_conflict_ways_st, 2, 0);
    /* rt_b32_4x4: A 4 sectors, B 32 lanes x 4 floats = 16; (4*4 + 4*16) / 8 */
    t = model_of("rt_b32_4x4", 4096, 4096, 4096);
    assert_close(t.ideal_sectors_per_request_ld, 10, 0);
    assert_close(t.bank_conflict_ways_ld, 4, 0);
    /* odd ry: As rows of ty and ty + 1 are 3 x 16 = 48 words apart, banks
     * 16 apart, no conflict; Bs stores still 2 words apart */
    t = model_of("rt_b16_2x3", 4096, 4096, 4096);
    assert_close(t.bank_conflict_ways_ld, 1, 0);
    assert_close(t.bank_conflict_ways_st, 2, 0);
}

/* Coarsening keeps a thread's outputs bs apart: every access contiguous. */
static void coarse_stays_coalesced(void **state)
{
    struct theory t = model_of("coarse_1x4", 4096, 4096, 4096);
    assert_close(t.ideal_sectors_per_request_ld, 4, 0);
    assert_close(t.ideal_sectors_per_request_st, 4, 0);
    assert_close(t.gld_sectors, t.gld_words / 8, 1e-15);
}

/* best (tile 128x256, the default) against what an H200 measured
 * (examples/seeds; the ncu cross-check at 1000x3000x700, ncu and mmprof
 * alike). All its loads are cp.async copies, which the L1TEX load counters
 * count: A in requests of 4 rows x 8 k (4 sectors), B of 32 x 16 bytes (16
 * sectors), C stored as float4 (16). At 1000x3000x700 K = 700 puts every
 * other row of A half a sector off (2 sectors per 8 k), the last k-tile
 * holds 4 k and rows 1000..1023 and k 700..703 are zero-filled: no
 * sectors, no requests. */
static void best_as_measured(void **state)
{
    static const struct {
        long m, n, k;
        double ld_requests, ld_sectors, st_requests, st_sectors;
    } runs[] = {
        {1024, 1024, 1024, 196608, 1572864, 8192, 131072},
        {2048, 2048, 2048, 1572864, 12582912, 32768, 524288},
        {1000, 3000, 700, 398400, 3678000, 23688, 375000},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        struct theory t = model_of("best", runs[i].m, runs[i].n, runs[i].k);
        assert_close(t.gld_sectors, runs[i].ld_sectors, 0);
        assert_close(t.gst_sectors, runs[i].st_sectors, 0);
        assert_close(t.gld_sectors / t.ideal_sectors_per_request_ld, runs[i].ld_requests, 1e-12);
        assert_close(t.gst_sectors / t.ideal_sectors_per_request_st, runs[i].st_requests, 1e-12);
    }
    /* 1024^3: A 4194304 words / 32 per request, B 8388608 / 128 */
    struct theory t = model_of("best", 1024, 1024, 1024);
    assert_close(t.ideal_sectors_per_request_ld, 1572864.0 / 196608, 0);
    assert_close(t.cgma_sector, 2147483648.0 / (8 * (1572864 + 131072)), 1e-15);
    assert_true(t.loads_by_cp_async);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(copies_are_coalesced),
        cmocka_unit_test(naive_transpose_writes_are_strided),
        cmocka_unit_test(coalesced_transpose_bank_conflicts),
        cmocka_unit_test(naive_matmul_broadcast),
        cmocka_unit_test(tiled_sectors),
        cmocka_unit_test(regtile_strided_b),
        cmocka_unit_test(coarse_stays_coalesced),
        cmocka_unit_test(best_as_measured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
