/* The counts under the table and the exit status they give. */
#ifndef MMPROF_XCHECK_SUMMARY_H
#define MMPROF_XCHECK_SUMMARY_H

#include <stdio.h>

#include "xcheck/rows.h"

struct xc_tally {
    long within;       /* rows ok */
    long misses;       /* rows MISS */
    long noise_misses; /* misses whose |t| < 2: within the runs' own noise */
    long refereed;     /* rows XC_REFEREED: elapsed misses the launch's activity record settles for mmprof */
    long failures;     /* measurements that failed or could not be compared */
};

/* Counts a row's verdict. */
void xc_tally_row(struct xc_tally *t, const struct xc_row *r);

/* The summary lines (a blank line first); out_dir NULL: no files named.
 * Returns the exit status: 0 with no miss and no failure, else 1. */
int xc_print_summary(FILE *f, const struct xc_tally *t, const char *out_dir);

#endif
