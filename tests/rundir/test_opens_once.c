/* Every reading command reads each file of a run once: the library entry
 * points of analyze, plot, report (with and without --baseline), diff,
 * source and xcheck on copies of committed runs, counting the opens of rundir/'s
 * readers (rundir/run_files.h). Output goes to /dev/null; plot runs without
 * gnuplot on PATH (the charts' .dat and .gp are written, nothing drawn).
 * plot and report leave analysis.csv to analyze: they never write it. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "cli/commands.h"
#include "plots/plot_charts.h"
#include "reports/report.h"
#include "run_copy.h"
#include "rundir/run_files.h"

#define SEEDS MMPROF_SOURCE_DIR "/examples/seeds"
#define SOURCE_RUN MMPROF_SOURCE_DIR "/examples/source-h100"

typedef int (*command_fn)(int argc, char **argv);

/* Runs cmd with its output thrown away; returns its exit code. */
static int quietly(command_fn cmd, int argc, const char **argv)
{
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2), null = open("/dev/null", O_WRONLY);
    assert_true(out >= 0 && err >= 0 && null >= 0);
    dup2(null, 1);
    dup2(null, 2);
    int rc = cmd(argc, (char **)argv);
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    close(null);
    close(out);
    close(err);
    return rc;
}

static int report_cmd(int argc, char **argv)
{
    char err[3000];
    return report_write(argv[1], argc > 2 ? argv[2] : NULL, err, sizeof err);
}

struct opens {
    unsigned long json, results, samples, source, analysis;
};

static void assert_opens(const char *what, struct opens want)
{
    struct opens got = {run_file_opens(RUN_JSON), run_file_opens(RESULTS_CSV), run_file_opens(SAMPLES_CSV),
                        run_file_opens(SOURCE_CSV), run_file_opens(ANALYSIS_CSV)};
    if (got.json != want.json || got.results != want.results || got.samples != want.samples ||
        got.source != want.source || got.analysis != want.analysis)
        fail_msg("%s opened run.json %lu, results.csv %lu, samples.csv %lu, source.csv %lu, analysis.csv %lu "
                 "times; want %lu, %lu, %lu, %lu, %lu",
                 what, got.json, got.results, got.samples, got.source, got.analysis, want.json, want.results,
                 want.samples, want.source, want.analysis);
    run_file_opens_reset();
}

static void each_command_reads_a_run_once(void **state)
{
    (void)state;
    char seeds[64], source[64];
    run_copy(SEEDS, seeds, sizeof seeds);
    run_copy(SOURCE_RUN, source, sizeof source);
    char path[4096];
    snprintf(path, sizeof path, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    setenv("PATH", "/nonexistent", 1); /* no gnuplot: plot writes the charts' data and stops */
    run_file_opens_reset();
    for (int i = 0; i < 2; i++) {
        const char *run = i ? source : seeds;
        unsigned long has_source = (unsigned long)i; /* seeds has no source.csv: looked for, not opened */
        const char *analyze[] = {"analyze", run};
        assert_int_equal(quietly(cmd_analyze, 2, analyze), 0);
        assert_opens("analyze", (struct opens){1, 1, 0, has_source, 0}); /* stalls name each kernel's top reason */
        run_unlink(run, ANALYSIS_CSV); /* analyze's alone: plot and report must not make it */
        const char *plot[] = {"plot", run};
        assert_int_equal(quietly(cmd_plot, 2, plot), 1); /* gnuplot not found */
        assert_opens("plot", (struct opens){1, 1, 0, has_source, 0});
        const char *report[] = {"report", run};
        assert_int_equal(quietly(report_cmd, 2, report), 0);
        assert_opens("report", (struct opens){1, 1, 0, has_source, 0});
        char analysis[512];
        snprintf(analysis, sizeof analysis, "%s/%s", run, ANALYSIS_CSV);
        assert_int_equal(access(analysis, F_OK), -1);
    }
    const char *source_argv[] = {"source", source};
    assert_int_equal(quietly(cmd_source, 2, source_argv), 0);
    assert_opens("source", (struct opens){1, 0, 0, 1, 0}); /* run.json: which command takes samples */
    /* two runs: each file of each once; only source-h100 has samples.csv */
    const char *diff[] = {"diff", seeds, source};
    assert_int_equal(quietly(cmd_diff, 3, diff), 0);
    assert_opens("diff", (struct opens){2, 2, 1, 0, 0});
    const char *baseline[] = {"report", source, seeds};
    assert_int_equal(quietly(report_cmd, 3, baseline), 0);
    assert_opens("report --baseline", (struct opens){2, 2, 1, 1, 0});
    /* one run on both sides (its metric names, then its rows): read once */
    const char *xcheck[] = {"xcheck", "--mmprof", seeds, "--mmprof2", seeds};
    assert_true(quietly(cmd_xcheck, 5, xcheck) <= 1); /* what it finds does not matter here */
    assert_opens("xcheck", (struct opens){1, 1, 0, 0, 0}); /* run.json: a profile run's replay mode */
    setenv("PATH", path, 1);
    run_remove(seeds);
    run_remove(source);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_command_reads_a_run_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
