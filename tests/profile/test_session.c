/* The per-launch pipeline (profile/session.h) through the fake CUPTI: the
 * filter's verdict on synthetic launches, counters measured with the
 * launch's ops (restore + flush, then the replay: their kernel counts drive
 * the auto ranges as collect's do), one results.csv row per profiled launch
 * with its declaration (mmprof.h range or --model line), launches.tsv lines
 * for every launch, --list without counters, and refused counters as failed
 * rows whose reason names the fix. */
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
#include "fake_cupti.h"
#include "profile/activity_log.h"
#include "profile/launch_log.h"
#include "profile/mmprof.h"
#include "profile/replay_join.h"
#include "profile/replay_log.h"
#include "profile/session.h"
#include "session_fixture.h"

static void declared_and_filtered(void **state)
{
    char model[96], why[256];
    snprintf(model, sizeof model, "%s/model.txt", dir);
    FILE *f = fopen(model, "w");
    fputs("regex:^void k2: flops=1000 bytes=2000\n", f);
    fclose(f);
    snprintf(set.model, sizeof set.model, "%s", model);
    snprintf(set.kernel, sizeof set.kernel, "regex:^void k");
    struct profile_session s;
    assert_int_equal(session_open(&s, &set, 4242, why, sizeof why), 0);

    nvtx_stack_push(&stack, NULL, "solve");
    nvtx_stack_push(&stack, MMPROF_NVTX_DOMAIN, "kind=tiled T=16 M=1024 N=1024 K=1024");
    struct launch_desc k1 = launch("_Z2k1Pf", "void k1(float*)");
    assert_int_equal(run_launch(&s, &k1, 0.5), FILTER_PROFILE);
    nvtx_stack_pop(&stack, MMPROF_NVTX_DOMAIN);
    struct launch_desc other = launch("_Z5otherPf", "void other(float*)");
    assert_int_equal(run_launch(&s, &other, 0.25), FILTER_OTHER_NAME);
    struct launch_desc k2 = launch("_Z2k2Pf", "void k2(float*)");
    assert_int_equal(run_launch(&s, &k2, 0.001), FILTER_PROFILE);
    session_close(&s);
    app_ended();
    /* two profiled launches, each prepare + work once as the warm-up before
       the passes (on a warm L2: no flush), then once per pass */
    assert_int_equal(fake.work_calls, 2 * (1 + 2));
    assert_int_equal(fake.prepare_calls, 2 * (1 + 2));
    assert_int_equal(fake.cold_prepare_calls, 2 * 2);
    assert_int_equal(fake.initialized, 0);

    struct table *t = results();
    assert_int_equal(t->nrows, 2);
    assert_string_equal(cell(t, 0, "variant"), "tiled_t16");
    assert_string_equal(cell(t, 0, "family"), "matmul");
    assert_string_equal(cell(t, 0, "M"), "1024");
    assert_string_equal(cell(t, 0, "status"), "ok");
    assert_string_equal(cell(t, 0, "params"), "kernel=void k1(float*);pid=4242;launch=1;"
                                              "grid=64,64,1;block=16,16,1;stream=7;nvtx=solve;gpu_ms=0.5");
    assert_true(table_num(t, 0, table_col(t, "flops")) == 2.0 * 1024 * 1024 * 1024);
    assert_true(table_num(t, 0, table_col(t, "runtime_ms")) == 0.5);
    assert_true(table_num(t, 0, table_col(t, "threads_per_block")) == 256);
    assert_true(table_num(t, 0, table_col(t, "grid_blocks")) == 4096);
    assert_true(table_num(t, 0, table_col(t, "regs_per_thread")) == 32);
    assert_true(table_num(t, 0, table_col(t, "smem_bytes_per_block")) == 2048);
    assert_true(table_num(t, 0, table_col(t, "blocks_per_sm")) == 8); /* the launch facts (launch_facts.h) */
    assert_true(table_num(t, 0, table_col(t, "theoretical_occupancy_pct")) == 100);
    assert_string_equal(cell(t, 0, "limiter"), "threads");
    assert_true(table_num(t, 0, table_col(t, DRAM_READ)) == 4096);
    /* undeclared in code, declared by the model file: its name, its amounts */
    assert_string_equal(cell(t, 1, "variant"), "void k2(float*)");
    assert_string_equal(cell(t, 1, "family"), "kernel");
    assert_true(table_num(t, 1, table_col(t, "flops")) == 1000);
    assert_true(table_num(t, 1, table_col(t, "gflops")) == 1000 / (0.001 * 1e6));
    assert_true(table_num(t, 1, table_col(t, "bytes_compulsory")) == 2000);
    table_free(t);

    struct launch_summary sum;
    assert_int_equal(launch_log_summarize(dir, &sum, why, sizeof why), 0);
    assert_int_equal(sum.launches, 3);
    assert_int_equal(sum.profiled, 2);
    assert_int_equal(sum.processes, 1);
    assert_int_equal(sum.n, 3);
    assert_int_equal(sum.timed, 3);
    assert_true(fabs(sum.total_ms - 0.751) < 1e-9);
    assert_string_equal(sum.k[0].kernel, "void k1(float*)"); /* the longest first */
    launch_log_summary_free(&sum);
}

static void list_mode_reads_no_counters(void **state)
{
    char why[256];
    set.list_only = 1;
    set.launch_count = 1;
    set.per_kernel = 0;
    struct profile_session s;
    open_session(&s);
    struct launch_desc k = launch("_Z1kv", "k()");
    assert_int_equal(run_launch(&s, &k, 1.0), FILTER_PROFILE);
    assert_int_equal(run_launch(&s, &k, 2.0), FILTER_CAPPED);
    session_close(&s);
    app_ended();
    assert_int_equal(fake.cupti_calls + fake.cuda_calls, 0);
    assert_int_equal(fake.work_calls, 0);
    struct table *t = results();
    assert_int_equal(t->nrows, 0);
    table_free(t);
    struct launch_summary sum;
    assert_int_equal(launch_log_summarize(dir, &sum, why, sizeof why), 0);
    assert_int_equal(sum.launches, 2);
    assert_int_equal(sum.profiled, 0); /* "listed" and "capped" */
    assert_true(sum.k[0].total_ms == 3.0);
    launch_log_summary_free(&sum);
}

static void refused_counters_fail_rows(void **state)
{
    char why[256];
    fake.fail_call = "profiler_initialize";
    fake.fail_code = CUPTI_ERROR_INSUFFICIENT_PRIVILEGES;
    set.per_kernel = 0;
    struct profile_session s;
    open_session(&s);
    struct launch_desc k = launch("_Z1kv", "k()");
    assert_int_equal(run_launch(&s, &k, 1.0), FILTER_PROFILE);
    assert_int_equal(run_launch(&s, &k, 1.0), FILTER_PROFILE);
    session_close(&s);
    assert_int_equal(fake.work_calls, 0);
    assert_int_equal(fake.fail_seen, 1); /* opened once, not once per launch */
    struct table *t = results();
    assert_int_equal(t->nrows, 2);
    assert_string_equal(cell(t, 1, "status"), "failed");
    assert_non_null(strstr(cell(t, 1, "reason"), "NVreg_RestrictProfilingToAdminUsers=0"));
    assert_string_equal(cell(t, 1, DRAM_READ), "");
    table_free(t);
    struct launch_summary sum;
    assert_int_equal(launch_log_summarize(dir, &sum, why, sizeof why), 0);
    assert_int_equal(sum.failed, 2);
    launch_log_summary_free(&sum);
}

/* The replay before the counter passes fails (a kernel that faults): a
 * failed row that says so, no counter pass run. */
static void failed_warm_up_fails_the_row(void **state)
{
    never = -1; /* every work call fails, the warm-up's first */
    struct profile_session s;
    open_session(&s);
    struct launch_desc k = launch("_Z1kv", "k()");
    assert_int_equal(run_launch(&s, &k, 1.0), FILTER_PROFILE);
    session_close(&s);
    never = 0;
    assert_int_equal(fake.work_calls, 1);
    assert_int_equal(fake.cold_prepare_calls, 0);
    struct table *t = results();
    assert_int_equal(t->nrows, 1);
    assert_string_equal(cell(t, 0, "status"), "failed");
    assert_non_null(strstr(cell(t, 0, "reason"), "replayed once before the counter passes failed"));
    table_free(t);
}

static void bad_code_declaration_is_ignored_with_reason(void **state)
{
    struct profile_session s;
    open_session(&s);
    nvtx_stack_push(&stack, MMPROF_NVTX_DOMAIN, "kind=tiled T=7 M=1 N=1 K=1");
    struct launch_desc k = launch("_Z1kv", "k()");
    assert_int_equal(run_launch(&s, &k, 1.0), FILTER_PROFILE);
    session_close(&s);
    struct table *t = results();
    assert_string_equal(cell(t, 0, "variant"), "k()");
    assert_string_equal(cell(t, 0, "status"), "ok");
    assert_non_null(strstr(cell(t, 0, "reason"), "mmprof.h declaration: kind=tiled"));
    table_free(t);
}


static void bad_settings_refused(void **state)
{
    char why[256];
    struct profile_session s;
    snprintf(set.metrics, sizeof set.metrics, "no_such_metric");
    assert_int_equal(session_open(&s, &set, 1, why, sizeof why), 2);
    assert_non_null(strstr(why, "no_such_metric"));
    settings_init(&set);
    snprintf(set.dir, sizeof set.dir, "%s/missing", dir);
    assert_int_equal(session_open(&s, &set, 1, why, sizeof why), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(declared_and_filtered, setup, teardown),
        cmocka_unit_test_setup_teardown(list_mode_reads_no_counters, setup, teardown),
        cmocka_unit_test_setup_teardown(refused_counters_fail_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(failed_warm_up_fails_the_row, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_code_declaration_is_ignored_with_reason, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_settings_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
