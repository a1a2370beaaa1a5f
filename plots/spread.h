/* Labels that must not overlap: gnuplot places text where it is told, so
 * the charts move labels apart themselves. One dimension (the columns of
 * variant numbers above the CGMA chart). */
#ifndef MMPROF_PLOTS_SPREAD_H
#define MMPROF_PLOTS_SPREAD_H

#include <stddef.h>

/* want[i]: where label i's centre should be; size[i]: the room it takes
 * (same unit). Writes centres into at[] such that labels keep their order,
 * do not overlap, stay within [lo, hi] when they fit, and each group of
 * crowded labels is centred on where its members want to be.
 * n is at most SPREAD_MAX. */
#define SPREAD_MAX 512
void spread(const double *want, const double *size, size_t n, double lo, double hi, double *at);

#endif
