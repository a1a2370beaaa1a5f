/* The tolerance classes and verdicts: 0.1 % counts, the 2 % totals with
 * their sector floor (32 bytes a sector for byte totals), the elapsed class
 * (2 % or 1 point for percentages), information only, and missing values. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "../collector/assert_double.h"

#include "xcheck/tolerance.h"

static void classes(void **state)
{
    (void)state;
    assert_int_equal(metric_class_of("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"), METRIC_EXACT);
    assert_int_equal(metric_class_of("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"), METRIC_EXACT);
    assert_int_equal(metric_class_of("l1tex__t_bytes.sum"), METRIC_EXACT);
    assert_int_equal(metric_class_of("dram__bytes_read.sum"), METRIC_TOTAL);
    assert_int_equal(metric_class_of("lts__t_sectors_op_read.sum"), METRIC_TOTAL);
    assert_int_equal(metric_class_of("lrc__request_sectors_op_read_coalescable.sum"), METRIC_TOTAL);
    assert_int_equal(metric_class_of("sm__warps_active.avg.pct_of_peak_sustained_active"), METRIC_ELAPSED);
    assert_int_equal(metric_class_of("sm__cycles_elapsed.avg.per_second"), METRIC_ELAPSED);
    assert_int_equal(metric_class_of("sm__inst_executed.avg.per_cycle_active"), METRIC_ELAPSED);
    /* timing, L2 residue, contention, range boundaries: information */
    assert_int_equal(metric_class_of("dram__bytes_write.sum"), METRIC_INFO);
    assert_int_equal(metric_class_of("lts__t_bytes.sum"), METRIC_INFO);
    assert_int_equal(metric_class_of("lts__t_sectors_op_membar.sum"), METRIC_INFO);
    assert_int_equal(metric_class_of("lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum"), METRIC_INFO);
    assert_int_equal(metric_class_of("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"), METRIC_INFO);
    assert_int_equal(metric_class_of("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), METRIC_INFO);
    assert_int_equal(metric_class_of("smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct"), METRIC_INFO);
}

static void exact_class(void **state)
{
    (void)state;
    double rel;
    assert_int_equal(xc_judge(METRIC_EXACT, "x.sum", 7007, 7000, 8192, &rel), XC_OK); /* 0.1 % */
    assert_int_equal(xc_judge(METRIC_EXACT, "x.sum", 7035, 7000, 8192, &rel), XC_MISS);
    assert_double_equal(rel, 0.005, 1e-12);
}

static void total_class_and_floor(void **state)
{
    (void)state;
    double rel;
    const char *l2 = "lts__t_sectors_op_read.sum", *dram = "dram__bytes_read.sum";
    assert_int_equal(xc_judge(METRIC_TOTAL, l2, 1015, 1000, 0, &rel), XC_OK);
    assert_int_equal(xc_judge(METRIC_TOTAL, l2, 1030, 1000, 0, &rel), XC_MISS);
    assert_int_equal(xc_judge(METRIC_TOTAL, l2, 1030, 1000, 30, &rel), XC_OK);   /* within 30 sectors */
    assert_int_equal(xc_judge(METRIC_TOTAL, l2, 1031, 1000, 30, &rel), XC_MISS);
    assert_int_equal(xc_judge(METRIC_TOTAL, dram, 1960, 1000, 30, &rel), XC_OK); /* 30 sectors = 960 bytes */
    assert_int_equal(xc_judge(METRIC_TOTAL, dram, 1961, 1000, 30, &rel), XC_MISS);
    /* relative to |b|, or to 1 when b is 0: 0.01 against 0 is 1 %, not infinite */
    assert_int_equal(xc_judge(METRIC_TOTAL, l2, 0.01, 0, 0, &rel), XC_OK);
    assert_double_equal(rel, 0.01, 1e-12);
}

static void elapsed_class(void **state)
{
    (void)state;
    double rel;
    const char *pct = "sm__warps_active.avg.pct_of_peak_sustained_active", *ipc = "sm__inst_executed.avg.per_cycle_active";
    assert_int_equal(xc_judge(METRIC_ELAPSED, pct, 41, 40, 0, &rel), XC_OK);   /* 2.5 % but 1 point */
    assert_int_equal(xc_judge(METRIC_ELAPSED, pct, 41.5, 40, 0, &rel), XC_MISS);
    assert_int_equal(xc_judge(METRIC_ELAPSED, ipc, 2.04, 2, 0, &rel), XC_MISS); /* no points for a ratio */
    assert_int_equal(xc_judge(METRIC_ELAPSED, ipc, 2.02, 2, 0, &rel), XC_OK);
    /* under 1 too: 0.65 against 0.68 is 4.4 %, not 3 hundredths */
    assert_int_equal(xc_judge(METRIC_ELAPSED, ipc, 0.65, 0.68, 0, &rel), XC_MISS);
    assert_double_equal(rel, 0.03 / 0.68, 1e-12);
    assert_int_equal(xc_judge(METRIC_ELAPSED, ipc, 0.67, 0.68, 0, &rel), XC_OK);
}

static void info_and_missing(void **state)
{
    (void)state;
    double rel;
    assert_int_equal(xc_judge(METRIC_INFO, "lts__t_bytes.sum", 2000, 1000, 0, &rel), XC_INFO_ONLY);
    assert_int_equal(xc_judge(METRIC_INFO, "lts__t_bytes.sum", NAN, 1000, 0, &rel), XC_INFO_ONLY);
    assert_int_equal(xc_judge(METRIC_EXACT, "x.sum", 5, NAN, 0, &rel), XC_MISS);
    assert_true(isnan(rel));
    char buf[32];
    xc_limit_text(METRIC_TOTAL, 8192, buf, sizeof buf);
    assert_string_equal(buf, "2%|8192");
    xc_limit_text(METRIC_EXACT, 8192, buf, sizeof buf);
    assert_string_equal(buf, "0.1%");
    xc_limit_text(METRIC_ELAPSED, 8192, buf, sizeof buf);
    assert_string_equal(buf, "2%|1pp");
    xc_limit_text(METRIC_INFO, 8192, buf, sizeof buf);
    assert_string_equal(buf, "-");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classes),          cmocka_unit_test(exact_class),      cmocka_unit_test(total_class_and_floor),
        cmocka_unit_test(elapsed_class),    cmocka_unit_test(info_and_missing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
