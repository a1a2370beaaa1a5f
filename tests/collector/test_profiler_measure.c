/* profiler_measure through the fake boundary: the pass loop (auto range + user
 * replay: every kernel a range, the flush's ranges dropped, each row's values
 * from its kernel's range), one config for the run, values into columns, NaN
 * for what CUPTI could not evaluate, and clean failure when a callback, a
 * launch count or CUPTI fails. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "assert_double.h"

#include "collector/cupti/profiler.h"
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
    fake.chip = "GA100"; /* split_safe.txt lists none: one-pass images only (but split_safe_share_one_image) */
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
    enum profiler_status st = profiler_open(&prof, &ms, 0, PROFILER_WHOLE_COUNTERS, err, sizeof err);
    if (st != PROFILER_OK)
        fail_msg("profiler_open: %s", err);
}

static void one_range_all_passes(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    assert_int_equal(profiler_passes(prof), 4);
    assert_string_equal(profiler_chip(prof), "GA100");
    /* every metric fits the image of the first without adding passes: one image */
    assert_int_equal(profiler_configs(prof), 1);

    assert_int_equal(profiler_measure(prof, "tiled_t32/2048x2048x2048", fake_prepare, fake_work,
                                      NULL, v, err, sizeof err),
                     PROFILER_OK);
    assert_int_equal(fake.range_mode, CUPTI_AutoRange); /* a range per kernel ... */
    assert_int_equal(fake.target_nesting, 0);
    assert_int_equal(fake.set_configs, 1);
    assert_int_equal(fake.starts, 4);
    assert_int_equal(fake.stops, 4);
    assert_int_equal(fake.prepare_calls, 4);
    assert_int_equal(fake.work_calls, 4);
    assert_int_equal(fake.kernels_outside_pass, 0); /* ... all of them inside the passes */
    assert_int_equal(fake.session_ranges, 3);       /* the preparation's two, then the kernel */

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
    assert_int_equal(fake.set_configs, 3);
    assert_int_equal(fake.counter_data_inits, 3); /* a fresh counter data image per range */
    assert_int_equal(fake.work_calls, 12);
    assert_int_equal(fake.enables, 1);
}

/* 6 raw metrics, 4 per pass: one-pass images of 4 and 2 metrics, each sized,
 * replayed and evaluated on its own, the values landing in the right columns. */
static void set_split_into_one_pass_images(void **state)
{
    char err[512];
    double v[NCOLS];
    fake.metrics_per_pass = 4;
    open_ok();
    assert_int_equal(ms.nraw, 6);
    assert_int_equal(profiler_configs(prof), 2);
    assert_int_equal(profiler_passes(prof), 2);
    for (int range = 0; range < 2; range++)
        assert_int_equal(profiler_measure(prof, "vec/2048x2048x2048", fake_prepare, fake_work,
                                          NULL, v, err, sizeof err),
                         PROFILER_OK);
    assert_int_equal(fake.set_configs, 4);
    assert_int_equal(fake.counter_data_inits, 4);
    /* a fresh Range Profiler object for each switch of image: 1 at open + 2;
       the second range starts with image 2, whose object is still live */
    assert_int_equal(fake.enables, 3);
    assert_int_equal(fake.disables, 2);
    assert_int_equal(fake.work_calls, 4);
    assert_int_equal(fake.prepare_calls, 4); /* the L2 flush before every pass */
    assert_double_equal(v[0], 100, 0);
    assert_double_equal(v[1], 3 + 5 + 2 * 7, 0);
    assert_double_equal(v[2], 64, 0);
    assert_double_equal(v[3], 12, 0);
}

/* The packing is remembered (plan_cache.h): the next open builds only the
 * final images and checks them against the metric that opened each, and
 * measures the same; a
 * plan whose image now takes more passes is planned afresh; an unreadable
 * file is ignored. */
static void config_plan_remembered_and_checked(void **state)
{
    char err[512];
    double v[NCOLS];
    fake.metrics_per_pass = 4;
    open_ok();
    size_t first = fake.host_inits;
    assert_int_equal(profiler_configs(prof), 2);
    profiler_close(prof);
    prof = NULL;

    fake.host_inits = 0;
    open_ok();
    assert_int_equal(profiler_configs(prof), 2);
    assert_int_equal(first, 11);          /* open's own, 8 trials, 2 images */
    assert_int_equal(fake.host_inits, 5); /* open's own, 2 images, 2 checks */
    assert_int_equal(profiler_measure(prof, "vec/2048x2048x2048", fake_prepare, fake_work, NULL,
                                      v, err, sizeof err),
                     PROFILER_OK);
    assert_double_equal(v[1], 3 + 5 + 2 * 7, 0);
    assert_double_equal(v[3], 12, 0);
    profiler_close(prof);
    prof = NULL;

    /* 2 metrics a pass now: the remembered image of 4 takes 2 passes */
    fake.metrics_per_pass = 2;
    open_ok();
    assert_int_equal(profiler_configs(prof), 3);
    assert_int_equal(profiler_passes(prof), 3);
    profiler_close(prof);
    prof = NULL;

    /* a plan file that does not name every metric once: planned afresh */
    char path[1024];
    snprintf(path, sizeof path, "%s/mmprof", getenv("XDG_CACHE_HOME"));
    DIR *d = opendir(path);
    assert_non_null(d);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char file[1400];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        FILE *f = fopen(file, "w");
        assert_non_null(f);
        fputs("1 " LD_SECTORS " " LD_SECTORS "\n", f);
        fclose(f);
        files++;
    }
    closedir(d);
    assert_int_equal(files, 1);
    fake.metrics_per_pass = 4;
    fake.host_inits = 0;
    open_ok();
    assert_int_equal(profiler_configs(prof), 2);
    assert_int_equal(fake.host_inits, first);
}

/* On GH100, counters split_safe.txt lists share one image that CUPTI splits
 * over passes, after joining a one-pass image where they fit. 6 raw metrics,
 * 2 a pass: OUTSIDE (not listed) opens a one-pass image, which LD_SECTORS
 * joins; FADD, FMUL, FFMA and DRAM_READ share one image of 2 passes. 2 Range
 * Profiler objects for 3 passes; the remembered plan keeps the split image
 * without the one-pass check (a metric alone takes 1 pass, the image 2). */
static void split_safe_share_one_image(void **state)
{
    char err[512];
    double v[NCOLS];
    fake.chip = "GH100";
    fake.metrics_per_pass = 2;
    open_ok();
    assert_int_equal(profiler_configs(prof), 2);
    assert_int_equal(profiler_passes(prof), 3);
    assert_int_equal(profiler_measure(prof, "vec/2048x2048x2048", fake_prepare, fake_work, NULL,
                                      v, err, sizeof err),
                     PROFILER_OK);
    assert_int_equal(fake.enables, 2); /* the object of open, then one for the split image */
    assert_int_equal(fake.starts, 3);
    assert_int_equal(fake.work_calls, 3);
    assert_int_equal(fake.cold_prepare_calls, 3); /* OUTSIDE and DRAM_READ are no exact counts */
    assert_double_equal(v[0], 100, 0);
    assert_double_equal(v[1], 3 + 5 + 2 * 7, 0);
    assert_double_equal(v[2], 64, 0);
    assert_double_equal(v[3], 12, 0);
    profiler_close(prof);
    prof = NULL;

    fake.host_inits = 0;
    open_ok();
    assert_int_equal(profiler_configs(prof), 2);
    assert_int_equal(profiler_passes(prof), 3);
    assert_int_equal(fake.host_inits, 4); /* open's own, 2 images, 1 check */
}

/* A batch is image-major and puts every range into each pass: 3 ranges x 2
 * one-pass images cost one Start/Stop per image and one object switch, and
 * each range's values come from its own index in the counter data. The first
 * image counts only exact events (sectors, FP32 instructions): its passes
 * need no L2 flush, so no flush ranges either. */
static void batch_ranges_share_passes(void **state)
{
    double v[3][NCOLS];
    struct profiler_range r[3] = {
        {.name = "vec/2048x2048x2048", .prepare = fake_prepare, .work = fake_work, .column_values = v[0]},
        {.name = "best/2048x2048x2048", .prepare = fake_prepare, .work = fake_work, .column_values = v[1]},
        {.name = "cublas/2048x2048x2048", .prepare = fake_prepare, .work = fake_work, .column_values = v[2]},
    };
    fake.metrics_per_pass = 4;
    fake.per_range_step = 1000;
    open_ok();
    assert_int_equal(profiler_measure_batch(prof, r, 3), PROFILER_OK);
    assert_int_equal(fake.enables, 2);
    assert_int_equal(fake.starts, 2);
    assert_int_equal(fake.work_calls, 6);
    assert_int_equal(fake.prepare_calls, 6);      /* before every range of both images */
    assert_int_equal(fake.cold_prepare_calls, 3); /* the L2 flush: DRAM image only */
    assert_int_equal(fake.session_ranges, 9);
    assert_int_equal(fake.max_ranges_per_pass, 3 * 8); /* rows that say nothing: room for 8 each */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(r[i].status, PROFILER_OK);
        /* exact image: row i's kernel is range i */
        assert_double_equal(v[i][0], 100 + 1000 * i, 0);
        assert_double_equal(v[i][1], 3 + 5 + 2 * 7 + 4000 * i, 0);
        /* DRAM image: row i's kernel is range 3i + 2, the flush's 3i, 3i + 1 dropped */
        assert_double_equal(v[i][2], 64 + 1000 * (3 * i + 2), 0);
        assert_double_equal(v[i][3], 12 + 1000 * (3 * i + 2), 0);
    }
}

/* A batch larger than a replay holds (48 ranges) is replayed in chunks on one
 * Range Profiler object per image: 20 rows of 3 kernels with a cold L2 are
 * 16 rows, then 4, for the DRAM image; the exact image's rows launch their
 * kernel alone, 20 ranges in one replay. Each row's values come from its index
 * in its chunk's counter data. */
static void large_batch_replays_in_chunks_on_one_object(void **state)
{
    enum { ROWS = 20 };
    double v[ROWS][NCOLS];
    struct profiler_range r[ROWS];
    for (int i = 0; i < ROWS; i++)
        r[i] = (struct profiler_range){.name = "naive/2048x2048x2048", .prepare = fake_prepare,
                                       .work = fake_work, .expected_kernels = 3,
                                       .cold_l2_kernels = 2, .column_values = v[i]};
    fake.metrics_per_pass = 4;
    fake.per_range_step = 1000;
    open_ok();
    assert_int_equal(profiler_measure_batch(prof, r, ROWS), PROFILER_OK);
    assert_int_equal(fake.enables, 2); /* the object of open, then one for image 2 */
    assert_int_equal(fake.set_configs, 3);
    assert_int_equal(fake.starts, 3);
    assert_int_equal(fake.max_ranges_per_pass, 4 * 3); /* the last replay's: 4 rows */
    assert_int_equal(fake.work_calls, 2 * ROWS);
    assert_int_equal(fake.cold_prepare_calls, ROWS);
    for (int i = 0; i < ROWS; i++) {
        assert_int_equal(r[i].status, PROFILER_OK);
        assert_double_equal(v[i][0], 100 + 1000 * i, 0);
        assert_double_equal(v[i][3], 12 + 1000 * (3 * (i % 16) + 2), 0);
    }
}

/* A launch failing inside a batch replay: the image is replayed range by range,
 * so only the failing range loses its values, and its message names it. */
static void batch_failure_falls_back_to_single_ranges(void **state)
{
    double v[3][NCOLS];
    int always = -1;
    struct profiler_range r[3] = {
        {.name = "vec/2048x2048x2048", .work = fake_work, .column_values = v[0]},
        {.name = "best/2048x2048x2048", .work = fake_work, .ctx = &always, .column_values = v[1]},
        {.name = "cublas/2048x2048x2048", .work = fake_work, .column_values = v[2]},
    };
    fake.metrics_per_pass = 4;
    open_ok();
    assert_int_equal(profiler_measure_batch(prof, r, 3), PROFILER_ERROR);
    assert_int_equal(r[0].status, PROFILER_OK);
    assert_int_equal(r[1].status, PROFILER_ERROR);
    assert_non_null(strstr(r[1].err, "best/2048x2048x2048"));
    assert_non_null(strstr(r[1].err, "kernel launch failed"));
    assert_int_equal(r[2].status, PROFILER_OK);
    /* image 1: batch (vec, best fails), then vec, best, cublas alone; image 2: vec, cublas */
    assert_int_equal(fake.work_calls, 7);
    assert_int_equal(fake.started, 0);
    for (int i = 0; i < 3; i += 2) {
        assert_double_equal(v[i][0], 100, 0);
        assert_double_equal(v[i][1], 3 + 5 + 2 * 7, 0);
        assert_double_equal(v[i][2], 64, 0);
    }
    assert_true(isnan(v[1][0]) && isnan(v[1][2]));
}

/* --one-config-image: the same set in a single image that CUPTI splits. */
static void one_image_keeps_cuptis_split(void **state)
{
    char err[512];
    double v[NCOLS];
    fake.metrics_per_pass = 2;
    assert_int_equal(profiler_open(&prof, &ms, 0, PROFILER_ONE_IMAGE, err, sizeof err),
                     PROFILER_OK);
    assert_int_equal(profiler_configs(prof), 1);
    assert_int_equal(profiler_passes(prof), 3);
    assert_int_equal(profiler_measure(prof, "vec/2048x2048x2048", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_OK);
    assert_int_equal(fake.set_configs, 1);
    assert_int_equal(fake.work_calls, 3);
    assert_double_equal(v[1], 3 + 5 + 2 * 7, 0);
}

/* A pass failing in the second image fails the range and leaves nothing open. */
static void failure_in_a_later_image(void **state)
{
    char err[512];
    double v[NCOLS];
    fake.metrics_per_pass = 2;
    open_ok();
    fake.fail_call = "rp_stop";
    fake.fail_code = CUPTI_ERROR_UNKNOWN;
    fake.fail_after = 1;
    assert_int_equal(profiler_measure(prof, "vec/2048x2048x2048", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "cuptiRangeProfilerStop"));
    assert_true(isnan(v[0]) && isnan(v[2]));
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
    assert_int_equal(fake.work_calls, 0);
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

/* CUPTI answered without error but with no value at all (an object that
 * replayed an earlier image did so on an H100): the row fails, it is not
 * written as measured with empty cells. */
static void image_without_values_fails_the_range(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.eval_nan = 1;
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "gave no value for any metric"));
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

static void dropped_ranges(void **state)
{
    char err[512];
    double v[NCOLS];
    open_ok();
    fake.dropped = 1;
    assert_int_equal(profiler_measure(prof, "naive/8x8x8", NULL, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "dropped"));
}

/* A library call that launches three kernels where one was expected: the
 * batch's count of ranges is off, each row is replayed alone, and only that
 * row fails, naming the count; its neighbours keep their own values. */
/* Rows that say how many kernels they launch size the passes to just that
 * (CUPTI's Start costs in proportion). */
static void expected_kernels_size_the_pass(void **state)
{
    double v[2][NCOLS];
    struct profiler_range r[2] = {
        {.name = "vec/64x64x64", .prepare = fake_prepare, .work = fake_work, .expected_kernels = 3, .column_values = v[0]},
        {.name = "best/64x64x64", .prepare = fake_prepare, .work = fake_work, .expected_kernels = 3, .column_values = v[1]},
    };
    open_ok();
    assert_int_equal(profiler_measure_batch(prof, r, 2), PROFILER_OK);
    assert_int_equal(fake.max_ranges_per_pass, 6);
    assert_double_equal(v[1][0], 100, 0);
}

static void launch_of_several_kernels_fails_its_row(void **state)
{
    double v[3][NCOLS];
    struct profiler_range r[3] = {
        {.name = "vec/2048x2048x2048", .prepare = fake_prepare, .work = fake_work, .column_values = v[0]},
        {.name = "cublas/2048x2048x2048", .prepare = fake_prepare, .work = fake_work_library, .column_values = v[1]},
        {.name = "best/2048x2048x2048", .prepare = fake_prepare, .work = fake_work, .column_values = v[2]},
    };
    fake.per_range_step = 1000;
    fake.library_kernels = 3;
    open_ok();
    assert_int_equal(profiler_measure_batch(prof, r, 3), PROFILER_ERROR);
    assert_int_equal(r[1].status, PROFILER_ERROR);
    assert_non_null(strstr(r[1].err, "cublas/2048x2048x2048"));
    assert_non_null(strstr(r[1].err, "ran 3 kernels"));
    assert_true(isnan(v[1][0]));
    /* vec and best, replayed alone: the kernel is range 2 of each replay */
    assert_int_equal(r[0].status, PROFILER_OK);
    assert_int_equal(r[2].status, PROFILER_OK);
    assert_double_equal(v[0][0], 100 + 2000, 0);
    assert_double_equal(v[2][0], 100 + 2000, 0);
}

/* Replays are matched to rows by position: a launch that changes its kernel
 * count between passes cannot be decoded. */
static void kernel_count_changing_between_passes(void **state)
{
    char err[512];
    double v[NCOLS];
    fake.work_kernels_by_call = 2; /* pass 2 launches two kernels */
    fake.work_kernels_call = 2;
    open_ok();
    assert_int_equal(profiler_measure(prof, "cublas/8x8x8", fake_prepare, fake_work, NULL, v, err,
                                      sizeof err),
                     PROFILER_ERROR);
    assert_non_null(strstr(err, "every pass must replay the same launches"));
    assert_int_equal(fake.starts, fake.stops);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(one_range_all_passes),
        T(set_split_into_one_pass_images),
        T(config_plan_remembered_and_checked),
        T(batch_ranges_share_passes),
        T(batch_failure_falls_back_to_single_ranges),
        T(large_batch_replays_in_chunks_on_one_object),
        T(one_image_keeps_cuptis_split),
        T(split_safe_share_one_image),
        T(failure_in_a_later_image),
        T(many_ranges_one_config),
        T(second_replay_refused_falls_back_to_fresh_object),
        T(work_failure_closes_the_range),
        T(prepare_failure),
        T(unevaluable_metric_is_nan),
        T(image_without_values_fails_the_range),
        T(busy_counters_during_measure),
        T(replay_shorter_than_config),
        T(replay_longer_than_config),
        T(dropped_ranges),
        T(expected_kernels_size_the_pass),
        T(launch_of_several_kernels_fails_its_row),
        T(kernel_count_changing_between_passes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
