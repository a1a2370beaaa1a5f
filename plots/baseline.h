/* The roofline overlay chart of `mmprof report RUN --baseline OTHER`
 * (chart_roofline_baseline.c): drawn into RUN/plots beside `mmprof plot`'s
 * charts, and removed again by a report without --baseline, so that no
 * stale comparison is shown. */
#ifndef MMPROF_PLOTS_BASELINE_H
#define MMPROF_PLOTS_BASELINE_H

#include <stddef.h>

/* Its name in plots/charts.def: `mmprof plot` skips it (it has no baseline). */
#define PLOT_BASELINE_CHART "roofline_baseline"

struct plot_data;
/* Writes RUN/plots/roofline_baseline.{dat,gp,png}, run's rows against
 * base's (plots/plot_data.h). 0, or -1 with why (nothing to draw, gnuplot
 * missing or failing). */
int plot_roofline_baseline(const struct plot_data *run, const struct plot_data *base, char *why, size_t why_len);

/* Removes run_dir/plots/roofline_baseline.* (a report without --baseline). */
void plot_roofline_baseline_remove(const char *run_dir);

#endif
