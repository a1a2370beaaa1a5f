/* `mmprof plot RUN [--format png|svg|both]`: the charts of a run directory,
 * drawn by gnuplot into RUN/plots (NAME.dat, NAME.gp, NAME.png, NAME.svg). */
#ifndef MMPROF_PLOT_CMD_H
#define MMPROF_PLOT_CMD_H

/* argv[0] is the subcommand's name ("plot"). Returns the exit code: 0 ok,
 * 1 runtime failure (gnuplot missing or failing: the .dat and .gp files
 * are still written), 2 bad usage or input. */
int cmd_plot(int argc, char **argv);
/* Draws run_dir's charts into run_dir/plots in formats ("png", "svg" or
 * "png svg"), as cmd_plot does once it knows the directory. Returns the
 * exit code, errors said on stderr; quiet: nothing said (no list of the
 * charts drawn, no notes or errors: the report draws them for itself). */
int plot_charts(const char *run_dir, const char *formats, int quiet);

#endif
