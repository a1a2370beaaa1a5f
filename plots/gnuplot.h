/* Running gnuplot on a chart's .gp. gnuplot is a run-time dependency only:
 * without it the .dat and .gp files are still written and can be rendered
 * later. */
#ifndef MMPROF_PLOTS_GNUPLOT_H
#define MMPROF_PLOTS_GNUPLOT_H

#include <stddef.h>

/* Looks for an executable "gnuplot" in each directory of $PATH. 0 with
 * its path, or -1. */
int gnuplot_find(char *path, size_t len);

/* Runs gnuplot in dir on NAME.gp, rendering each format of formats ("png
 * svg", "png" or "svg") to a temporary file renamed to NAME.<format> once
 * gnuplot succeeded; on failure no NAME.<format> is touched. gnuplot's
 * messages go to err on failure, and are printed as warnings on success.
 * 0, or -1 with err. */
int gnuplot_render(const char *gnuplot, const char *dir, const char *name, const char *formats, char *err,
                   size_t err_len);

#endif
