/* SKU detection and ceiling maths (model/sku.h): no GPU needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/ceilings.h"
#include "model/sku.h"

#define GIB ((size_t)1 << 30)
#define MIB ((size_t)1 << 20)

/* A Hopper-like query; each test changes what it is about. The clocks are
 * what an H100 SXM reports (1980 MHz SM, 2619 MHz HBM3 on 5120 bits). */
static struct sku_query query(const char *name, int sm_count, double memory_gib)
{
    struct sku_query q;
    memset(&q, 0, sizeof q);
    q.device_name = name;
    q.sm_count = sm_count;
    q.memory_bytes = (size_t)(memory_gib * (double)GIB);
    q.cc_major = 9;
    q.cc_minor = 0;
    q.sm_clock_max_mhz = 1980;
    q.mem_clock_max_mhz = 2619;
    q.mem_bus_width_bits = 5120;
    q.l2_bytes = 50 * MIB;
    return q;
}

static struct sku detect(const char *name, int sm_count, double memory_gib)
{
    struct sku_query q = query(name, sm_count, memory_gib);
    struct sku s;
    sku_detect(&q, &s);
    return s;
}

static void assert_close(double got, double want, double rel)
{
    if (fabs(got - want) > rel * fabs(want))
        fail_msg("got %.6f, want %.6f (rel %.1e)", got, want, rel);
}

static void h100_sxm_by_name_and_sm_count(void **state)
{
    (void)state;
    struct sku s = detect("NVIDIA H100 80GB HBM3", 132, 79.2);
    assert_string_equal(s.name, "H100 SXM5 80GB");
    assert_int_equal(s.computed, 0);
    assert_int_equal(s.sm_count, 132);
    assert_int_equal(s.fp32_lanes_per_sm, 128);
    assert_close(s.dram_gbs, 3350, 1e-12);
    assert_close(s.fp32_gflops, 66900, 1e-12);
    assert_close(s.boost_mhz, 1980, 1e-12);
    assert_int_equal(s.l2_bytes, 50 * MIB);
    /* 132 SMs x 128 B x 1980 MHz */
    assert_close(s.smem_gbs, 33454.08, 1e-12);
    assert_string_equal(s.note, ""); /* clock and L2 both from the datasheet */
}

static void hopper_variants(void **state)
{
    (void)state;
    struct sku s = detect("NVIDIA H100 PCIe", 114, 79.2);
    assert_string_equal(s.name, "H100 PCIe 80GB");
    assert_close(s.dram_gbs, 2000, 1e-12);
    assert_close(s.fp32_gflops, 51200, 1e-12);

    s = detect("NVIDIA H100 NVL", 132, 93.6);
    assert_string_equal(s.name, "H100 NVL 94GB");
    assert_close(s.dram_gbs, 3900, 1e-12);
    assert_close(s.fp32_gflops, 60000, 1e-12);

    s = detect("NVIDIA H200", 132, 140.4);
    assert_string_equal(s.name, "H200 SXM 141GB");
    assert_int_equal(s.computed, 0);
    assert_close(s.dram_gbs, 4800, 1e-12);
    assert_close(s.fp32_gflops, 66900, 1e-12);
    /* no published L2 size: the device's */
    assert_int_equal(s.l2_bytes, 50 * MIB);
    assert_non_null(strstr(s.note, "L2 size from the device"));

    s = detect("NVIDIA H200 NVL", 132, 140.4);
    assert_string_equal(s.name, "H200 NVL 141GB");
    assert_close(s.fp32_gflops, 60000, 1e-12);

    /* one name, two memories */
    s = detect("NVIDIA GH200 480GB", 132, 95.0);
    assert_string_equal(s.name, "GH200 96GB HBM3");
    assert_close(s.dram_gbs, 4000, 1e-12);
    s = detect("NVIDIA GH200 144G HBM3e", 132, 142.8);
    assert_string_equal(s.name, "GH200 144GB HBM3e");
    assert_close(s.dram_gbs, 4900, 1e-12);
}

static void ampere_ada_volta(void **state)
{
    (void)state;
    struct sku s = detect("NVIDIA A100-SXM4-40GB", 108, 39.4);
    assert_string_equal(s.name, "A100 SXM4 40GB");
    assert_close(s.dram_gbs, 1555, 1e-12);
    assert_int_equal(s.fp32_lanes_per_sm, 64);
    assert_close(s.fp32_gflops, 19500, 1e-12);
    assert_int_equal(s.l2_bytes, 40 * MIB);
    s = detect("NVIDIA A100-SXM4-80GB", 108, 79.1);
    assert_string_equal(s.name, "A100 SXM4 80GB");
    assert_close(s.dram_gbs, 2039, 1e-12);
    s = detect("NVIDIA A100 80GB PCIe", 108, 79.1);
    assert_string_equal(s.name, "A100 PCIe 80GB");
    assert_close(s.dram_gbs, 1935, 1e-12);
    s = detect("NVIDIA A100-PCIE-40GB", 108, 39.4);
    assert_string_equal(s.name, "A100 PCIe 40GB");

    /* whole words: "L4" is not in "L40S" */
    s = detect("NVIDIA L4", 58, 22.0);
    assert_string_equal(s.name, "L4");
    assert_close(s.dram_gbs, 300, 1e-12);
    assert_close(s.fp32_gflops, 30300, 1e-12);
    s = detect("NVIDIA L40S", 142, 44.4);
    assert_string_equal(s.name, "L40S");
    assert_close(s.fp32_gflops, 91600, 1e-12);
    s = detect("NVIDIA L40", 142, 44.4);
    assert_string_equal(s.name, "L40");

    s = detect("Tesla V100-SXM2-16GB", 80, 15.8);
    assert_string_equal(s.name, "V100 SXM2");
    assert_close(s.dram_gbs, 900, 1e-12);
    assert_close(s.fp32_gflops, 15700, 1e-12);
    s = detect("Tesla V100-PCIE-32GB", 80, 31.7);
    assert_string_equal(s.name, "V100 PCIe");
    s = detect("Tesla V100S-PCIE-32GB", 80, 31.7);
    assert_string_equal(s.name, "V100S PCIe");
    assert_close(s.dram_gbs, 1134, 1e-12);
}

/* Not in the table: SMs x lanes x 2 x clock, memory clock x 2 x bus / 8. */
static void unknown_device_is_computed(void **state)
{
    (void)state;
    struct sku_query q = query("NVIDIA Hypothetical X1", 100, 64.0);
    q.sm_clock_max_mhz = 2000;
    struct sku s;
    sku_detect(&q, &s);
    assert_int_equal(s.computed, 1);
    assert_string_equal(s.name, "NVIDIA Hypothetical X1");
    assert_int_equal(s.fp32_lanes_per_sm, 128);
    assert_close(s.fp32_gflops, 100.0 * 128 * 2 * 2000 / 1000, 1e-12); /* 51200 */
    assert_close(s.dram_gbs, 2619.0 * 2 * 5120 / 8 / 1000, 1e-12);   /* 3352.32 */
    assert_close(s.smem_gbs, 100.0 * 128 * 2000 / 1000, 1e-12);     /* 25600 */
    assert_close(s.boost_mhz, 2000, 1e-12);
    assert_int_equal(s.l2_bytes, 50 * MIB);
    assert_non_null(strstr(s.note, "Not in mmprof's SKU table"));
    assert_non_null(strstr(s.note, "Computed, not datasheet"));
    assert_string_equal(s.source, "computed from device properties");

    /* an sm_80 part has 64 lanes per SM, not 128 */
    q = query("Some GA100 board", 50, 16.0);
    q.cc_major = 8;
    q.cc_minor = 0;
    q.sm_clock_max_mhz = 1000;
    sku_detect(&q, &s);
    assert_close(s.fp32_gflops, 50.0 * 64 * 2 * 1000 / 1000, 1e-12); /* 6400 */

    /* no memory clock: DRAM unknown, said so */
    q.mem_clock_max_mhz = 0;
    sku_detect(&q, &s);
    assert_true(s.dram_gbs == 0.0);
    assert_non_null(strstr(s.note, "unknown"));
}

/* A MIG slice has the board's name but a fraction of its SMs. */
static void name_match_with_wrong_sm_count_is_computed(void **state)
{
    (void)state;
    struct sku s = detect("NVIDIA H100 80GB HBM3 MIG 1g.10gb", 16, 9.8);
    assert_int_equal(s.computed, 1);
    assert_non_null(strstr(s.note, "Name matches H100 SXM5 80GB"));
    assert_close(s.fp32_gflops, 16.0 * 128 * 2 * 1980 / 1000, 1e-12);
}

static void lanes_per_sm(void **state)
{
    (void)state;
    assert_int_equal(sku_fp32_lanes_per_sm(6, 0), 64);
    assert_int_equal(sku_fp32_lanes_per_sm(6, 1), 128);
    assert_int_equal(sku_fp32_lanes_per_sm(7, 0), 64);
    assert_int_equal(sku_fp32_lanes_per_sm(7, 5), 64);
    assert_int_equal(sku_fp32_lanes_per_sm(8, 0), 64);
    assert_int_equal(sku_fp32_lanes_per_sm(8, 6), 128);
    assert_int_equal(sku_fp32_lanes_per_sm(8, 9), 128);
    assert_int_equal(sku_fp32_lanes_per_sm(9, 0), 128);
    assert_int_equal(sku_fp32_lanes_per_sm(10, 0), 128);
}

/* Every row is self-consistent: its FP32 figure is SMs x lanes x 2 x boost
 * within the datasheet's rounding, and its own name detects it. */
static void table_rows_are_consistent(void **state)
{
    (void)state;
    size_t n;
    const struct sku_spec *t = sku_table(&n);
    assert_true(n >= 15);
    for (size_t i = 0; i < n; i++) {
        double arith = t[i].sm_count * t[i].fp32_lanes_per_sm * 2.0 * t[i].boost_mhz / 1000.0;
        if (fabs(arith - t[i].fp32_gflops) > 0.015 * t[i].fp32_gflops)
            fail_msg("%s: %.0f GFLOP/s vs %d SMs x %d x 2 x %.0f MHz = %.0f", t[i].name, t[i].fp32_gflops,
                     t[i].sm_count, t[i].fp32_lanes_per_sm, t[i].boost_mhz, arith);
        assert_true(t[i].dram_gbs > 0);
        assert_non_null(t[i].source);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(t[i].name, t[j].name);
    }
}

static void fp32_peak_at_clock(void **state)
{
    (void)state;
    struct sku s = detect("NVIDIA H100 80GB HBM3", 132, 79.2);
    assert_close(sku_fp32_peak_at_clock_gflops(&s, 1980), 66900, 1e-12);
    assert_close(sku_fp32_peak_at_clock_gflops(&s, 1755), 66900.0 * 1755 / 1980, 1e-12); /* 59297.7 */
    assert_true(sku_fp32_peak_at_clock_gflops(&s, 0) == 0.0);
    assert_close(sku_smem_peak_at_clock_gbs(&s, 1755), 132.0 * 128 * 1755 / 1000, 1e-12);
}

static void gap_warning_text(void **state)
{
    (void)state;
    char buf[SKU_WARNING_LEN] = "untouched";
    const char *ds = "the H100 SXM5 80GB datasheet";
    /* 2710 / 3350 = 80.9 % */
    assert_int_equal(sku_gap_warning(buf, sizeof buf, "DRAM copy", 2710, "GB/s", 3350, ds), 1);
    assert_string_equal(buf, "DRAM copy 2710 GB/s is 81 % of the H100 SXM5 80GB datasheet 3350 GB/s");

    strcpy(buf, "untouched");
    assert_int_equal(sku_gap_warning(buf, sizeof buf, "DRAM copy", 3015, "GB/s", 3350, ds), 0); /* 90.0 % */
    assert_int_equal(sku_gap_warning(buf, sizeof buf, "DRAM copy", 3685, "GB/s", 3350, ds), 0); /* 110.0 % */
    assert_int_equal(sku_gap_warning(buf, sizeof buf, "DRAM copy", 3000, "GB/s", 0, ds), 0);    /* nothing to compare */
    assert_string_equal(buf, "untouched");

    /* just below the bound: enough digits to show the side */
    assert_int_equal(sku_gap_warning(buf, sizeof buf, "DRAM copy", 3005, "GB/s", 3350, ds), 1); /* 89.701 % */
    assert_string_equal(buf, "DRAM copy 3005 GB/s is 89.70 % of the H100 SXM5 80GB datasheet 3350 GB/s");

    /* above the datasheet is suspicious too */
    assert_int_equal(sku_gap_warning(buf, sizeof buf, "DRAM read", 3800, "GB/s", 3350, ds), 1); /* 113.4 % */
    assert_non_null(strstr(buf, "DRAM read 3800 GB/s is 113 % of the H100 SXM5 80GB datasheet 3350 GB/s"));
    assert_non_null(strstr(buf, "above it"));
}

static struct ceilings good_h100_ceilings(void)
{
    struct ceilings c;
    memset(&c, 0, sizeof c);
    c.dram_copy_gbs = 3100;  /* 92.5 % */
    c.dram_read_gbs = 3200;  /* 95.5 % */
    c.dram_write_gbs = 3050; /* 91.0 % */
    c.l2_read_gbs = 1;       /* no reference: never warns */
    c.smem_gbs = 32000;      /* 95.7 % of 33454 at 1980 MHz */
    c.fp32_gflops = 63000;   /* 94.2 % of 66900 */
    c.sm_clock_mhz_during = 1980;
    return c;
}

static void check_ceilings_warnings(void **state)
{
    (void)state;
    struct sku s = detect("NVIDIA H100 80GB HBM3", 132, 79.2);
    struct sku_warnings w;
    struct ceilings c = good_h100_ceilings();
    assert_int_equal(sku_check_ceilings(&s, &c, &w), 0);
    assert_int_equal(w.count, 0);

    /* a clock below boost lowers the FP32 reference: 55000 is 82 % of the
     * boost peak but 92.8 % of the peak at 1755 MHz, so no warning */
    c.sm_clock_mhz_during = 1755;
    c.fp32_gflops = 55000;
    c.smem_gbs = 28500; /* 96.1 % of 29568 at 1755 MHz */
    assert_int_equal(sku_check_ceilings(&s, &c, &w), 0);

    c.dram_copy_gbs = 2710;
    c.fp32_gflops = 50000; /* 84.3 % of 59297.7 */
    assert_int_equal(sku_check_ceilings(&s, &c, &w), 2);
    assert_string_equal(w.text[0], "DRAM copy 2710 GB/s is 81 % of the H100 SXM5 80GB datasheet 3350 GB/s");
    assert_string_equal(w.text[1], "FP32 FFMA 50000 GFLOP/s is 84 % of the H100 SXM5 80GB datasheet peak at "
                                   "the 1755 MHz SM clock measured during the run, 59298 GFLOP/s");

    /* clock unknown: compared with the boost peak, and the text says so */
    c = good_h100_ceilings();
    c.sm_clock_mhz_during = 0;
    c.fp32_gflops = 55000;
    assert_int_equal(sku_check_ceilings(&s, &c, &w), 1);
    assert_non_null(strstr(w.text[0], "82 % of the H100 SXM5 80GB datasheet peak at the 1980 MHz boost clock"));

    /* computed SKU: the text says "computed" */
    struct sku_query q = query("NVIDIA Hypothetical X1", 100, 64.0);
    sku_detect(&q, &s);
    c = good_h100_ceilings();
    c.dram_copy_gbs = 1000;
    assert_true(sku_check_ceilings(&s, &c, &w) >= 1);
    assert_non_null(strstr(w.text[0], "of the NVIDIA Hypothetical X1 computed peak"));
}

static void ceiling_accessors(void **state)
{
    (void)state;
    struct ceilings c = good_h100_ceilings();
    assert_string_equal(ceiling_key(CEIL_DRAM_COPY), "dram_copy_gbs");
    assert_string_equal(ceiling_key(CEIL_FP32), "fp32_gflops");
    assert_string_equal(ceiling_unit(CEIL_FP32), "GFLOP/s");
    assert_string_equal(ceiling_unit(CEIL_L2_READ), "GB/s");
    assert_true(ceiling_value(&c, CEIL_DRAM_READ) == 3200);
    assert_true(ceiling_value(&c, CEIL_SMEM) == 32000);
    for (int id = 0; id < CEIL_COUNT; id++)
        assert_string_not_equal(ceiling_key((enum ceiling_id)id), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(h100_sxm_by_name_and_sm_count),
        cmocka_unit_test(hopper_variants),
        cmocka_unit_test(ampere_ada_volta),
        cmocka_unit_test(unknown_device_is_computed),
        cmocka_unit_test(name_match_with_wrong_sm_count_is_computed),
        cmocka_unit_test(lanes_per_sm),
        cmocka_unit_test(table_rows_are_consistent),
        cmocka_unit_test(fp32_peak_at_clock),
        cmocka_unit_test(gap_warning_text),
        cmocka_unit_test(check_ceilings_warnings),
        cmocka_unit_test(ceiling_accessors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
