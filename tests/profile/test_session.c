/* The per-launch pipeline (profile/session.h) through the fake CUPTI: the
 * filter's verdict on synthetic launches, counters measured with the
 * launch's ops (restore + flush, then the replay: their kernel counts drive
 * the auto ranges as collect's do), one results.csv row per profiled launch
 * with its declaration (mmprof.h range or --model line), launches.tsv lines
 * for every launch, --list without counters, and refused counters as failed
 * rows whose reason names the fix; each kernel's first launch profiled and
 * its later ones timed into its row (activity records joined as the
 * injection library's would be); an application replay's runs joined. */
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

#include "common/results.h"
#include "common/table.h"
#include "fake_cupti.h"
#include "profile/activity_log.h"
#include "profile/launch_log.h"
#include "profile/launch_times.h"
#include "profile/mmprof.h"
#include "profile/replay_join.h"
#include "profile/replay_log.h"
#include "profile/row_timing.h"
#include "profile/session.h"

#define DRAM_READ "dram__bytes_read.sum"

static char dir[64];
static struct profile_settings set;
static struct nvtx_stack stack;
static int never; /* the fake callbacks' "fail on call" number: 0 = never */

static int ops_prepare(void *ctx, int cold_l2)
{
    return fake_prepare(ctx, cold_l2);
}

static int ops_work(void *ctx)
{
    return fake_work(ctx);
}

static const struct launch_ops ops = {ops_prepare, ops_work, &never};

static int setup(void **state)
{
    fake_reset();
    fake.passes = 2;
    fake_set_value(DRAM_READ, 4096);
    cupti_api_install(&fake_api);
    snprintf(dir, sizeof dir, "/tmp/mmprof-session-XXXXXX");
    assert_non_null(mkdtemp(dir));
    settings_init(&set);
    snprintf(set.dir, sizeof set.dir, "%s", dir);
    snprintf(set.metrics, sizeof set.metrics, "%s", DRAM_READ);
    char why[256];
    assert_int_equal(launch_log_create(dir, why, sizeof why), 0);
    char path[128];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "w");
    const char *headers[] = {DRAM_READ};
    assert_int_equal(results_write_header(f, headers, 1), 0);
    fclose(f);
    memset(&stack, 0, sizeof stack);
    return 0;
}

static int teardown(void **state)
{
    cupti_api_install(NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

static struct launch_desc launch(const char *mangled, const char *demangled)
{
    struct launch_desc d = {.mangled = mangled, .demangled = demangled, .grid = {64, 64, 1},
                            .block = {16, 16, 1}, .regs_per_thread = 32, .smem_bytes = 2048,
                            .stream_id = 7, .device = 0, .nvtx = &stack};
    return d;
}

static unsigned long next_correlation;

/* The activity record of a launch that ran ms on the GPU, as the injection
 * library writes it. */
static void activity(long pid, const struct launch_desc *d, double ms)
{
    char path[128], line[ACTIVITY_LOG_LINE_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, ACTIVITY_LOG_FILE);
    struct activity_record r = {pid, d->correlation, 1000000, 1000000 + (uint64_t)(ms * 1e6 + 0.5),
                                {d->grid[0], d->grid[1], d->grid[2]}, {d->block[0], d->block[1], d->block[2]}};
    assert_true(activity_log_format(line, sizeof line, &r) > 0);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs(line, f);
    fclose(f);
}

/* One launch through the session: begin (the counters), then end (the row),
 * and its activity record (pid 1 unless the session says otherwise). */
static enum filter_verdict run_launch(struct profile_session *s, struct launch_desc *d, double ms)
{
    d->correlation = ++next_correlation;
    enum filter_verdict v = session_begin(s, d);
    session_measure(s, d, &ops);
    assert_int_equal(session_end(s, d), 0);
    activity(s->pid, d, ms);
    return v;
}

/* What `mmprof profile` does once the app has ended. */
static void app_ended(void)
{
    char why[256];
    long timed = 0;
    if (launch_times_join(dir, &timed, why, sizeof why) != 0 || row_timing_apply(dir, why, sizeof why) != 0)
        fail_msg("%s", why);
}

static void open_session(struct profile_session *s)
{
    char why[256];
    if (session_open(s, &set, 1, why, sizeof why) != 0)
        fail_msg("session_open: %s", why);
}

static struct table *results(void)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    struct table *t = results_read(path, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

static const char *cell(const struct table *t, size_t row, const char *col)
{
    return table_str(t, row, table_col(t, col));
}

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


/* results.csv's header for these metric columns, as `mmprof profile` writes
 * it before the app starts. */
static void header(const char *const *metrics, size_t n)
{
    char path[128];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(results_write_header(f, metrics, n), 0);
    fclose(f);
}

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
    snprintf(activity_path, sizeof activity_path, "%s/%s", dir, ACTIVITY_LOG_FILE);
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
static void profiled_elapsed_against_unprofiled(void **state)
{
    const char *cols[] = {"sm__cycles_elapsed.avg", "sm__cycles_elapsed.avg.per_second"};
    header(cols, 2);
    snprintf(set.metrics, sizeof set.metrics, "%s,%s", cols[0], cols[1]);
    fake_set_value(cols[0], 2e6);
    fake_set_value(cols[1], 2e9); /* 1 ms under the profiler */
    struct profile_session s;
    open_session(&s);
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

static int wait_none(void *ctx)
{
    (void)ctx;
    return 0;
}

/* The ops of a pass in place: the flush's kernels (fake_prepare), and
 * waiting, which launches nothing. */
static const struct launch_ops inplace = {ops_prepare, wait_none, &never};

/* One launch of an application replay's run: begin, the pass, the app's own
 * kernel (fake_work: a range of the pass when one is open), end. `extra`
 * kernels run unannounced (a library's). */
static enum filter_verdict inplace_launch(struct profile_session *s, struct launch_desc *d, int extra)
{
    d->correlation = ++next_correlation;
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
        cmocka_unit_test_setup_teardown(first_launch_per_kernel_all_timed, setup, teardown),
        cmocka_unit_test_setup_teardown(graph_nodes_pair_by_geometry, setup, teardown),
        cmocka_unit_test_setup_teardown(profiled_elapsed_against_unprofiled, setup, teardown),
        cmocka_unit_test_setup_teardown(application_replay_joins_runs, setup, teardown),
        cmocka_unit_test_setup_teardown(application_replay_in_place, setup, teardown),
        cmocka_unit_test_setup_teardown(range_replay, setup, teardown),
        cmocka_unit_test_setup_teardown(range_replay_refuses_a_different_repeat, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
