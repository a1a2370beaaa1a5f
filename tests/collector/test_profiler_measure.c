/* profiler_measure through the fake boundary: the pass loop (prepare outside the
 * range, work inside it), one config for the run, values into columns, NaN for
 * what CUPTI could not evaluate, and clean failure when a callback or CUPTI fails. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "assert_double.h"

#include "collector/profiler/profiler.h"
#include "fake_cupti.h"

#define LD_SECTORS "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
#define FADD "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum"
#define FMUL "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum"
#define FFMA "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"
#define DRAM_READ "dram__bytes_read.sum"
#define OUTSIDE "sm__warps_launched.sum" /* a Perfworks metric the table does not list */

/* columns: 0 gld_transactions, 1 flop_count_sp, 2 dram__bytes_read.sum, 3 OUTSIDE */
#define SPEC "gld_transactions,flop_count_sp," DRAM_READ "," OUTSIDE
#define NCOLS 4

static struct metric_set ms;
static struct profiler *prof;

static int setup(void **state)
{
    fake_reset();
    fake.passes = 4;
    fake_set_value(LD_SECTORS, 100);
    fake_set_value(FADD, 3);
    fake_set_value(FMUL, 5);
    fake_set_value(FFMA, 7);
    fake_set_value(DRAM_READ, 64);
    fake_set_value(OUTSIDE, 12);
    cupti_api_install(&fake_api);
    char err[256];
    metric_set_init(&ms);
    assert_int_equal(metric_set_parse(&ms, SPEC, err, sizeof err), METRIC_SET_OK);
    prof = NULL;
    return 0;
}

static int teardown(void **state)
{
    profiler_close(prof);
    assert_int_equal(fake.initialized, 0);
    assert_int_equal(fake.host_objects, 0);
    assert_int_equal(fake.enabled, 0);
    cupti_api_install(NULL);
    metric_set_free(&ms);
    return 0;
}

static void open_ok(void)
{
    char err[512];
    enum profiler_status st = profiler_open(&prof, &ms, 0, err, sizeof err);
    if (st != PROFILER_OK)
        fail_msg("profiler_open: %s", err);
}

static void one_range_all_passes(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    assert_int_equal(profiler_passes(prof), 4);
    assert_string_equal(profiler_chip(prof), "GH100");
    /* one config image for the whole set: all raw names in a single call */
    assert_int_equal(fake.add_metrics_calls, 1);
    assert_int_equal(fake.metrics_added, ms.nraw);

    assert_int_equal(profiler_measure(prof, "tiled_t32/2048x2048x2048", fake_prepare, fake_work,
                                      NULL, v, err, sizeof err),
                     PROFILER_OK);
    assert_string_equal(fake.last_range, "tiled_t32/2048x2048x2048");
    assert_int_equal(fake.set_configs, 1);
    assert_int_equal(fake.starts, 4);
    assert_int_equal(fake.stops, 4);
    assert_int_equal(fake.pushes, 4);
    assert_int_equal(fake.pops, 4);
    assert_int_equal(fake.prepare_calls, 4);
    assert_int_equal(fake.work_calls, 4);
    assert_int_equal(fake.prepare_in_range, 0);   /* the L2 flush is not counted */
    assert_int_equal(fake.work_outside_range, 0); /* the kernel is */

    assert_double_equal(v[0], 100, 0);
    assert_double_equal(v[1], 3 + 5 + 2 * 7, 0);
    assert_double_equal(v[2], 64, 0);
    assert_double_equal(v[3], 12, 0);
    assert_string_equal(profiler_column_unit(prof, 0), "sector");
    assert_string_equal(profiler_column_unit(prof, 1), "flop");
    assert_string_equal(profiler_column_unit(prof, 3), "fake_unit"); /* from CUPTI */
}

static void many_ranges_one_config(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    for (int i = 0; i < 3; i++)
        assert_int_equal(profiler_measure(prof, "naive/1000x3000x700", NULL, fake_work, NULL, v,
                                          err, sizeof err),
                         PROFILER_OK);
    assert_int_equal(fake.add_metrics_calls, 1);
    assert_int_equal(fake.set_configs, 3);
    assert_int_equal(fake.counter_data_inits, 3); /* a fresh counter data image per range */
    assert_int_equal(fake.work_calls, 12);
    assert_int_equal(fake.enables, 1);
}

static void second_replay_refused_falls_back_to_fresh_object(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    assert_int_equal(profiler_measure(prof, "a/1x1x1", NULL, fake_work, NULL, v, err, sizeof err),
                     PROFILER_OK);
    fake.fail_call = "rp_set_config";
    fake.fail_code = CUPTI_ERROR_INVALID_OPERATION;
    fake.fail_times = 1; /* refuses once, then a fresh object is accepted */
    assert_int_equal(profiler_measure(prof, "b/1x1x1", NULL, fake_work, NULL, v, err, sizeof err),
                     PROFILER_OK);
    assert_int_equal(fake.disables, 1);
    assert_int_equal(fake.enables, 2);
    assert_double_equal(v[0], 100, 0);
}

static void work_failure_closes_the_range(void **state)
{
    char err[512];
    double v[NCOLS];
    int fail_on = 2;
    open_ok();
    assert_int_equal(profiler_measure(prof, "rt_b16_8x8/2048x2048x2048", fake_prepare, fake_work,
                                      &fail_on, v, err, sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "rt_b16_8x8/2048x2048x2048"));
    assert_non_null(strstr(err, "pass 2"));
    assert_int_equal(fake.pushes, fake.pops);
    assert_int_equal(fake.starts, fake.stops);
    for (int i = 0; i < NCOLS; i++)
        assert_true(isnan(v[i]));
    /* the profiler stays usable */
    assert_int_equal(profiler_measure(prof, "x/1x1x1", NULL, fake_work, NULL, v, err, sizeof err),
                     PROFILER_OK);
}

static void prepare_failure(void **state)
{
    char err[512];
    double v[NCOLS];
    int fail_on = 1;
    open_ok();
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", fake_prepare, fake_work, &fail_on, v,
                                      err, sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "L2 flush"));
    assert_int_equal(fake.pushes, 0);
    assert_int_equal(fake.starts, fake.stops);
}

static void unevaluable_metric_is_nan(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.eval_fail_metric = FMUL;
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_OK);
    assert_double_equal(v[0], 100, 0);
    assert_true(isnan(v[1])); /* flop_count_sp needs FMUL */
    assert_double_equal(v[2], 64, 0);
}

static void busy_counters_during_measure(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.fail_call = "rp_start";
    fake.fail_code = CUPTI_ERROR_HARDWARE_BUSY;
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_MULTIPLE_SUBSCRIBERS);
    assert_non_null(strstr(err, "cuptiRangeProfilerStart"));
}

static void replay_shorter_than_config(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.passes_reported = 2; /* CUPTI says done after 2 of 4 passes */
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "after 2 of the 4 passes"));
}

static void replay_longer_than_config(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.passes_reported = 9;
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_int_equal(fake.work_calls, 4);
    assert_non_null(strstr(err, "still wants passes"));
}

static void dropped_or_foreign_range(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.dropped = 1;
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "dropped"));
    fake.dropped = 0;
    fake.range_name = "other";
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "'other'"));
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(one_range_all_passes),
        T(many_ranges_one_config),
        T(second_replay_refused_falls_back_to_fresh_object),
        T(work_failure_closes_the_range),
        T(prepare_failure),
        T(unevaluable_metric_is_nan),
        T(busy_counters_during_measure),
        T(replay_shorter_than_config),
        T(replay_longer_than_config),
        T(dropped_or_foreign_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
