/* `mmprof diff` on copies of a run directory without launch times (an older
 * run: the fallback on [min, max]): a run against itself shows no change; a
 * crafted slower copy is flagged, but not a change within the runs' spread;
 * counters by noise class, rows in one run only, devices, exit codes. The
 * interval from launch times and the outputs: test_diff_gate.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "diff/diff_fail_on.h"
#include "run_dir.h"

#define assert_has(text, part)                                                               \
    do {                                                                                     \
        if (!strstr((text), (part)))                                                         \
            fail_msg("expected to find '%s' in:\n%s", (part), (text));                       \
    } while (0)

static void diff(const char *a, const char *b, const char *opt, struct captured *c)
{
    const char *argv[] = {"diff", a, b, opt};
    capture(cmd_diff, opt ? 4 : 3, argv, c);
}

/* The output line of variant at `size` (e.g. "naive", "1024x1024x1024"). */
static char *line_of(const char *out, const char *variant, const char *size, char *buf, size_t len)
{
    char want[128];
    snprintf(want, sizeof want, "\n%-22s %-16s ", variant, size);
    const char *at = strstr(out, want);
    if (!at)
        fail_msg("no line for %s %s in:\n%s", variant, size, out);
    return diff_row_text(at + 1, buf, len);
}

static void same_run_no_change(const char *run)
{
    struct captured c;
    diff(run, run, "--fail-on=changed", &c);
    assert_int_equal(c.rc, 0);
    assert_string_equal(c.err, "");
    assert_has(c.out, "0 slower, 0 faster, 0 within noise, 0 with counter changes, 0 status changes; 0 only in A, "
                      "0 only in B");
    assert_has(c.out, "no significant change\n");
    assert_null(strstr(c.out, "SLOWER"));
    assert_null(strstr(c.out, "FASTER"));
    captured_free(&c);
}

static void itself(void **state)
{
    same_run_no_change(FIXTURE);
}

static void example_itself(void **state)
{
    /* the committed example is part of the tree: missing, it fails here */
    assert_int_equal(access(EXAMPLE "/results.csv", R_OK), 0);
    same_run_no_change(EXAMPLE);
}

/* 1.5x slower median, min and max: outside A's [min, max] range. */
static void slower_copy_is_flagged(void **state)
{
    char b[64], line[512];
    struct captured c;
    run_copy(FIXTURE, b, sizeof b);
    csv_scale(b, "rt_b16_4x4", 1024, "runtime_ms", 1.5);
    csv_scale(b, "rt_b16_4x4", 1024, "min_ms", 1.5);
    csv_scale(b, "rt_b16_4x4", 1024, "max_ms", 1.5);
    diff(FIXTURE, b, NULL, &c);
    assert_int_equal(c.rc, 0); /* a change is a result, not an error */
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "1.500x  no samples        SLOWER");
    assert_has(c.out, "1 slower, 0 faster");
    assert_has(c.out, "note: 33 rows without launch times");
    assert_has(c.out, "significant changes found\n");
    line_of(c.out, "rt_b16_4x4", "256x256x256", line, sizeof line);
    assert_has(line, "1.000x  no samples        same");
    captured_free(&c);

    diff(FIXTURE, b, "--fail-on=slower>3%", &c);
    assert_int_equal(c.rc, DIFF_EXIT_FAIL);
    assert_has(c.out, "--fail-on: 1 rows fail\n");
    captured_free(&c);

    diff(b, FIXTURE, NULL, &c); /* the other way round it is faster */
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "0.667x  no samples        FASTER");
    captured_free(&c);

    diff(FIXTURE, b, "--threshold=60", &c); /* a 50 % change under a 60 % threshold is none */
    assert_has(c.out, "no significant change\n");
    captured_free(&c);
    run_remove(b);
}

/* The same 1.5x median, but B's spread reaches down into A's range: noise. */
static void change_within_spread_is_noise(void **state)
{
    char b[64], line[512];
    struct captured c;
    run_copy(FIXTURE, b, sizeof b);
    csv_scale(b, "rt_b16_4x4", 1024, "runtime_ms", 1.5);
    csv_scale(b, "rt_b16_4x4", 1024, "max_ms", 1.5);
    csv_scale(b, "rt_b16_4x4", 1024, "min_ms", 0.5);
    diff(FIXTURE, b, "--fail-on=changed", &c);
    assert_int_equal(c.rc, 0);
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "1.500x  no samples        noise");
    assert_has(c.out, "0 slower, 0 faster, 1 within noise");
    captured_free(&c);
    run_remove(b);
}

static void counter_change_is_flagged(void **state)
{
    char b[64], line[512];
    struct captured c;
    run_copy(FIXTURE, b, sizeof b);
    csv_scale(b, "tiled_t16", 1024, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", 2);
    csv_scale(b, "tiled_t16", 256, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 3);
    csv_scale(b, "naive", 1024, "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", 1.000001);
    csv_scale(b, "naive", 256, "dram__bytes_read.sum", 1.015);
    csv_scale(b, "coarse_1x2", 1024, "dram__bytes_read.sum", 1.2);
    csv_scale(b, "rt_b32_1x1", 1024, "dram__bytes_read.sum", 1.036);
    /* +2.4 points of occupancy: a change at 0.11 ms, within the spread of a 15 us kernel */
    csv_scale(b, "rt_b16_4x4", 1024, "sm__warps_active.avg.pct_of_peak_sustained_active", 1.1);
    csv_scale(b, "tiled_t16", 256, "sm__warps_active.avg.pct_of_peak_sustained_active", 1.1);
    diff(FIXTURE, b, NULL, &c);
    line_of(c.out, "tiled_t16", "1024x1024x1024", line, sizeof line);
    assert_has(line, "changed: gld_sectors 2x");
    /* sectors are fixed by the code and the shape: one more in a million is a change */
    line_of(c.out, "naive", "1024x1024x1024", line, sizeof line);
    assert_has(line, "gst_sectors 1x");
    /* DRAM reads move with what L2 holds: 1.5 % is their noise, 20 % is not */
    line_of(c.out, "naive", "256x256x256", line, sizeof line);
    assert_null(strstr(line, "dram_read_bytes"));
    line_of(c.out, "coarse_1x2", "1024x1024x1024", line, sizeof line);
    assert_has(line, "dram_read_bytes 1.2x");
    /* one run is one placement: 3.6 % (300 KB), as far as they moved between one-GPU runs, is no change */
    line_of(c.out, "rt_b32_1x1", "1024x1024x1024", line, sizeof line);
    assert_null(strstr(line, "dram_read_bytes"));
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "achieved_occupancy 1.1x");
    assert_has(c.out, "4 with counter changes");
    /* conflicts are counted against the wavefronts: a few more among many is no change */
    line_of(c.out, "tiled_t16", "256x256x256", line, sizeof line);
    assert_null(strstr(line, "bank_conflicts_ld"));
    assert_null(strstr(line, "achieved_occupancy"));
    captured_free(&c);
    run_remove(b);
}

static void rows_in_one_run_only(void **state)
{
    char b[64];
    struct captured c;
    run_copy(FIXTURE, b, sizeof b);
    csv_drop(b, "tr_padded", 1024);
    diff(FIXTURE, b, "--fail-on=changed", &c);
    assert_int_equal(c.rc, 0);
    assert_has(c.out, "only in A: tr_padded 1024x1024\n");
    captured_free(&c);
    diff(FIXTURE, b, "--fail-on=missing", &c);
    assert_int_equal(c.rc, DIFF_EXIT_FAIL);
    assert_has(c.out, "; 1 only in A, 0 only in B");
    captured_free(&c);
    run_remove(b);
}

static void status_change_is_flagged(void **state)
{
    char b[64], line[512];
    struct captured c;
    run_copy(FIXTURE, b, sizeof b);
    csv_set(b, "tr_naive", 256, "status", "failed");
    csv_set(b, "tr_naive", 256, "reason", "relative error 1 exceeds 1e-06");
    diff(FIXTURE, b, "--fail-on=changed", &c);
    assert_int_equal(c.rc, DIFF_EXIT_FAIL);
    line_of(c.out, "tr_naive", "256x256", line, sizeof line);
    assert_has(line, "failed  ");
    assert_has(line, "changed: status ok -> failed; FAIL changed: status changed");
    assert_has(c.out, "1 status changes");
    captured_free(&c);
    run_remove(b);
}

/* Another GPU: compared, the change of GPU said first, times as times. */
static void different_device_warns(void **state)
{
    char b[64], line[512];
    struct captured c;
    run_copy(FIXTURE, b, sizeof b);
    json_replace(b, "\"NVIDIA H200\"", "\"NVIDIA H100 80GB HBM3\"");
    diff(FIXTURE, b, NULL, &c);
    assert_int_equal(c.rc, 0);
    assert_string_equal(c.err, "");
    assert_has(c.out, "A ran on NVIDIA H200 (132 SMs), B on NVIDIA H100 80GB HBM3 (132 SMs): the times compare the "
                      "GPUs, not the code\nA: ");
    assert_has(c.out, "roof%: the time against its own GPU's roofline");
    /* the same times: B/A 1 */
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "1.000x");
    captured_free(&c);

    json_replace(b, "\"sm_count\": 132", "\"sm_count\": 114"); /* same name, other SM count */
    json_replace(b, "\"NVIDIA H100 80GB HBM3\"", "\"NVIDIA H200\"");
    diff(FIXTURE, b, NULL, &c);
    assert_int_equal(c.rc, 0);
    assert_has(c.out, "B on NVIDIA H200 (114 SMs)");
    captured_free(&c);
    run_remove(b);
}

static void usage_errors(void **state)
{
    struct captured c;
    const char *one[] = {"diff", FIXTURE};
    capture(cmd_diff, 2, one, &c);
    assert_int_equal(c.rc, 2);
    assert_has(c.err, "give two run directories");
    captured_free(&c);

    diff(FIXTURE, FIXTURE, "--threshold=abc", &c);
    assert_int_equal(c.rc, 2);
    assert_has(c.err, "--threshold 'abc'");
    captured_free(&c);

    diff(FIXTURE, FIXTURE, "--fail-on=slower", &c);
    assert_int_equal(c.rc, 2);
    assert_has(c.err, "--fail-on 'slower': give slower>P%, faster>P%, cgma<R, cgma>R, changed or missing");
    captured_free(&c);

    diff(FIXTURE, FIXTURE, "--fail-on=cgma<-1", &c);
    assert_int_equal(c.rc, 2);
    captured_free(&c);

    diff(FIXTURE, FIXTURE, "--junit=/nonexistent/dir/x.xml", &c);
    assert_int_equal(c.rc, 1);
    assert_has(c.err, "cannot write /nonexistent/dir/x.xml");
    captured_free(&c);

    diff(FIXTURE, FIXTURE, "--frob", &c);
    assert_int_equal(c.rc, 2);
    assert_has(c.err, "unknown option '--frob'");
    captured_free(&c);

    diff(FIXTURE, "/nonexistent/run", NULL, &c);
    assert_int_equal(c.rc, 2);
    assert_has(c.err, "run B: '/nonexistent/run' is not a directory");
    const char *nl = strchr(c.err, '\n');
    assert_true(nl != NULL && nl[1] == '\0');
    captured_free(&c);

    const char *help[] = {"diff", "--help"};
    capture(cmd_diff, 2, help, &c);
    assert_int_equal(c.rc, 0);
    assert_has(c.out, "usage: mmprof diff RUN_A RUN_B");
    captured_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(itself),
        cmocka_unit_test(example_itself),
        cmocka_unit_test(slower_copy_is_flagged),
        cmocka_unit_test(change_within_spread_is_noise),
        cmocka_unit_test(counter_change_is_flagged),
        cmocka_unit_test(rows_in_one_run_only),
        cmocka_unit_test(status_change_is_flagged),
        cmocka_unit_test(different_device_warns),
        cmocka_unit_test(usage_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
