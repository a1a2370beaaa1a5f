/* analysis/roofline.c: which ceilings a kernel is held to (measured, else
 * the datasheet's, else the SKU table's), the DRAM roof as the best of
 * copy, read and write, and a kernel's bound and headroom at its
 * intensity. The roofline chart and the report's findings both call it, so
 * these cases are what both show. Roofs are the best this GPU does: a
 * kernel above one raises it to its figure, named in one line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/analysis.h"
#include "analysis/roofline.h"
#include "analysis/verdict.h"
#include "close.h"

/* run.json's "ceilings" as the collector writes them (numbers of the H200
 * fixture rounded: copy is the lowest DRAM figure, read the highest). */
static const char measured_json[] =
    "{\"device\": {\"name\": \"NVIDIA H200\", \"sm_count\": 132},"
    " \"ceilings\": {\"measured\": {\"dram_copy_gbs\": 3900, \"dram_read_gbs\": 4500, \"dram_write_gbs\": 4300,"
    " \"l2_read_gbs\": 8300, \"smem_gbs\": 32000, \"fp32_gflops\": 63000, \"sm_clock_mhz\": 1977},"
    " \"datasheet\": {\"sku\": \"H200 SXM 141GB\", \"computed\": false, \"dram_gbs\": 4800,"
    " \"fp32_gflops\": 66900, \"boost_mhz\": 1980}}}";

static void read_json(const char *text, struct roofline *r)
{
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    roofline_read(root, r);
    cJSON_Delete(root);
}

/* The DRAM roof is the best measured of copy, read and write, whichever
 * order they come in, and says which it is. */
static void dram_roof_is_the_best_measured(void **state)
{
    struct roofline r;
    read_json(measured_json, &r);
    assert_string_equal(roofline_source(&r), "measured");
    assert_close(roofline_bw_gbs(&r, ROOF_DRAM), 4500, 0);
    assert_string_equal(r.dram_kind, "read");
    assert_close(roofline_bw_gbs(&r, ROOF_L2), 8300, 0);
    assert_close(roofline_bw_gbs(&r, ROOF_L1), 32000, 0);
    assert_close(roofline_fp32_gflops(&r), 63000, 0);
    assert_close(roofline_ridge_flop_per_byte(&r, ROOF_DRAM), 63000.0 / 4500, 1e-15);
    assert_string_equal(r.note, "");

    read_json("{\"ceilings\": {\"measured\": {\"dram_copy_gbs\": 3000, \"dram_read_gbs\": 2900,"
              " \"dram_write_gbs\": 3100, \"fp32_gflops\": 60000}}}",
              &r);
    assert_close(roofline_bw_gbs(&r, ROOF_DRAM), 3100, 0);
    assert_string_equal(r.dram_kind, "write");
    assert_nan(roofline_bw_gbs(&r, ROOF_L2)); /* not measured: no L2 roof, and a note says so */
    assert_non_null(strstr(r.note, "lacks some measured bandwidth ceilings"));
}

/* Without a measured FP32 peak, kernels are held to the datasheet's DRAM
 * and FP32 roofs, which have no L1 or L2 roof. */
static void datasheet_when_nothing_measured(void **state)
{
    struct roofline r;
    read_json("{\"ceilings\": {\"datasheet\": {\"sku\": \"H200 SXM 141GB\", \"dram_gbs\": 4800,"
              " \"fp32_gflops\": 66900, \"boost_mhz\": 1980}}}",
              &r);
    assert_string_equal(roofline_source(&r), "datasheet");
    assert_close(roofline_bw_gbs(&r, ROOF_DRAM), 4800, 0);
    assert_close(roofline_fp32_gflops(&r), 66900, 0);
    assert_nan(roofline_bw_gbs(&r, ROOF_L2));
    assert_nan(roofline_bw_gbs(&r, ROOF_L1));
    assert_int_equal(roofline_position(&r, ROOF_L2, 10, 1000).bound, ROOF_BOUND_UNKNOWN);
    assert_non_null(strstr(r.note, "datasheet roofs of the H200 SXM 141GB only"));
}

/* An older run without "ceilings": the SKU table by device name and SM
 * count; a device it cannot name: no roofline at all. */
static void sku_table_then_nothing(void **state)
{
    struct roofline r;
    read_json("{\"device\": {\"name\": \"NVIDIA H100 80GB HBM3\", \"sm_count\": 132, \"cc\": \"9.0\"}}", &r);
    assert_string_equal(roofline_source(&r), "datasheet");
    assert_string_equal(r.sku, "H100 SXM5 80GB");
    assert_close(roofline_bw_gbs(&r, ROOF_DRAM), 3350, 0);
    assert_close(roofline_fp32_gflops(&r), 66900, 0);

    read_json("{\"device\": {}}", &r);
    assert_null(roofline_source(&r));
    assert_false(roofline_drawable(&r));
    assert_nan(roofline_ridge_flop_per_byte(&r, ROOF_DRAM));
    struct roof_position p = roofline_position(&r, ROOF_DRAM, 10, 1000);
    assert_int_equal(p.bound, ROOF_BOUND_UNKNOWN);
    assert_nan(p.roof_gflops);
    assert_false(p.above_roof);
}

/* Left of the ridge a kernel is held by bandwidth x intensity, right of it
 * by the FP32 peak; the headroom is what is left to 100 % of that roof. */
static void bound_and_headroom(void **state)
{
    struct roofline r;
    read_json(measured_json, &r);
    double ridge = 63000.0 / 4500; /* 14 FLOP/byte */

    struct roof_position mem = roofline_position(&r, ROOF_DRAM, 2, 4500);
    assert_int_equal(mem.bound, ROOF_BOUND_MEMORY);
    assert_close(mem.roof_gflops, 9000, 1e-15);
    assert_close(mem.pct_of_roof, 50, 1e-15);
    assert_false(mem.above_roof);

    struct roof_position comp = roofline_position(&r, ROOF_DRAM, 100, 31500);
    assert_int_equal(comp.bound, ROOF_BOUND_COMPUTE);
    assert_close(comp.roof_gflops, 63000, 0);
    assert_close(comp.pct_of_roof, 50, 1e-15);

    /* a kernel between the copy ridge (16.2) and the read ridge (14) is
     * compute-bound: held to copy alone, it would have been memory-bound */
    assert_int_equal(roofline_position(&r, ROOF_DRAM, 15, 1000).bound, ROOF_BOUND_COMPUTE);
    assert_int_equal(roofline_position(&r, ROOF_DRAM, ridge * 0.999, 1000).bound, ROOF_BOUND_MEMORY);

    /* L2 has its own ridge: the same intensity can be memory-bound at DRAM and not at L2 */
    assert_int_equal(roofline_position(&r, ROOF_L2, 10, 1000).bound, ROOF_BOUND_COMPUTE);
    assert_int_equal(roofline_position(&r, ROOF_DRAM, 10, 1000).bound, ROOF_BOUND_MEMORY);

    assert_int_equal(roofline_position(&r, ROOF_DRAM, NAN, 1000).bound, ROOF_BOUND_UNKNOWN);
    assert_nan(roofline_position(&r, ROOF_DRAM, 2, NAN).pct_of_roof);
}

/* Above the roof by more than rounding is flagged; on the roof is not. */
static void above_the_roof(void **state)
{
    struct roofline r;
    read_json(measured_json, &r);
    assert_false(roofline_position(&r, ROOF_DRAM, 2, 9000).above_roof);
    assert_false(roofline_position(&r, ROOF_DRAM, 2, 9000 * (1 + 1e-12)).above_roof);
    struct roof_position p = roofline_position(&r, ROOF_DRAM, 2, 9000 * 1.28);
    assert_true(p.above_roof);
    assert_close(p.pct_of_roof, 128, 1e-12);
}

static void roof_in_words(void **state)
{
    struct roofline r;
    char buf[128];
    read_json(measured_json, &r);
    roofline_roof_text(&r, ROOF_DRAM, ROOF_BOUND_MEMORY, buf, sizeof buf);
    assert_string_equal(buf, "measured DRAM bandwidth roof (4500 GB/s)");
    roofline_roof_text(&r, ROOF_L2, ROOF_BOUND_COMPUTE, buf, sizeof buf);
    assert_string_equal(buf, "measured FP32 roof (63000 GFLOP/s)");
    assert_string_equal(roof_level_name(ROOF_L1), "L1");
    assert_string_equal(roof_level_name(ROOF_DRAM), "DRAM");
}

/* A measured row moving dram_gbs GB/s over 1 ms of counted time, nothing else known. */
static void row_at(struct analysis_row *r, const char *name, double dram_gbs)
{
    memset(r, 0, sizeof *r);
    snprintf(r->variant, sizeof r->variant, "%s", name);
    snprintf(r->status, sizeof r->status, "ok");
    struct measured *m = &r->ms;
    m->runtime_ms = m->counter_ms = 1.0;
    m->dram_bytes = dram_gbs * 1e6;
    m->l2_bytes = m->l1_bytes = m->shared_wavefronts = m->fadd = m->fmul = m->ffma = NAN;
    m->flops_executed = m->ipc = NAN;
}

static void kernel_above_raises_its_roof(void **state)
{
    (void)state;
    struct roofline roof;
    read_json(measured_json, &roof);
    struct analysis_row rows[2];
    row_at(&rows[0], "tr_copy", 4700);
    row_at(&rows[1], "tr_naive", 3000);
    struct analysis a = {.nrows = 2, .rows = rows};
    analysis_fit_roofs(&a, &roof);
    analysis_attach_roofs(&a, &roof);
    assert_true(fabs(roofline_bw_gbs(&roof, ROOF_DRAM) - 4700) < 1e-6);
    assert_string_equal(roof.raised_by[ROOF_DRAM], "tr_copy");
    assert_true(fabs(rows[0].sol_pct[SOL_DRAM] - 100) < 1e-9);
    assert_true(fabs(rows[1].sol_pct[SOL_DRAM] - 100.0 * 3000 / 4700) < 1e-9);
    char line[512];
    roofline_raised_text(&roof, line, sizeof line);
    assert_string_equal(line, "the DRAM roof is tr_copy's 4700 GB/s, above the measured ceiling of 4500 GB/s "
                              "(roofs are the best this GPU does)");
    assert_null(strchr(line, '\n'));
    assert_string_equal(roof.raised_by[ROOF_L2], ""); /* its L2 bytes are not known */
}

static void kernels_under_their_roofs_raise_nothing(void **state)
{
    (void)state;
    struct roofline roof;
    read_json(measured_json, &roof);
    struct analysis_row rows[1];
    row_at(&rows[0], "tr_copy", 4500); /* at the roof, not above */
    struct analysis a = {.nrows = 1, .rows = rows};
    analysis_fit_roofs(&a, &roof);
    char line[512];
    roofline_raised_text(&roof, line, sizeof line);
    assert_string_equal(line, "");
    assert_true(fabs(roofline_bw_gbs(&roof, ROOF_DRAM) - 4500) < 1e-6);
    /* no ceilings and no device the SKU table knows: no roof to raise */
    read_json("{\"device\": {}}", &roof);
    row_at(&rows[0], "tr_copy", 9000);
    assert_int_equal(roofline_raise(&roof, ROOF_DRAM, 9000, "tr_copy"), 0);
    assert_true(isnan(roofline_bw_gbs(&roof, ROOF_DRAM)));
    /* a failed row raises nothing */
    read_json(measured_json, &roof);
    snprintf(rows[0].status, sizeof rows[0].status, "failed");
    analysis_fit_roofs(&a, &roof);
    assert_string_equal(roof.raised_by[ROOF_DRAM], "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dram_roof_is_the_best_measured),
        cmocka_unit_test(datasheet_when_nothing_measured),
        cmocka_unit_test(sku_table_then_nothing),
        cmocka_unit_test(bound_and_headroom),
        cmocka_unit_test(above_the_roof),
        cmocka_unit_test(roof_in_words),
        cmocka_unit_test(kernel_above_raises_its_roof),
        cmocka_unit_test(kernels_under_their_roofs_raise_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
