/* DESIGN: "warn when a point lands above its roof" — a kernel cannot beat
 * a ceiling, so such a point means a wrong counter, a wrong time, or a
 * ceiling measured too low. */
#ifndef MMPROF_PLOTS_ROOF_CHECK_H
#define MMPROF_PLOTS_ROOF_CHECK_H

#include "plots/plot_data.h"

/* Warns (stderr) for every ok row's L1, L2 and DRAM point that is above
 * its roof, naming the variant, its size and the roof. Returns how many. */
int roof_check(const struct plot_data *d);

#endif
