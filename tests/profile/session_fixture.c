/* The session tests' fixture (session_fixture.h). */
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
#include "fake_cupti.h"
#include "profile/activity_log.h"
#include "profile/launch_log.h"
#include "profile/launch_times.h"
#include "profile/row_timing.h"
#include "session_fixture.h"


char dir[64];
struct profile_settings set;
struct nvtx_stack stack;
int never; /* the fake callbacks' "fail on call" number: 0 = never */

static int ops_prepare(void *ctx, int cold_l2)
{
    return fake_prepare(ctx, cold_l2);
}

static int ops_work(void *ctx)
{
    return fake_work(ctx);
}

const struct launch_ops ops = {ops_prepare, ops_work, &never};

int setup(void **state)
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

int teardown(void **state)
{
    cupti_api_install(NULL);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

struct launch_desc launch(const char *mangled, const char *demangled)
{
    struct launch_desc d = {.mangled = mangled, .demangled = demangled, .grid = {64, 64, 1},
                            .block = {16, 16, 1}, .regs_per_thread = 32, .smem_bytes = 2048,
                            .blocks_per_sm = 8, .theoretical_occupancy_pct = 100, .limiter = "threads",
                            .stream_id = 7, .device = 0, .nvtx = &stack};
    return d;
}

static unsigned long next_correlation;

unsigned long correlation_next(void)
{
    return ++next_correlation;
}

/* The activity record of a launch that ran ms on the GPU, as the injection
 * library writes it. */
void activity(long pid, const struct launch_desc *d, double ms)
{
    char path[128], line[ACTIVITY_LOG_LINE_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, ACTIVITY_TSV);
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
enum filter_verdict run_launch(struct profile_session *s, struct launch_desc *d, double ms)
{
    d->correlation = correlation_next();
    enum filter_verdict v = session_begin(s, d);
    session_measure(s, d, &ops);
    assert_int_equal(session_end(s, d), 0);
    activity(s->pid, d, ms);
    return v;
}

/* What `mmprof profile` does once the app has ended. */
void app_ended(void)
{
    char why[256];
    long timed = 0;
    if (launch_times_join(dir, &timed, why, sizeof why) != 0 || row_timing_apply(dir, set.timing, why, sizeof why) != 0)
        fail_msg("%s", why);
}

void open_session(struct profile_session *s)
{
    char why[256];
    if (session_open(s, &set, 1, why, sizeof why) != 0)
        fail_msg("session_open: %s", why);
}

struct table *results(void)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    struct table *t = results_read(path, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

const char *cell(const struct table *t, size_t row, const char *col)
{
    return table_str(t, row, table_col(t, col));
}

/* results.csv's header for these metric columns, as `mmprof profile` writes
 * it before the app starts. */
void header(const char *const *metrics, size_t n)
{
    char path[128];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(results_write_header(f, metrics, n), 0);
    fclose(f);
}

static int wait_none(void *ctx)
{
    (void)ctx;
    return 0;
}

/* The ops of a pass in place: the flush's kernels (fake_prepare), and
 * waiting, which launches nothing. */
const struct launch_ops inplace = {ops_prepare, wait_none, &never};

