/* The charts of a run drawn: data and scripts written, then rendered by
 * gnuplot (plot_charts.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/util.h"
#include "analysis/analysis.h"
#include "plots/chart.h"
#include "plots/gnuplot.h"
#include "plots/note.h"
#include "plots/plot_charts.h"
#include "plots/plot_data.h"
#include "plots/roof_check.h"
#include "rundir/run_files.h"
#include "rundir/run_view.h"

/* The charts' list comes from charts.def, so it is printed, not written by the
 * command's help. */
void plot_list_charts(FILE *f)
{
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    fprintf(f, "\ncharts:\n");
    for (size_t i = 0; i < n; i++)
        fprintf(f, "  %-10s %s\n", s[i].name, s[i].what);
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
