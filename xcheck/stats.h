/* The statistics of the cross-check over one metric's runs (placements) of
 * one variant and shape: the median that is compared, how far the runs
 * spread, Welch's t of two sides' means, and the robust standard error of a
 * median that decides whether more runs are needed. */
#ifndef MMPROF_XCHECK_STATS_H
#define MMPROF_XCHECK_STATS_H

#include <stddef.h>

struct xc_summary {
    size_t runs;       /* numeric values summarized; 0: none */
    double median;
    double spread_pct; /* (max - min) / max(|median|, 1), in percent */
    double mean;
    double sd;         /* sample standard deviation (n - 1); 0 for one run */
};

/* Median of n values; sorts them in place. 0 for n = 0. */
double xc_median(double *values, size_t n);

/* Summary of n values (not modified). runs = 0 when n = 0. */
void xc_summarize(const double *values, size_t n, struct xc_summary *s);

/* Welch's t of the two means: how many standard errors apart they are.
 * NaN with fewer than 3 runs a side (too few to estimate a spread);
 * INFINITY when both sides are constant and differ (sign dropped: the table
 * says "inf"), 0 when they are constant and equal. */
double xc_welch_t(const struct xc_summary *a, const struct xc_summary *b);

/* Robust standard error of the median of n values: sd ~ 1.4826 MAD (one
 * wild run does not count), se(median) ~ 1.2533 sd / sqrt(n). 0 for n < 2. */
double xc_median_se(const double *values, size_t n);

/* Robust standard error of the difference of two medians, in percent of
 * max(|median of b|, 1): sqrt(se_a^2 + se_b^2). */
double xc_median_diff_se_pct(const double *a, size_t na, const double *b, size_t nb);

#endif
