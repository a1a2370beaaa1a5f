/* mmprof plot: its options, help and exit status; the charts are
 * plots/plot_charts.c's. */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "common/help.h"
#include "common/run_args.h"
#include "common/util.h"
#include "plots/chart.h"
#include "plots/plot_charts.h"
#include "rundir/run_files.h"
#include "rundir/run_out.h"
#include "rundir/run_view.h"

enum { OPT_OUT = 256 };

static const struct help_option plot_options[] = {
    {"format", required_argument, 'f', "F", "png, svg or both (default both)"},
    {"out", required_argument, OPT_OUT, "DIR",
     "a copy of the run's files with the charts in DIR/plots (default: RUN\n"
     "itself, or results/<RUN's name> when git tracks RUN)"},
    {NULL, 0, 0, NULL, NULL},
};

struct plot_opts {
    const char *formats, *out;
};

static const struct help plot_help = {
    .command = "plot",
    .usage = "RUN [--format png|svg|both] [--out DIR]",
    .about = "Draws the run's charts with gnuplot into RUN/plots: for each chart NAME, the data\n"
             "(NAME.dat), the gnuplot script (NAME.gp) and the images (NAME.png, " HELP_STR(PLOT_WIDTH) "x" HELP_STR(
                 PLOT_HEIGHT) ", and NAME.svg).\n"
             "Analyzes RUN/" RESULTS_CSV " as `mmprof analyze` does (in memory: RUN/" ANALYSIS_CSV " is not\n"
             "written) and reads the ceilings in RUN/" RUN_JSON ". Warns when a point lies above its\n"
             "roof. Without gnuplot (apt-get install gnuplot-nox) the .dat and .gp files are still\n"
             "written; render them later with `cd RUN/plots && gnuplot NAME.gp`.\n"
             "\n" RUN_OUT_RULE,
    .more = plot_list_charts,
    .options = plot_options,
    .exit_status = "0 ok, 1 runtime failure (gnuplot missing, RUN/plots not writable),\n"
                   "2 bad usage or input\n",
    .examples = {"mmprof plot examples/seeds               # every chart, into results/seeds/plots",
                 "mmprof plot RUN --format svg --out DIR   # svg only, into DIR/plots",
                 "cd RUN/plots && gnuplot roofline.gp      # redraw one chart after editing its script"},
};

static const char *parse_format(const char *s)
{
    if (strcmp(s, "png") == 0)
        return "png";
    if (strcmp(s, "svg") == 0)
        return "svg";
    if (strcmp(s, "both") == 0)
        return "png svg";
    return NULL;
}

static int take_option(void *ctx, int code, const char *value)
{
    struct plot_opts *o = ctx;
    if (code == OPT_OUT) {
        o->out = value;
        return 0;
    }
    if ((o->formats = parse_format(value)) != NULL)
        return 0;
    msg_error("plot: unknown format '%s': use --format png, svg or both", value);
    return -1;
}

/* Returns -1 to go on, or the exit code to stop with. */
static int parse_args(int argc, char **argv, struct plot_opts *o, const char **run)
{
    const struct run_args spec = {&plot_help, take_option, o, 1};
    return run_args_parse(&spec, argc, argv, run);
}

int cmd_plot(int argc, char **argv)
{
    struct plot_opts o = {"png svg", NULL};
    const char *run = NULL;
    int rc = parse_args(argc, argv, &o, &run);
    if (rc >= 0)
        return rc;
    char dir[4096], why[4600];
    if ((rc = run_out_prepare(run, o.out, "plot", dir, sizeof dir, why, sizeof why)) != 0) {
        msg_error("plot: %s", why);
        return rc;
    }
    struct run_view v;
    struct analysis a;
    rc = analysis_load(dir, RUN_VIEW_SOURCE, &v, &a, why, sizeof why);
    if (rc != EXIT_OK) {
        msg_error("plot: %s", why);
        return rc;
    }
    rc = plot_charts(&v, &a, o.formats, 0);
    analysis_free(&a);
    run_view_free(&v);
    return rc;
}
