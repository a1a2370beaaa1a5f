/* Statistics of repeated measurements, shared by the cross-check (one
 * metric's runs over buffer placements) and diff (the timed launches of two
 * runs): the median, how far the values spread, Welch's t of two means, the
 * robust standard error of a median (one wild value does not move it), and
 * from it the interval of a ratio of two medians. */
#ifndef MMPROF_COMMON_STATS_H
#define MMPROF_COMMON_STATS_H

#include <stddef.h>

struct stats_summary {
    size_t runs;       /* numeric values summarized; 0: none */
    double median;
    double spread_pct; /* (max - min) / |median| (/ 1 when it is 0), in percent */
    double mean;
    double sd;         /* sample standard deviation (n - 1); 0 for one run */
};

/* Median of n values; sorts them in place. 0 for n = 0. */
double stats_median(double *values, size_t n);

/* Summary of n values (not modified). runs = 0 when n = 0. */
void stats_summarize(const double *values, size_t n, struct stats_summary *s);

/* Welch's t of the two means: how many standard errors apart they are.
 * NaN with fewer than 3 runs a side (too few to estimate a spread);
 * INFINITY when both sides are constant and differ (sign dropped: the table
 * says "inf"), 0 when they are constant and equal. */
double stats_welch_t(const struct stats_summary *a, const struct stats_summary *b);

/* Robust standard error of the median of n values: sd ~ 1.4826 MAD (one
 * wild run does not count), se(median) ~ 1.2533 sd / sqrt(n). 0 for n < 2. */
double stats_median_se(const double *values, size_t n);

/* Robust standard error of the difference of two medians, in percent of
 * |median of b| (of 1 when it is 0): sqrt(se_a^2 + se_b^2). */
double stats_median_diff_se_pct(const double *a, size_t na, const double *b, size_t nb);

/* The ratio of medians median(b) / median(a) and its interval at z
 * standard errors, on log times: log ratio +- z sqrt((se_a/med_a)^2 +
 * (se_b/med_b)^2), se from stats_median_se. Needs positive values; -1 when a
 * side has fewer than 2 values or a median <= 0 (then nothing is written). */
int stats_median_ratio_interval(const double *a, size_t na, const double *b, size_t nb, double z, double *ratio,
                                double *lo, double *hi);

#endif
