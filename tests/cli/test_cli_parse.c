/* collect's options: good forms parse, bad input is exit 2 with a reason. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "cli/commands.h"
#include "common/util.h"

static struct collect_args args;

static int parse(char *why, size_t len, ...)
{
    char *argv[32];
    int argc = 0;
    va_list ap;
    va_start(ap, len);
    argv[argc++] = "collect";
    for (char *s; (s = va_arg(ap, char *)) != NULL;)
        argv[argc++] = s;
    va_end(ap);
    argv[argc] = NULL;
    why[0] = '\0';
    return collect_parse(argc, argv, &args, why, len);
}

static void good_forms(void **state)
{
    (void)state;
    char why[512];
    assert_int_equal(parse(why, sizeof why, NULL), 0);
    assert_int_equal(args.opt.nshapes, 1);
    assert_int_equal(args.shapes[0].m, 2048);
    assert_true(args.opt.profile && args.opt.time_kernels);
    assert_int_equal(parse(why, sizeof why, "--variants", "rt_b16_*,naive", "--sizes", "1024,2048", "--reps", "20",
                           "--seed", "7", "--no-profile", NULL),
                     0);
    assert_int_equal(args.opt.nvariants, 13);
    assert_int_equal(args.opt.nshapes, 2);
    assert_int_equal(args.shapes[1].k, 2048);
    assert_int_equal(args.opt.timing.min_reps, 20);
    assert_int_equal(args.opt.seed, 7);
    assert_false(args.opt.profile);
    assert_int_equal(parse(why, sizeof why, "--mnk", "1000,3000,700", "--profile-only", "--out", "/tmp/x", NULL), 0);
    assert_int_equal(args.shapes[0].n, 3000);
    assert_false(args.opt.time_kernels);
    assert_string_equal(args.opt.out_dir, "/tmp/x");
    assert_non_null(strstr(args.command_line, "--mnk 1000,3000,700"));
    assert_int_equal(args.opt.buffer_offset_mib, 0);
    assert_int_equal(parse(why, sizeof why, "--buffer-offset-mb", "30", NULL), 0);
    assert_int_equal(args.opt.buffer_offset_mib, 30);
    assert_int_equal(parse(why, sizeof why, "--buffer-offset-mb", "0", NULL), 0);
    assert_int_equal(args.opt.buffer_offset_mib, 0);
    assert_int_equal(args.opt.local_memory_offset_mib, 0);
    assert_int_equal(parse(why, sizeof why, "--local-memory-offset-mb", "138", NULL), 0);
    assert_int_equal(args.opt.local_memory_offset_mib, 138);
    assert_int_equal(args.opt.settle_cap_ms, 0);
    assert_int_equal(parse(why, sizeof why, "--settle-ms", "30", NULL), 0);
    assert_int_equal(args.opt.settle_cap_ms, 30);
    assert_int_equal(parse(why, sizeof why, "--settle-ms", "250", NULL), 0);
    assert_int_equal(args.opt.settle_cap_ms, 250);
}

static void expect_usage(const char *needle, ...)
{
    char *argv[32], why[512];
    int argc = 0;
    va_list ap;
    va_start(ap, needle);
    argv[argc++] = "collect";
    for (char *s; (s = va_arg(ap, char *)) != NULL;)
        argv[argc++] = s;
    va_end(ap);
    argv[argc] = NULL;
    why[0] = '\0';
    assert_int_equal(collect_parse(argc, argv, &args, why, sizeof why), EXIT_USAGE);
    if (!strstr(why, needle))
        fail_msg("message '%s' does not mention '%s'", why, needle);
}

static void bad_input(void **state)
{
    (void)state;
    expect_usage("at least 1", "--sizes", "0", NULL);
    expect_usage("negative", "--sizes", "-5", NULL);
    expect_usage("not a whole number", "--sizes", "abc", NULL);
    expect_usage("too large", "--sizes", "99999999999999999999", NULL);
    expect_usage("too large", "--sizes", "2000000", NULL);
    expect_usage("three numbers", "--mnk", "1000,3000", NULL);
    expect_usage("one of --sizes and --mnk", "--sizes", "64", "--mnk", "1,2,3", NULL);
    expect_usage("unknown variant 'tiled_t3'", "--variants", "tiled_t3", NULL);
    expect_usage("unknown option '--frobnicate'", "--frobnicate", NULL);
    expect_usage("unexpected argument", "extra", NULL);
    expect_usage("nothing to measure", "--no-profile", "--profile-only", NULL);
    expect_usage("--reps", "--reps", "ten", NULL);
    expect_usage("--seed", "--seed", "-1", NULL);
    expect_usage("--buffer-offset-mb 65537: give a whole number from 0 to 65536", "--buffer-offset-mb", "65537",
                 NULL);
    expect_usage("--buffer-offset-mb 1G", "--buffer-offset-mb", "1G", NULL);
    expect_usage("--local-memory-offset-mb 65537: give a whole number from 0 to 65536", "--local-memory-offset-mb",
                 "65537", NULL);
    expect_usage("--settle-ms 1001: give a whole number from 0 to 1000", "--settle-ms", "1001", NULL);
    expect_usage("--settle-ms -5", "--settle-ms", "-5", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(good_forms), cmocka_unit_test(bad_input)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
