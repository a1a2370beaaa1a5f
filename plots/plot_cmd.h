/* `mmprof plot RUN [--format png|svg|both]`: the charts of a run directory,
 * drawn by gnuplot into RUN/plots (NAME.dat, NAME.gp, NAME.png, NAME.svg). */
#ifndef MMPROF_PLOT_CMD_H
#define MMPROF_PLOT_CMD_H

/* argv[0] is the subcommand's name ("plot"). Returns the exit code: 0 ok,
 * 1 runtime failure (gnuplot missing or failing: the .dat and .gp files
 * are still written), 2 bad usage or input. */
int cmd_plot(int argc, char **argv);
/* Draws the charts of v's run (its analysis a, in memory) into RUN/plots in
 * formats ("png", "svg" or "png svg"), as cmd_plot does once it has loaded
 * the run. Returns the exit code, errors said on stderr; quiet: nothing said
 * (no list of the charts drawn, no notes or errors: the report draws them
 * for itself). */
struct run_view;
struct analysis;
int plot_charts(const struct run_view *v, const struct analysis *a, const char *formats, int quiet);

#endif
