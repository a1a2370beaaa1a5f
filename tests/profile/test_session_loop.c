/* A whole loop through the session and the fake CUPTI: each kernel's first
 * launch profiled and its later ones timed into its row (activity records
 * joined as the injection library's would be), graph nodes paired by
 * geometry, the profiled elapsed time against the unprofiled one, an
 * application replay's runs joined and measured in place, and range replay,
 * with a differing run or repeat refused by name. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rundir/results.h"
#include "common/table.h"
#include "rundir/samples.h"
#include "fake_cupti.h"
#include "profile/activity_log.h"
#include "profile/launch_log.h"
#include "profile/mmprof.h"
#include "profile/replay_join.h"
#include "profile/replay_log.h"
#include "profile/session.h"
#include "session_fixture.h"

/* The default: a kernel (name, grid, block) is profiled at its first launch
 * only, every launch is timed, and the row holds the times of all its
 * launches; another grid is another kernel. */
static void first_launch_per_kernel_all_timed(void **state)
{
    char why[256];
    struct profile_session s;
    open_session(&s);
    struct launch_desc a = launch("_Z1kv", "k()"), b = launch("_Z1kv", "k()"), o = launch("_Z1ov", "o()");
    b.grid[0] = 128;
    assert_int_equal(run_launch(&s, &a, 1.0), FILTER_PROFILE);
    assert_int_equal(run_launch(&s, &a, 3.0), FILTER_REPEAT);
    assert_int_equal(run_launch(&s, &b, 5.0), FILTER_PROFILE);
    assert_int_equal(run_launch(&s, &a, 2.0), FILTER_REPEAT);
    assert_int_equal(run_launch(&s, &o, 0.5), FILTER_PROFILE);
    assert_int_equal(run_launch(&s, &o, 0.25), FILTER_REPEAT);
    session_close(&s);
    assert_int_equal(fake.work_calls, 3 * (1 + 2)); /* three kernels, their first launches */
    app_ended();
    struct table *t = results();
    assert_int_equal(t->nrows, 3);
    assert_true(table_num(t, 0, table_col(t, "runs")) == 3);
    assert_true(table_num(t, 0, table_col(t, "runtime_ms")) == 2.0);
    assert_true(table_num(t, 0, table_col(t, "min_ms")) == 1.0);
    assert_true(table_num(t, 0, table_col(t, "max_ms")) == 3.0);
    assert_true(table_num(t, 0, table_col(t, "total_ms")) == 6.0);
    assert_non_null(strstr(cell(t, 0, "params"), ";gpu_ms=1"));
    assert_true(table_num(t, 1, table_col(t, "runs")) == 1);
    assert_true(table_num(t, 1, table_col(t, "runtime_ms")) == 5.0);
    assert_true(table_num(t, 2, table_col(t, "runtime_ms")) == 0.375);
    table_free(t);
    /* samples.csv: o()'s launches in launch order; k()'s two rows (two grids) share a key and have none */
    struct samples *smp;
    size_t count;
    assert_int_equal(samples_read(dir, &smp, why, sizeof why), 0);
    const double *ms = samples_find(smp, "o()", 0, 0, 0, &count);
    assert_non_null(ms);
    assert_int_equal(count, 2);
    assert_true(ms[0] == 0.5 && ms[1] == 0.25);
    assert_null(samples_find(smp, "k()", 0, 0, 0, &count));
    samples_free(smp);
    struct launch_summary sum;
    assert_int_equal(launch_log_summarize(dir, &sum, why, sizeof why), 0);
    assert_int_equal(sum.launches, 6);
    assert_int_equal(sum.profiled, 3);
    assert_int_equal(sum.timed, 6);
    assert_true(sum.total_ms == 11.75); /* the shares add up to the GPU time of all launches */
    assert_string_equal(sum.k[0].kernel, "k()");
    assert_true(sum.k[0].total_ms == 11.0);
    assert_true(launch_log_median(sum.k[0].ms, (size_t)sum.k[0].timed) == 2.5);
    launch_log_summary_free(&sum);
    char activity_path[128];
    snprintf(activity_path, sizeof activity_path, "%s/%s", dir, ACTIVITY_TSV);
    assert_int_not_equal(access(activity_path, F_OK), 0); /* joined, then removed */
}

/* A graph's nodes share their graph launch's correlation id: each pairs
 * with the record of its grid and block; a record of no app launch (a
 * replay of mmprof's own) is dropped, and a launch without one stays
 * untimed. */
static void graph_nodes_pair_by_geometry(void **state)
{
    char why[256];
    set.per_kernel = 0;
    struct profile_session s;
    open_session(&s);
    struct launch_desc n1 = launch("_Z1av", "a()"), n2 = launch("_Z1bv", "b()"), lone = launch("_Z1cv", "c()");
    n2.block[0] = 32;
    n1.correlation = n2.correlation = 77;
    lone.correlation = 78;
    struct launch_desc *all[] = {&n1, &n2, &lone};
    for (size_t i = 0; i < 3; i++) {
        session_begin(&s, all[i]);
        session_measure(&s, all[i], &ops);
        assert_int_equal(session_end(&s, all[i]), 0);
    }
    session_close(&s);
    activity(1, &n2, 4.0); /* the records come in their own order */
    activity(1, &n1, 2.0);
    struct launch_desc mine = n1;
    mine.correlation = 99;
    activity(1, &mine, 7.0);
    app_ended();
    struct table *t = results();
    assert_true(table_num(t, 0, table_col(t, "runtime_ms")) == 2.0);
    assert_true(table_num(t, 1, table_col(t, "runtime_ms")) == 4.0);
    assert_true(isnan(table_num(t, 2, table_col(t, "runtime_ms"))));
    assert_string_equal(cell(t, 2, "runs"), "0");
    table_free(t);
    struct launch_summary sum;
    assert_int_equal(launch_log_summarize(dir, &sum, why, sizeof why), 0);
    assert_int_equal(sum.timed, 2);
    assert_true(sum.total_ms == 6.0);
    launch_log_summary_free(&sum);
}

/* The counters' elapsed time beside the unprofiled one: a row more than
 * 3 % off says so in its reason. */
/* A session whose every profiled launch took 1 ms under the profiler. */
static void open_session_of_1ms_kernels(struct profile_session *s)
{
    const char *cols[] = {"sm__cycles_elapsed.avg", "sm__cycles_elapsed.avg.per_second"};
    header(cols, 2);
    snprintf(set.metrics, sizeof set.metrics, "%s,%s", cols[0], cols[1]);
    fake_set_value(cols[0], 2e6);
    fake_set_value(cols[1], 2e9);
    open_session(s);
}

static void profiled_elapsed_against_unprofiled(void **state)
{
    struct profile_session s;
    open_session_of_1ms_kernels(&s);
    struct launch_desc a = launch("_Z1av", "a()"), b = launch("_Z1bv", "b()");
    run_launch(&s, &a, 0.98);
    run_launch(&s, &b, 0.9);
    session_close(&s);
    app_ended();
    struct table *t = results();
    assert_string_equal(cell(t, 0, "reason"), "");
    assert_non_null(strstr(cell(t, 1, "reason"), "profiled elapsed 1 ms is +11.1 % off the unprofiled 0.9 ms"));
    table_free(t);
}

/* A kernel profiled at its first launch, which ran cold: its counters'
 * elapsed time is weighed against the median of its launches, not against
 * that first one. */
static void profiled_elapsed_against_the_kernels_median(void **state)
{
    struct profile_session s;
    open_session_of_1ms_kernels(&s);
    struct launch_desc a = launch("_Z1av", "a()"), b = launch("_Z1bv", "b()");
    assert_int_equal(run_launch(&s, &a, 1.3), FILTER_PROFILE); /* cold */
    assert_int_equal(run_launch(&s, &a, 1.0), FILTER_REPEAT);
    assert_int_equal(run_launch(&s, &a, 0.99), FILTER_REPEAT);
    assert_int_equal(run_launch(&s, &b, 1.0), FILTER_PROFILE);
    assert_int_equal(run_launch(&s, &b, 0.8), FILTER_REPEAT);
    assert_int_equal(run_launch(&s, &b, 0.9), FILTER_REPEAT);
    session_close(&s);
    app_ended();
    struct table *t = results();
    assert_string_equal(cell(t, 0, "reason"), "");
    assert_non_null(strstr(cell(t, 1, "reason"),
                           "profiled elapsed 1 ms is +11.1 % off the unprofiled 0.9 ms (median of 3 launches)"));
    table_free(t);
}

/* A serial kernel record holds ~2 us of its own: a kernel whose counters
 * say 0.1474 ms against records of 0.1521 ms (-3.1 %, 4.7 us; the solver's
 * residual_blocks on an H200) is not flagged under serial timing, and is
 * under concurrent timing. */
static void serial_records_slack(void **state)
{
    const enum kernel_timing timings[] = {KERNEL_TIMING_SERIAL, KERNEL_TIMING_CONCURRENT};
    for (int i = 0; i < 2; i++) {
        if (i > 0) {
            teardown(state);
            setup(state);
        }
        const char *cols[] = {"sm__cycles_elapsed.avg", "sm__cycles_elapsed.avg.per_second"};
        header(cols, 2);
        snprintf(set.metrics, sizeof set.metrics, "%s,%s", cols[0], cols[1]);
        fake_set_value(cols[0], 294800);
        fake_set_value(cols[1], 2e9);
        set.timing = timings[i];
        struct profile_session s;
        open_session(&s);
        struct launch_desc a = launch("_Z1av", "a()");
        run_launch(&s, &a, 0.1521);
        session_close(&s);
        app_ended();
        struct table *t = results();
        if (timings[i] == KERNEL_TIMING_SERIAL)
            assert_string_equal(cell(t, 0, "reason"), "");
        else
            assert_non_null(strstr(cell(t, 0, "reason"), "profiled elapsed 0.1474 ms is -3.1 % off the unprofiled 0.1521 ms"));
        table_free(t);
    }
}

/* An application replay: one run per config image (here two, one metric
 * each), each a session that measures its image only; the first run writes
 * the rows, the join fills them from both runs' raw values. A run that
 * launches differently is refused, naming the launch; the rows before it
 * keep their counters. */
static void application_replay_joins_runs(void **state)
{
    const char *cols[] = {DRAM_READ, "lts__t_sectors_op_read.sum"};
    header(cols, 2);
    snprintf(set.metrics, sizeof set.metrics, "%s,%s", cols[0], cols[1]);
    fake_set_value(cols[1], 512);
    fake.metrics_per_pass = 1;
    fake.passes = 1;
    fake.chip = "GA100"; /* no counter of split_safe.txt: one image each */
    set.per_kernel = 0;
    const char *second[] = {"_Z1av", "_Z1bv", "_Z1cv"}; /* the second run's third kernel differs */
    char why[512];
    for (long k = 0; k < 2; k++) {
        struct profile_session s;
        set.image = k;
        assert_int_equal(session_open(&s, &set, 100 + k, why, sizeof why), 0);
        struct launch_desc l[3] = {launch("_Z1av", "a()"), launch("_Z1bv", "b()"), launch("_Z1bv", "b()")};
        if (k == 1)
            l[2] = launch(second[2], "c()");
        for (size_t i = 0; i < 3; i++)
            assert_int_equal(run_launch(&s, &l[i], 1.0), FILTER_PROFILE);
        if (k == 0)
            assert_int_equal(profiler_configs(s.prof), 2);
        session_close(&s);
    }
    assert_int_equal(replay_join(dir, 2, set.metrics, why, sizeof why), 1);
    assert_non_null(strstr(why, "launch 3 of process #1 was b() grid 64,64,1 block 16,16,1 in the first run "
                                "and c() grid 64,64,1 block 16,16,1 in that one"));
    app_ended();
    struct table *t = results();
    assert_int_equal(t->nrows, 3);
    for (size_t r = 0; r < 2; r++) {
        assert_string_equal(cell(t, r, "status"), "ok");
        assert_true(table_num(t, r, table_col(t, cols[0])) == 4096);
        assert_true(table_num(t, r, table_col(t, cols[1])) == 512);
    }
    assert_string_equal(cell(t, 2, "status"), "failed");
    assert_string_equal(cell(t, 2, cols[0]), "");
    table_free(t);
}

/* One launch of an application replay's run: begin, the pass, the app's own
 * kernel (fake_work: a range of the pass when one is open), end. `extra`
 * kernels run unannounced (a library's). */
static enum filter_verdict inplace_launch(struct profile_session *s, struct launch_desc *d, int extra)
{
    d->correlation = correlation_next();
    enum filter_verdict v = session_begin(s, d);
    session_inplace_before(s, d, &inplace);
    for (int k = 0; k <= extra; k++)
        fake_work(&never);
    assert_int_equal(session_end(s, d), 0);
    return v;
}

/* In place: the app's launches are the ranges of one pass, each after its
 * flush; nothing is replayed; a launch that is not profiled ends the pass;
 * the rows are written when the pass ends, in launch order. A kernel the
 * launches did not announce fails its pass's rows, saying so. */
static void application_replay_in_place(void **state)
{
    fake.passes = 1;
    set.image = 0;
    set.per_kernel = 0;
    snprintf(set.kernel, sizeof set.kernel, "regex:^k");
    char why[512];
    struct profile_session s;
    assert_int_equal(session_open(&s, &set, 7, why, sizeof why), 0);
    struct launch_desc k1 = launch("_Z2k1v", "k1()"), k2 = launch("_Z2k2v", "k2()"), o = launch("_Z1ov", "o()");
    assert_int_equal(inplace_launch(&s, &k1, 0), FILTER_PROFILE);
    assert_int_equal(inplace_launch(&s, &k2, 0), FILTER_PROFILE);
    assert_int_equal(inplace_launch(&s, &k1, 0), FILTER_PROFILE);
    struct table *t = results();
    assert_int_equal(t->nrows, 0); /* the pass is still open */
    table_free(t);
    assert_int_equal(inplace_launch(&s, &o, 0), FILTER_OTHER_NAME);
    assert_int_equal(inplace_launch(&s, &k2, 1), FILTER_PROFILE); /* a second kernel nobody announced */
    session_close(&s);
    assert_int_equal(fake.starts, 2);
    assert_int_equal(fake.work_calls, 6); /* the app's kernels only: no replay */
    assert_int_equal(fake.cold_prepare_calls, 4);
    t = results();
    assert_int_equal(t->nrows, 4);
    for (size_t r = 0; r < 3; r++) {
        assert_string_equal(cell(t, r, "status"), "ok");
        assert_true(table_num(t, r, table_col(t, DRAM_READ)) == 4096);
    }
    assert_non_null(strstr(cell(t, 2, "params"), ";launch=3;"));
    assert_string_equal(cell(t, 3, "status"), "failed");
    assert_non_null(strstr(cell(t, 3, "reason"), "the pass holds 4 kernel ranges (0 dropped) where 3 kernels were counted"));
    table_free(t);
    struct replay_line *lines;
    size_t n;
    assert_int_equal(replay_log_read(dir, 0, 1, &lines, &n, why, sizeof why), 0);
    assert_int_equal(n, 5);
    assert_string_equal(lines[3].verdict, "other-name");
    assert_true(lines[0].values[0] == 4096 && isnan(lines[3].values[0]));
    assert_string_equal(lines[4].verdict, "failed");
    replay_log_free(lines, n);
}

/* In place, an image whose counts the cache state cannot change (exact
 * counts only, as collect's) measures its launches without a flush: the
 * pass's ranges are the app's kernels alone. */
static void application_replay_in_place_exact_image_no_flush(void **state)
{
    const char *cols[] = {"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"};
    header(cols, 1);
    snprintf(set.metrics, sizeof set.metrics, "%s", cols[0]);
    fake_set_value(cols[0], 64);
    fake.passes = 1;
    set.image = 0;
    set.per_kernel = 0;
    char why[512];
    struct profile_session s;
    assert_int_equal(session_open(&s, &set, 7, why, sizeof why), 0);
    struct launch_desc k1 = launch("_Z2k1v", "k1()"), k2 = launch("_Z2k2v", "k2()");
    assert_int_equal(inplace_launch(&s, &k1, 0), FILTER_PROFILE);
    assert_int_equal(inplace_launch(&s, &k2, 0), FILTER_PROFILE);
    session_close(&s);
    assert_int_equal(fake.cold_prepare_calls, 0);
    assert_int_equal(fake.prepare_calls, 2);
    struct table *t = results();
    assert_int_equal(t->nrows, 2);
    for (size_t r = 0; r < 2; r++) {
        assert_string_equal(cell(t, r, "status"), "ok");
        assert_true(table_num(t, r, table_col(t, cols[0])) == 64);
    }
    table_free(t);
}

/* Range replay: the first repeat of the range learns its launches; each
 * later repeat is a pass of the next one-pass image, its kernels measured as
 * they run (no replay, no flush); after one repeat per image, one row per
 * launch of the first repeat with every image's values. Later repeats are
 * timed only; launches outside the range are other-nvtx. */
static void range_replay(void **state)
{
    const char *cols[] = {DRAM_READ, "lts__t_sectors_op_read.sum"};
    header(cols, 2);
    snprintf(set.metrics, sizeof set.metrics, "%s,%s", cols[0], cols[1]);
    fake_set_value(cols[1], 512);
    fake.metrics_per_pass = 1;
    fake.passes = 1;
    fake.chip = "GA100"; /* two one-pass images */
    set.replay = REPLAY_RANGE;
    snprintf(set.nvtx[0], sizeof set.nvtx[0], "step/");
    set.nnvtx = 1;
    char why[512];
    struct profile_session s;
    assert_int_equal(session_open(&s, &set, 9, why, sizeof why), 0);
    session_prepare(&s, 0);
    struct launch_desc a = launch("_Z1av", "a()"), b = launch("_Z1bv", "b()"), o = launch("_Z1ov", "o()");
    assert_int_equal(run_launch(&s, &o, 1.0), FILTER_OTHER_NVTX);
    for (int repeat = 0; repeat < 4; repeat++) {
        nvtx_stack_push(&stack, NULL, "step");
        session_range_nvtx(&s, &stack, &inplace);
        enum filter_verdict want = repeat == 0 ? FILTER_PROFILE : FILTER_REPEAT;
        assert_int_equal(run_launch(&s, &a, 2.0), want);
        fake_work(&never); /* a's kernel, as the app runs it */
        assert_int_equal(run_launch(&s, &b, 3.0), want);
        fake_work(&never);
        nvtx_stack_pop(&stack, NULL);
        session_range_nvtx(&s, &stack, &inplace);
    }
    session_close(&s);
    assert_int_equal(fake.starts, 2);             /* repeats 2 and 3, one image each */
    assert_int_equal(fake.cold_prepare_calls, 0); /* the app's own cache state */
    app_ended();
    struct table *t = results();
    assert_int_equal(t->nrows, 2);
    for (size_t r = 0; r < 2; r++) {
        assert_string_equal(cell(t, r, "status"), "ok");
        assert_true(table_num(t, r, table_col(t, cols[0])) == 4096);
        assert_true(table_num(t, r, table_col(t, cols[1])) == 512);
        assert_true(table_num(t, r, table_col(t, "runs")) == 4); /* every repeat's launch timed into it */
    }
    assert_non_null(strstr(cell(t, 0, "params"), "kernel=a();pid=9;launch=2;"));
    table_free(t);
}

/* A repeat that launches another kernel is refused, naming it: the rows
 * fail with that. */
static void range_replay_refuses_a_different_repeat(void **state)
{
    fake.passes = 1;
    set.replay = REPLAY_RANGE; /* mmprof.h's iteration mark */
    char why[512];
    struct profile_session s;
    assert_int_equal(session_open(&s, &set, 9, why, sizeof why), 0);
    session_prepare(&s, 0);
    struct launch_desc a = launch("_Z1av", "a()"), b = launch("_Z1bv", "b()");
    for (int repeat = 0; repeat < 2; repeat++) {
        nvtx_stack_push(&stack, MMPROF_RANGE_DOMAIN, MMPROF_ITERATION);
        session_range_nvtx(&s, &stack, &inplace);
        struct launch_desc *d = repeat ? &b : &a;
        run_launch(&s, d, 1.0);
        fake_work(&never);
        nvtx_stack_pop(&stack, MMPROF_RANGE_DOMAIN);
        session_range_nvtx(&s, &stack, &inplace);
    }
    session_close(&s);
    struct table *t = results();
    assert_int_equal(t->nrows, 1);
    assert_string_equal(cell(t, 0, "status"), "failed");
    assert_non_null(strstr(cell(t, 0, "reason"), "repeat 2 of the range launched b() grid 64,64,1 block 16,16,1 "
                                                 "as its launch 1 where the first repeat launched a()"));
    table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(first_launch_per_kernel_all_timed, setup, teardown),
        cmocka_unit_test_setup_teardown(graph_nodes_pair_by_geometry, setup, teardown),
        cmocka_unit_test_setup_teardown(profiled_elapsed_against_unprofiled, setup, teardown),
        cmocka_unit_test_setup_teardown(profiled_elapsed_against_the_kernels_median, setup, teardown),
        cmocka_unit_test_setup_teardown(serial_records_slack, setup, teardown),
        cmocka_unit_test_setup_teardown(application_replay_joins_runs, setup, teardown),
        cmocka_unit_test_setup_teardown(application_replay_in_place, setup, teardown),
        cmocka_unit_test_setup_teardown(application_replay_in_place_exact_image_no_flush, setup, teardown),
        cmocka_unit_test_setup_teardown(range_replay, setup, teardown),
        cmocka_unit_test_setup_teardown(range_replay_refuses_a_different_repeat, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
