/* `mmprof plot`'s failures: bad usage and bad run directories exit 2 with
 * one line naming the problem and the fix; without gnuplot the .dat and
 * .gp files are still written and the exit status is 1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plots/baseline.h"
#include "plots/chart.h"
#include "run_dir.h"

/* Exactly one line on stderr, containing `want`. */
static void one_line(const char *err, const char *want)
{
    const char *nl = strchr(err, '\n');
    if (!nl || nl[1] != '\0' || !strstr(err, want))
        fail_msg("expected one line containing '%s', got: %s", want, err);
}

static void usage_errors_exit_2(void **state)
{
    char err[4096];
    assert_int_equal(run_plot(err, sizeof err, NULL), 2);
    one_line(err, "no run directory given");
    assert_int_equal(run_plot(err, sizeof err, "a", "b", NULL), 2);
    one_line(err, "more than one run directory");
    assert_int_equal(run_plot(err, sizeof err, SYNTHETIC_RUN, "--colour", NULL), 2);
    one_line(err, "unknown option '--colour'");
    assert_int_equal(run_plot(err, sizeof err, SYNTHETIC_RUN, "--format", "jpeg", NULL), 2);
    one_line(err, "use --format png, svg or both");
    assert_int_equal(run_plot(err, sizeof err, SYNTHETIC_RUN, "--format", NULL), 2);
    one_line(err, "needs a value");
}

static void help_exits_0(void **state)
{
    char err[4096];
    assert_int_equal(run_plot(err, sizeof err, "--help", NULL), 0);
    assert_string_equal(err, "");
}

static void bad_run_directories_exit_2(void **state)
{
    char err[4096], dir[256];
    assert_int_equal(run_plot(err, sizeof err, "/nonexistent/run", NULL), 2);
    one_line(err, "is not a directory: pass a run directory");
    run_make_empty(dir, sizeof dir);
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 2);
    one_line(err, "no results.csv");
    one_line(err, "run `mmprof collect` first");
    run_remove(dir);
    run_copy(SYNTHETIC_RUN, dir, sizeof dir);
    write_text(dir, "run.json", "{\"device\": ");
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 2);
    one_line(err, "run.json");
    run_remove(dir);
}

/* PATH pointing at an empty directory: no gnuplot. Every chart's .dat and
 * .gp are written anyway, no image is, and the exit status is 1. */
static void without_gnuplot_scripts_are_still_written(void **state)
{
    char err[16384], dir[256], empty[256], path[700];
    run_copy(SYNTHETIC_RUN, dir, sizeof dir);
    run_add_source(dir); /* the stalls chart too */
    run_make_empty(empty, sizeof empty);
    char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    setenv("PATH", empty, 1);
    int rc = run_plot(err, sizeof err, dir, NULL);
    if (old)
        setenv("PATH", old, 1);
    free(old);
    assert_int_equal(rc, 1);
    if (!strstr(err, "gnuplot not found: apt-get install gnuplot-nox") || !strstr(err, "gnuplot FILE.gp"))
        fail_msg("expected the gnuplot-not-found message with its fix, got: %s", err);
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/plots/%s.gp", dir, s[i].name);
        if (strcmp(s[i].name, PLOT_BASELINE_CHART) == 0) /* `mmprof report --baseline` draws it */
            continue;
        assert_true(file_exists(path));
        snprintf(path, sizeof path, "%s/plots/%s.dat", dir, s[i].name);
        assert_true(file_exists(path));
        snprintf(path, sizeof path, "%s/plots/%s.png", dir, s[i].name);
        assert_false(file_exists(path));
    }
    run_remove(dir);
    run_remove(empty);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(usage_errors_exit_2),
        cmocka_unit_test(help_exits_0),
        cmocka_unit_test(bad_run_directories_exit_2),
        cmocka_unit_test(without_gnuplot_scripts_are_still_written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
