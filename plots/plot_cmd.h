/* `mmprof plot RUN [--format png|svg|both]`: the charts of a run directory,
 * drawn by gnuplot into RUN/plots (NAME.dat, NAME.gp, NAME.png, NAME.svg). */
#ifndef MMPROF_PLOT_CMD_H
#define MMPROF_PLOT_CMD_H

/* argv[0] is the subcommand's name ("plot"). Returns the exit code: 0 ok,
 * 1 runtime failure (gnuplot missing or failing: the .dat and .gp files
 * are still written), 2 bad usage or input. */
int cmd_plot(int argc, char **argv);

#endif
