/* The charts of a run, drawn by gnuplot into RUN/plots (NAME.dat, NAME.gp,
 * NAME.png, NAME.svg): what `mmprof plot` and the report draw. */
#ifndef MMPROF_PLOT_CHARTS_H
#define MMPROF_PLOT_CHARTS_H

#include <stdio.h>

/* The chart list (charts.def): name and what each shows, for help texts. */
void plot_list_charts(FILE *f);

/* Draws the charts of v's run (its analysis a, in memory) into RUN/plots in
 * formats ("png", "svg" or "png svg"), as cmd_plot does once it has loaded
 * the run. Returns the exit code, errors said on stderr; quiet: nothing said
 * (no list of the charts drawn, no notes or errors: the report draws them
 * for itself). */
struct run_view;
struct analysis;
int plot_charts(const struct run_view *v, const struct analysis *a, const char *formats, int quiet);

#endif
