/* `mmprof profile` option parsing (cli/cmd_profile.c, profile_parse): every
 * option into the settings the app's environment carries, the app and its
 * own options left alone (parsing stops at the app or at --), the defaults,
 * and refusals with exit 2. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "profile/filter.h"
#include "profile/settings.h"

static struct profile_args a;
static char why[512];

static void refuse(int rc, const char *reason);

/* profile_parse on the words of line ('' is an empty word). */
static int parse(const char *line)
{
    static char buf[1024];
    char *argv[64];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    argv[argc++] = "profile";
    for (char *w = strtok(buf, " "); w && argc < 63; w = strtok(NULL, " "))
        argv[argc++] = strcmp(w, "''") == 0 ? "" : w;
    argv[argc] = NULL;
    return profile_parse(argc, argv, &a, why, sizeof why);
}

static void every_option(void **state)
{
    char *argv[] = {"profile", "-k", "regex:gemm", "--launch-skip", "3", "-c", "7",
                    "--nvtx-include", "solve/", "--nvtx-include", "mmprof@*/", "--out", "run",
                    "--metrics", "dram__bytes_read.sum", "--", "./app", "-k", "--list", NULL};
    assert_int_equal(profile_parse(19, argv, &a, why, sizeof why), 0);
    assert_string_equal(a.set.kernel, "regex:gemm");
    assert_int_equal(a.set.launch_skip, 3);
    assert_int_equal(a.set.launch_count, 7);
    assert_int_equal(a.set.nnvtx, 2);
    assert_string_equal(a.set.nvtx[1], "mmprof@*/");
    assert_string_equal(a.out, "run");
    assert_string_equal(a.set.metrics, "dram__bytes_read.sum");
    assert_int_equal(a.set.list_only, 0); /* the app's --list is the app's */
    assert_int_equal(a.app_index, 16);
    assert_string_equal(argv[a.app_index], "./app");
    assert_non_null(strstr(a.command_line, "mmprof profile -k regex:gemm"));
}

/* --source and --memory-offset-mb travel to the injection library through
 * the environment. */
static void source_reaches_the_injection(void **state)
{
    assert_int_equal(parse("--source --memory-offset-mb 138 ./app"), 0);
    assert_int_equal(a.set.source, 1);
    assert_int_equal(a.set.memory_offset_mib, 138);
    snprintf(a.set.dir, sizeof a.set.dir, "/tmp/run"); /* make_run_dir's, later */
    assert_int_equal(settings_export(&a.set), 0);
    struct profile_settings in;
    char why2[256];
    assert_int_equal(settings_import(&in, why2, sizeof why2), 0);
    assert_int_equal(in.source, 1);
    assert_int_equal(in.memory_offset_mib, 138);
    assert_int_equal(parse("./app"), 0);
    snprintf(a.set.dir, sizeof a.set.dir, "/tmp/run");
    assert_int_equal(settings_export(&a.set), 0);
    assert_int_equal(settings_import(&in, why2, sizeof why2), 0);
    assert_int_equal(in.source, 0);
    assert_int_equal(in.memory_offset_mib, 0);
}

/* --kernel-timing: serial by default, concurrent on request, carried to the
 * injection library; another word is refused, and so is a bad variable. */
static void kernel_timing_reaches_the_injection(void **state)
{
    struct profile_settings in;
    char why2[256];
    assert_int_equal(parse("./app"), 0);
    assert_int_equal(a.set.timing, KERNEL_TIMING_SERIAL);
    assert_int_equal(parse("--kernel-timing concurrent ./app"), 0);
    assert_int_equal(a.set.timing, KERNEL_TIMING_CONCURRENT);
    snprintf(a.set.dir, sizeof a.set.dir, "/tmp/run");
    assert_int_equal(settings_export(&a.set), 0);
    assert_int_equal(settings_import(&in, why2, sizeof why2), 0);
    assert_int_equal(in.timing, KERNEL_TIMING_CONCURRENT);
    assert_int_equal(parse("--kernel-timing serial ./app"), 0);
    snprintf(a.set.dir, sizeof a.set.dir, "/tmp/run");
    assert_int_equal(settings_export(&a.set), 0);
    assert_int_equal(settings_import(&in, why2, sizeof why2), 0);
    assert_int_equal(in.timing, KERNEL_TIMING_SERIAL);
    refuse(parse("--kernel-timing fast ./app"), "give serial or concurrent");
    setenv("MMPROF_PROFILE_KERNEL_TIMING", "both", 1);
    assert_int_equal(settings_import(&in, why2, sizeof why2), 2);
    assert_non_null(strstr(why2, "is not a kernel timing"));
    unsetenv("MMPROF_PROFILE_KERNEL_TIMING");
}

static void defaults_and_app_without_dashes(void **state)
{
    assert_int_equal(parse("--list ./app -c 1"), 0);
    assert_int_equal(a.set.list_only, 1);
    assert_int_equal(a.set.launch_count, FILTER_LAUNCH_COUNT_DEFAULT);
    assert_int_equal(a.set.launch_skip, 0);
    assert_string_equal(a.set.kernel, "");
    assert_null(a.out);
    assert_int_equal(a.app_index, 2);
    assert_int_equal(parse("--help"), 0);
    assert_int_equal(a.help, 1);
    assert_int_equal(parse("-c 0 ./app"), 0); /* 0 = no cap */
    assert_int_equal(a.set.launch_count, 0);
}

static void refuse(int rc, const char *reason)
{
    assert_int_equal(rc, 2);
    if (!strstr(why, reason))
        fail_msg("reason '%s' lacks '%s'", why, reason);
}

static void refusals(void **state)
{
    refuse(parse("-k x"), "no app to profile");
    refuse(parse("-k x --"), "no app to profile");
    refuse(parse("--nope ./app"), "unknown option '--nope'");
    refuse(parse("-c"), "needs a value");
    refuse(parse("-c -1 ./app"), "is not a count");
    refuse(parse("-c 5x ./app"), "is not a count");
    refuse(parse("-k '' ./app"), "an empty value");
    refuse(parse("-k regex:[ ./app"), "bad regular expression");
    refuse(parse("--nvtx-include a ./app"), "ends with '/'");
    refuse(parse("--metrics nope_metric ./app"), "nope_metric");
    refuse(parse("--list --metrics default ./app"), "drop --metrics");
    refuse(parse("--list --source ./app"), "drop --source");
    refuse(parse("--list --memory-offset-mb 8 ./app"), "drop --memory-offset-mb");
    refuse(parse("--memory-offset-mb -1 ./app"), "is not a count");
    refuse(parse("--memory-offset-mb 70000 ./app"), "at most 65536 MiB");
    refuse(parse("--model /nonexistent/model.txt ./app"), "No such file");
    char *argv[2 + 2 * (FILTER_NVTX_MAX + 1) + 1];
    int n = 0;
    argv[n++] = "profile";
    for (int i = 0; i <= FILTER_NVTX_MAX; i++) {
        argv[n++] = "--nvtx-include";
        argv[n++] = "a/";
    }
    argv[n++] = "./app";
    argv[n] = NULL;
    refuse(profile_parse(n, argv, &a, why, sizeof why), "more than 8 --nvtx-include");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_option),
        cmocka_unit_test(defaults_and_app_without_dashes),
        cmocka_unit_test(source_reaches_the_injection),
        cmocka_unit_test(kernel_timing_reaches_the_injection),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
