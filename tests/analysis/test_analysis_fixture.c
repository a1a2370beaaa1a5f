/* analysis/ on the hand-made run directory fixtures/synthetic_run: every
 * derived number below is worked out by hand from the fixture's cells. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analysis/analysis.h"
#include "analysis/columns.h"
#include "close.h"
#include "common/table.h"

#define FIXTURE MMPROF_SOURCE_DIR "/tests/analysis/fixtures/synthetic_run"

static struct run_view view;

static int load(void **state)
{
    static struct analysis a;
    char err[1024];
    int rc = analysis_load(FIXTURE, 0, &view, &a, err, sizeof err);
    if (rc != 0) {
        print_error("analysis_load: %s\n", err);
        return -1;
    }
    *state = &a;
    return 0;
}

static int unload(void **state)
{
    analysis_free(*state);
    run_view_free(&view);
    return 0;
}

static const struct analysis_row *row(void **state, const char *variant)
{
    const struct analysis *a = *state;
    for (size_t i = 0; i < a->nrows; i++)
        if (strcmp(a->rows[i].variant, variant) == 0)
            return &a->rows[i];
    fail_msg("no row for %s in the fixture", variant);
    return NULL;
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("'%s' does not contain '%s'", text, part);
}

static void run_json_and_rows(void **state)
{
    const struct analysis *a = *state;
    assert_int_equal(a->nrows, 8);
    assert_string_equal(a->run.device_name, "Synthetic GPU (test fixture)");
    assert_close(a->run.sm_count, 132, 0);
}

/* rt_b16_2x2 at 64^3. Model: A loaded by ceil(64/32) = 2 block columns,
 * 2*64*64 = 8192 words, B likewise 8192; 4096 stores; 2*64^3 = 524288 flops;
 * CGMA 524288 / 20480 = 25.6. Counters: FFMA 262144 -> 524288 flops executed
 * (the tile divides 64: 2MNK, no padding); 65536 and 16384 bytes -> 16384 +
 * 4096 words, the model exactly. No cp.async column: none (0), not NaN. */
static void regtile_thread_level(void **state)
{
    const struct analysis_row *r = row(state, "rt_b16_2x2");
    assert_close(r->th.flops, 524288, 0);
    assert_close(r->th.gld_words, 16384, 0);
    assert_close(r->th.gst_words, 4096, 0);
    assert_close(r->th.cgma, 25.6, 1e-15);
    assert_close(r->ms.flops_executed, 524288, 0);
    assert_close(r->th.flops_executed, 524288, 0);
    assert_close(r->flops_executed_ratio, 1, 0);
    assert_close(r->flops_padding_pct, 0, 0);
    assert_close(r->ms.cp_async_words, 0, 0);
    assert_close(r->ms.cgma_thread_flop_per_word, 25.6, 1e-15);
    assert_close(r->cgma_thread_ratio, 1, 1e-15);
}

/* Sectors 3072 + 1024: 524288 / (8 * 4096) = 16 flop per sector word,
 * 0.625 of the thread-level 25.6 but exactly the model's own sector-level
 * CGMA (its ideal sectors are 3072 + 1024): ratio 1, like with like. Seed
 * 003's per-sector CGMA 524288 / 4096 = 128.
 * 3072 / 512 = 6 and 1024 / 128 = 8 sectors per request (the model's own
 * ideal: B and C strided by rx = 2). L2 read 1536 of 3072 sectors: 50 % L1
 * hits. DRAM 32768 + 16384 bytes; the decoy ...read.sum.per_second column
 * (9e12) must not be read. */
static void regtile_sector_level(void **state)
{
    const struct analysis_row *r = row(state, "rt_b16_2x2");
    assert_close(r->ms.cgma_sector_flop_per_word, 16, 1e-15);
    assert_close(r->th.cgma_sector, 16, 1e-15);
    assert_close(r->cgma_sector_ratio, 1, 1e-15);
    assert_close(r->ms.cgma_seed_flop_per_sector, 128, 1e-15);
    assert_close(r->th.gld_sectors, 3072, 0);
    assert_close(r->th.gst_sectors, 1024, 0);
    assert_close(r->ms.sectors_per_request_ld, 6, 0);
    assert_close(r->ms.sectors_per_request_st, 8, 0);
    assert_close(r->th.ideal_sectors_per_request_ld, 6, 0);
    assert_close(r->ms.l1_hit_pct, 50, 1e-15);
    assert_close(r->ms.dram_bytes, 49152, 0);
    assert_close(r->ms.intensity_seed_flop_per_byte, 16, 1e-15);
    assert_close(r->ms.intensity_dram_flop_per_byte, 524288.0 / 49152, 1e-15);
    assert_close(r->ms.intensity_l1_flop_per_byte, 4, 1e-15);
    assert_close(r->ms.intensity_l2_flop_per_byte, 8, 1e-15);
}

/* Shared: 500 of 1000 load wavefronts are conflicts (2-way), none of 200
 * store wavefronts. Rates: 524288 flops in 0.01 ms = 52.4288 GFLOP/s;
 * 4 * (3 * 4096) = 49152 compulsory bytes = 4.9152 GB/s. */
static void regtile_shared_and_rates(void **state)
{
    const struct analysis_row *r = row(state, "rt_b16_2x2");
    assert_close(r->ms.bank_conflict_rate_ld, 0.5, 0);
    assert_close(r->ms.bank_ways_ld, 2, 0);
    assert_close(r->ms.bank_conflict_rate_st, 0, 0);
    assert_close(r->ms.bank_ways_st, 1, 0);
    assert_close(r->ms.gflop_s, 52.4288, 1e-12);
    assert_close(r->ms.gb_s, 4.9152, 1e-12);
    assert_close(r->ms.achieved_occupancy_pct, 50, 0);
    assert_close(r->geo.theoretical_occupancy_pct, 50, 0);
    assert_close(r->ms.ipc, 2.5, 0);
    assert_close(r->ms.sm_efficiency_pct, 90, 0);
}

/* 132 SMs x 4 blocks = 528 slots; 4 blocks = 4/528 of one wave. A square
 * n fills them when ceil(n/32)^2 >= 528: 23^2 = 529, so n = 22*32 + 1. */
static void regtile_geometry(void **state)
{
    const struct analysis_row *r = row(state, "rt_b16_2x2");
    assert_close(r->geo.waves, 4.0 / 528, 1e-15);
    assert_close(r->geo.last_wave_util_pct, 100.0 * 4 / 528, 1e-15);
    assert_close(r->geo.fill_square_n, 705, 0);
    assert_string_equal(r->geo.limiter, "registers");
}

/* Its B loads and C stores use 5.3 and 4 of each sector's 8 words (rx = 2
 * strides them): a cost of the design the model counts, so measured and
 * modelled sector CGMA agree and there is no departure to explain, L1 hits
 * (50 %) or not. */
static void regtile_reason(void **state)
{
    const struct analysis_row *r = row(state, "rt_b16_2x2");
    assert_string_equal(r->reason, "");
}

/* A padded-tile variant at an odd size: rt_b16_2x3 at 50x40x30, blocks
 * 2 x 2, K steps ceil(30/16) = 2, 1024 threads each doing 16 * 2 * 3 FMAs
 * per step: 393216 flops executed against 2*50*40*30 = 120000 useful. Loads
 * 2*50*30 + 2*30*40 = 5400, stores 2000, measured exactly so. CGMA is 2MNK
 * over words on both sides: 120000 / 7400 measured and modelled, ratio 1,
 * although the kernel executed 3.28x the useful FLOPs. The padding shows
 * beside (+227.7 %, as the model says), not as a departure. */
static void edge_tiles_pad_flops(void **state)
{
    const struct analysis_row *r = row(state, "rt_b16_2x3");
    assert_close(r->th.flops, 120000, 0);
    assert_close(r->th.flops_executed, 393216, 0);
    assert_close(r->th.gld_words, 5400, 0);
    assert_close(r->th.gst_words, 2000, 0);
    assert_close(r->ms.flops_executed, 393216, 0);
    assert_close(r->flops_executed_ratio, 1, 0);
    assert_close(r->flops_padding_pct, 100 * (393216.0 / 120000 - 1), 1e-12);
    assert_close(r->th.cgma, 120000.0 / 7400, 1e-15);
    assert_close(r->ms.cgma_thread_flop_per_word, 120000.0 / 7400, 1e-15);
    assert_close(r->cgma_thread_ratio, 1, 1e-15);
    assert_nan(r->ms.cgma_sector_flop_per_word); /* no sector counters */
    assert_nan(r->cgma_sector_ratio);
    assert_string_equal(r->reason, "");
}

/* 8 * 256 * 512 bytes in 0.01 ms = 104.8576 GB/s; the naive transpose
 * takes 0.04 ms: 25 % of copy, with 131072 / 4096 = 32 sectors/store. */
static void transposes(void **state)
{
    const struct analysis_row *copy = row(state, "tr_copy");
    const struct analysis_row *naive = row(state, "tr_naive");
    assert_close(copy->ms.gb_s, 104.8576, 1e-12);
    assert_close(copy->bw_vs_copy_pct, 100, 1e-12);
    assert_string_equal(copy->reason, "");
    assert_nan(copy->ms.gflop_s);
    assert_nan(copy->th.cgma);
    assert_nan(copy->ms.cgma_thread_flop_per_word);
    assert_close(naive->ms.gb_s, 26.2144, 1e-12);
    assert_close(naive->bw_vs_copy_pct, 25, 1e-12);
    assert_close(naive->ms.sectors_per_request_st, 32, 0);
    assert_close(naive->th.ideal_sectors_per_request_st, 32, 0);
    assert_string_equal(naive->reason, "uncoalesced stores: 32.0 sectors/request (4 if contiguous)");
}

/* A skipped row: theory yes, measurement none, no crash, the collector's
 * reason carried; 0 blocks per SM gives no waves. */
static void skipped_row(void **state)
{
    const struct analysis_row *r = row(state, "rt_b32_6x6");
    assert_true(r->has_theory);
    assert_nan(r->ms.flops_executed);
    assert_nan(r->ms.gflop_s);
    assert_nan(r->cgma_thread_ratio);
    assert_nan(r->geo.waves);
    assert_nan(r->geo.fill_square_n);
    assert_string_equal(r->reason, "skipped: registers: 255 per thread x 1024 threads exceed the 65536 of an SM");
}

/* Not in the registry: no model, rates from the row's flops column:
 * 524288 flops in 0.002 ms = 262.144 GFLOP/s. */
static void unknown_variant(void **state)
{
    const struct analysis_row *r = row(state, "my_custom_sgemm");
    assert_false(r->has_theory);
    assert_null(r->v);
    assert_nan(r->th.cgma);
    assert_close(r->ms.gflop_s, 262.144, 1e-12);
    assert_close(r->ms.gb_s, 24.576, 1e-12);
    assert_contains(r->reason, "no model");
}

/* naive 64^3: thread-level loads 2 * 64^3, but the counter counts the A
 * word all 32 lanes load once per request: 64^3 / 32 + 64^3 = 270336
 * words (the model's distinct words), + 4096 stores: CGMA 524288 / 274432,
 * 1.93 x the thread-level theory 524288 / 528384, a departure whose
 * mechanism the model names (measured words 274432 / 528384 - 1 = -48.1 %).
 * Sectors 8192 (A, one per request) + 32768 (B, 4) = 40960, stores 512: per
 * sector word 524288 / (8 * 41472), the model's own: no sector departure.
 * Blocks per SM 2: 264 slots, ceil(n/32)^2 >= 264 from ceil = 17: n = 513.
 * L1 hit: the L2 Request Coalescer's 10240 requested sectors of 40960 gld
 * sectors miss, 75 % hit; L2's own 4096 tex reads (after the coalescer merged
 * some) would give 90 %. */
static void naive_broadcast(void **state)
{
    const struct analysis_row *r = row(state, "naive");
    assert_close(r->th.cgma, 524288.0 / 528384, 1e-15);
    assert_close(r->th.gld_words_distinct, 270336, 0);
    assert_close(r->ms.cgma_thread_flop_per_word, 524288.0 / 274432, 1e-15);
    assert_close(r->th.gld_sectors, 40960, 0);
    assert_close(r->ms.cgma_sector_flop_per_word, 524288.0 / (8 * 41472), 1e-15);
    assert_close(r->cgma_sector_ratio, 1, 1e-15);
    assert_string_equal(r->reason, "broadcast loads counted once per warp: measured words -48.1 %, modelled");
    assert_close(r->geo.fill_square_n, 513, 0);
    assert_close(r->ms.l1_hit_pct, 75, 1e-12);
}

/* A results.csv from before the cp.async columns (a real H200 row of best
 * at 1024^3, examples/seeds): best loads only by cp.async, so without
 * sm__sass_data_bytes_mem_global_op_ldgsts its thread-level loads are not
 * measured: NaN, not the 0 of ..._op_ld, which would give CGMA 2048. Its
 * L1TEX requests and sectors count the copies already: A 4 block columns x
 * 1024^2 words / 32 per request = 131072 requests of 4 sectors, B 8 block
 * rows x 1024^2 / 128 = 65536 of 16: 196608 and 1572864, the model's;
 * stores 131072 sectors. Sector CGMA 2^31 / (8 * 1703936) on both sides.
 * rt_b16_2x2 in the same file (no cp.async) keeps its number. */
static void old_format_cp_async(void **state)
{
    const struct analysis_row *r = row(state, "best");
    assert_true(r->th.loads_by_cp_async);
    assert_nan(r->ms.cp_async_words);
    assert_nan(r->ms.gld_words);
    assert_nan(r->ms.cgma_thread_flop_per_word);
    assert_nan(r->cgma_thread_ratio);
    assert_close(r->ms.gst_words, 1048576, 0);
    assert_close(r->th.gld_sectors, 1572864, 0);
    assert_close(r->ms.gld_sectors, 1572864, 0);
    assert_close(r->ms.cgma_sector_flop_per_word, 2147483648.0 / (8 * 1703936), 1e-15);
    assert_close(r->cgma_sector_ratio, 1, 1e-15);
    assert_close(r->flops_executed_ratio, 1, 0);
    assert_string_equal(r->reason, "thread-level loads not measured: cp.async copies, and results.csv has no "
                                   "sm__sass_data_bytes_mem_global_op_ldgsts.sum for them");
    const struct analysis_row *t = row(state, "rt_b16_2x2");
    assert_false(t->th.loads_by_cp_async);
    assert_close(t->ms.cgma_thread_flop_per_word, 25.6, 1e-15);
}

static void geometry_helpers(void **state)
{
    assert_close(geometry_waves(264, 132), 2, 0);
    assert_close(geometry_last_wave_util_pct(264, 132), 100, 0);
    assert_close(geometry_last_wave_util_pct(133, 132), 100.0 / 132, 1e-15);
    assert_nan(geometry_slots(132, 0));
    assert_nan(geometry_fill_square_n(registry_find("cpu_blas"), 528));
    /* transposes: tiles of 32 -> ceil(n/32)^2 >= 16 at n = 3*32 + 1 */
    assert_close(geometry_fill_square_n(registry_find("tr_copy_shared"), 16), 97, 0);
}

/* The CSV writer: a header of every column, a line per row, empty cells
 * for NaN, readable back through common/table.c. */
static void csv_round_trip(void **state)
{
    const struct analysis *a = *state;
    char path[] = "/tmp/mmprof_analysis_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_int_equal(analysis_write_csv(a, f), 0);
    fclose(f);
    char err[512];
    struct table *t = table_read(path, err, sizeof err);
    unlink(path);
    assert_non_null(t);
    size_t ncols;
    const struct column *cols = analysis_columns(&ncols);
    assert_int_equal(t->ncols, ncols);
    assert_int_equal(t->nrows, a->nrows);
    for (size_t c = 0; c < ncols; c++)
        assert_string_equal(t->header[c], cols[c].name);
    assert_close(table_num(t, 0, table_col(t, "theory_cgma_flop_per_word")), 25.6, 1e-15);
    assert_string_equal(table_str(t, 2, table_col(t, "meas_cgma_thread_flop_per_word")), "");
    assert_string_equal(table_str(t, 4, table_col(t, "status")), "skipped");
    table_free(t);
}

/* analysis/README.md documents every column, by its exact name in backticks. */
static void readme_documents_every_column(void **state)
{
    static char readme[1 << 16];
    FILE *f = fopen(MMPROF_SOURCE_DIR "/analysis/README.md", "rb");
    assert_non_null(f);
    readme[fread(readme, 1, sizeof readme - 1, f)] = '\0';
    fclose(f);
    size_t ncols;
    const struct column *cols = analysis_columns(&ncols);
    for (size_t c = 0; c < ncols; c++) {
        char quoted[128];
        snprintf(quoted, sizeof quoted, "`%s`", cols[c].name);
        if (!strstr(readme, quoted))
            fail_msg("analysis/README.md does not document column %s", quoted);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(run_json_and_rows),   cmocka_unit_test(regtile_thread_level),
        cmocka_unit_test(regtile_sector_level), cmocka_unit_test(regtile_shared_and_rates),
        cmocka_unit_test(regtile_geometry),    cmocka_unit_test(regtile_reason),
        cmocka_unit_test(edge_tiles_pad_flops), cmocka_unit_test(transposes),
        cmocka_unit_test(skipped_row),         cmocka_unit_test(unknown_variant),
        cmocka_unit_test(naive_broadcast),     cmocka_unit_test(old_format_cp_async),
        cmocka_unit_test(geometry_helpers),
        cmocka_unit_test(csv_round_trip),      cmocka_unit_test(readme_documents_every_column),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
