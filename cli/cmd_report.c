/* mmprof report: its options, help and exit status; the report itself is
 * reports/report.c's (report_write). */
#include "cli/commands.h"

#include <stdio.h>

#include "common/help.h"
#include "common/run_args.h"
#include "common/util.h"
#include "reports/report.h"
#include "rundir/run_files.h"
#include "rundir/run_out.h"

enum { OPT_OUT = 256 };

static const struct help_option report_options[] = {
    {"baseline", required_argument, 'b', "OTHER",
     "the run to compare RUN against (another GPU: with a warning): a section\n"
     "\"Against the baseline\" with `mmprof diff OTHER RUN`'s verdicts and a roofline\n"
     "overlay chart, an arrow per matmul variant from OTHER to RUN\n"
     "(plots/roofline_baseline.png; a report without --baseline removes it)"},
    {"out", required_argument, OPT_OUT, "DIR",
     "a copy of the run's files with the report and charts in DIR (default:\n"
     "RUN itself, or results/<RUN's name> when git tracks RUN)"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help report_help = {
    .command = "report",
    .usage = "RUN [--baseline OTHER] [--out DIR]",
    .about = "Writes report.md and report.html: one self-contained page (styles and charts\n"
             "inline, no network, no script) a person can read and share. It holds the device\n"
             "and environment (clocks, driver, CUDA/CUPTI, ceilings measured vs datasheet), one\n"
             "section per course lab the run covers (labs 000-004: the five course lab reports\n"
             "this suite reproduces, each table in its lab's shape), theoretical vs measured\n"
             "CGMA, findings (best variant per size, memory- or compute-bound, largest theory\n"
             "gap), what to do next (docs/next-steps.md), where each kernel's warps wait (a run\n"
             "collected with --source: stall reasons and hottest source lines, docs/source.md)\n"
             "and the skipped or failed variants. RUN is a run directory written by `mmprof\n"
             "collect` or `mmprof profile`.\n"
             "With gnuplot, the charts are drawn afresh into plots/ (as `mmprof plot`, PNG);\n"
             "without it, those in plots/ are shown and a warning names any older than\n"
             RESULTS_CSV ". The analysis is computed in memory; " ANALYSIS_CSV " is not written.\n"
             "\n" RUN_OUT_RULE,
    .options = report_options,
    .exit_status = "0 ok, 1 cannot write the report, 2 bad usage or input (" RESULTS_CSV "\n"
                   "without rows included)\n",
    .examples = {"mmprof report examples/seeds        # results/seeds/report.html, charts drawn",
                 "mmprof report RUN --out results/r   # a copy of RUN with its report in results/r",
                 "mmprof report RUN --baseline BEFORE  # side by side with an earlier run"},
};

struct report_opts {
    const char *baseline, *out;
};

static int take_option(void *ctx, int code, const char *value)
{
    struct report_opts *o = ctx;
    if (code == OPT_OUT)
        o->out = value;
    else
        o->baseline = value;
    return 0;
}

/* Returns -1 to go on, or the exit code to stop with. */
static int parse_args(int argc, char **argv, const char **run, struct report_opts *o)
{
    const struct run_args spec = {&report_help, take_option, o, 1};
    return run_args_parse(&spec, argc, argv, run);
}

int cmd_report(int argc, char **argv)
{
    const char *run = NULL;
    struct report_opts o = {NULL, NULL};
    int rc = parse_args(argc, argv, &run, &o);
    if (rc >= 0)
        return rc;
    char err[3000], dir[4096];
    if ((rc = run_out_prepare(run, o.out, "report", dir, sizeof dir, err, sizeof err)) != 0) {
        msg_error("report: %s", err);
        return rc;
    }
    rc = report_write(dir, o.baseline, err, sizeof err);
    if (rc == EXIT_OK)
        printf("mmprof: wrote %s/" REPORT_MD " and %s/" REPORT_HTML "\n", dir, dir);
    else
        msg_error("report: %s", err);
    return rc;
}
