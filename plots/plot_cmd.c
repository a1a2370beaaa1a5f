/* The `plot` subcommand: options, then load, check, write, render. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/run_args.h"
#include "common/util.h"
#include "analysis/analysis.h"
#include "plots/chart.h"
#include "plots/gnuplot.h"
#include "plots/note.h"
#include "plots/plot_cmd.h"
#include "plots/plot_data.h"
#include "plots/roof_check.h"
#include "rundir/run_files.h"
#include "rundir/run_out.h"
#include "rundir/run_view.h"

/* The charts' list comes from charts.def, so it is printed, not written here. */
static void list_charts(FILE *f)
{
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    fprintf(f, "\ncharts:\n");
    for (size_t i = 0; i < n; i++)
        fprintf(f, "  %-10s %s\n", s[i].name, s[i].what);
}

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
    .more = list_charts,
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

static int make_dir(const char *dir)
{
    if (mkdir(dir, 0755) == 0 || errno == EEXIST)
        return 0;
    plot_error("cannot create %s: %s (is the run directory writable?)", dir, strerror(errno));
    return -1;
}

/* Writes every chart's .dat and .gp; drawn[i] = 1 for the charts written.
 * Returns the number written, or -1 after an error (said once: a full disk
 * fails every chart after it). */
static int write_charts(const struct plot_data *d, const char *dir, const char *formats, int *drawn)
{
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    int count = 0, failed = 0;
    for (size_t i = 0; i < n && !failed; i++) {
        char err[1024];
        int rc = chart_write(&s[i], d, dir, formats, err, sizeof err);
        drawn[i] = rc == CHART_DRAW;
        count += drawn[i];
        if (rc == CHART_SKIP)
            plot_note("%s chart skipped: %s", s[i].name, err);
        else if (rc != CHART_DRAW) {
            plot_error("%s", err);
            failed = 1;
        }
    }
    return failed ? -1 : count;
}

static int render_charts(const char *gnuplot, const char *dir, const char *formats, const int *drawn, int quiet)
{
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    int rc = EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        char err[6000];
        if (!drawn[i])
            continue;
        if (gnuplot_render(gnuplot, dir, s[i].name, formats, err, sizeof err) != 0) {
            plot_error("%s", err);
            rc = EXIT_RUNTIME;
            continue;
        }
        if (quiet)
            continue;
        if (strcmp(formats, "png svg") == 0)
            printf("%s/%s.png  %s/%s.svg  %s\n", dir, s[i].name, dir, s[i].name, s[i].what);
        else
            printf("%s/%s.%s  %s\n", dir, s[i].name, formats, s[i].what);
    }
    return rc;
}

static int plot_run(const struct plot_data *d, const char *formats, int quiet)
{
    char dir[1100], gnuplot[4096];
    run_path(dir, sizeof dir, d->run_dir, PLOTS_DIR);
    if (make_dir(dir) != 0)
        return EXIT_RUNTIME;
    /* Said once here, not once per chart. */
    if (access(dir, W_OK) != 0) {
        plot_error("cannot write in %s: %s (copy the run directory somewhere writable and plot the copy)", dir,
                  strerror(errno));
        return EXIT_RUNTIME;
    }
    roof_check(d);
    int drawn[CHART_MAX] = {0};
    int count = write_charts(d, dir, formats, drawn);
    if (count < 0) {
        rmdir(dir); /* a folder this failure left empty goes; one with charts in it stays */
        return EXIT_RUNTIME;
    }
    if (count == 0) {
        plot_error("nothing to plot in %s: no chart has data (see the notes above); collect a run with "
                  "`mmprof collect`",
                  d->run_dir);
        return EXIT_RUNTIME;
    }
    if (gnuplot_find(gnuplot, sizeof gnuplot) != 0) {
        plot_error("gnuplot not found: apt-get install gnuplot-nox; the .dat and .gp files are in %s, "
                  "run `cd %s && gnuplot FILE.gp` to render later",
                  dir, dir);
        return EXIT_RUNTIME;
    }
    return render_charts(gnuplot, dir, formats, drawn, quiet);
}

int plot_charts(const struct run_view *v, const struct analysis *a, const char *formats, int quiet)
{
    char err[1536];
    struct plot_data d;
    plot_notes_quiet(quiet);
    int rc = plot_data_from(v, a, &d, err, sizeof err);
    if (rc != EXIT_OK)
        plot_error("%s", err);
    else
        rc = plot_run(&d, formats, quiet);
    plot_data_free(&d);
    plot_notes_quiet(0);
    return rc;
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
