/* The shared statistics (common/stats.c): median (odd, even, unsorted),
 * spread, mean and standard deviation, Welch's t (ordinary, too few runs,
 * constant sides that differ: inf, constant and equal: 0), the robust
 * standard error of a median and of the difference of two, and the
 * interval of a ratio of medians. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "../collector/assert_double.h"

#include "common/stats.h"

static void median_odd_even(void **state)
{
    (void)state;
    double odd[] = {5, 1, 3};
    assert_true(stats_median(odd, 3) == 3);
    double even[] = {4, 1, 3, 2};
    assert_true(stats_median(even, 4) == 2.5);
    assert_true(stats_median(even, 0) == 0);
}

static void summary_spread_mean_sd(void **state)
{
    (void)state;
    /* ncu's DRAM reads of the fake cross-check: 102, 103, 300 */
    double v[] = {300, 102, 103};
    struct stats_summary s;
    stats_summarize(v, 3, &s);
    assert_int_equal(s.runs, 3);
    assert_true(s.median == 103);
    assert_double_equal(s.spread_pct, 100.0 * 198 / 103, 1e-12);
    assert_double_equal(s.mean, 505.0 / 3, 1e-12);
    assert_double_equal(s.sd, sqrt(26004.6667 / 2), 1e-4); /* deviations -66.33, -65.33, 131.67 */
    assert_true(v[0] == 300); /* the caller's values are not reordered */
    /* a median of 0 is taken against 1; one under 1 (an IPC) against itself */
    double zero[] = {0, 0, 0.5};
    stats_summarize(zero, 3, &s);
    assert_double_equal(s.spread_pct, 50, 1e-12);
    double ipc[] = {0.60, 0.63, 0.66};
    stats_summarize(ipc, 3, &s);
    assert_double_equal(s.spread_pct, 100 * 0.06 / 0.63, 1e-9);
    stats_summarize(zero, 0, &s);
    assert_int_equal(s.runs, 0);
}

static void welch_t(void **state)
{
    (void)state;
    double a[] = {100, 90, 104}, b[] = {102, 103, 300};
    struct stats_summary sa, sb;
    stats_summarize(a, 3, &sa);
    stats_summarize(b, 3, &sb);
    /* (98 - 168.33) / sqrt(7.21^2 / 3 + 114.03^2 / 3) = -1.07 */
    assert_double_equal(stats_welch_t(&sa, &sb), -1.0665, 1e-3);
    /* both constant and apart: infinitely many standard errors */
    double c1[] = {1030, 1030, 1030}, c2[] = {1000, 1000, 1000};
    stats_summarize(c1, 3, &sa);
    stats_summarize(c2, 3, &sb);
    assert_true(isinf(stats_welch_t(&sa, &sb)));
    assert_true(isinf(stats_welch_t(&sb, &sa))); /* "inf" either way */
    stats_summarize(c2, 3, &sa);
    assert_true(stats_welch_t(&sa, &sb) == 0);
    /* two runs a side: no spread to speak of */
    stats_summarize(c1, 2, &sa);
    assert_true(isnan(stats_welch_t(&sa, &sb)));
}

static void median_standard_error(void **state)
{
    (void)state;
    /* 900, 1000, 1100: MAD 100, se = 1.2533 * 1.4826 * 100 / sqrt(3) */
    double v[] = {1100, 900, 1000};
    assert_double_equal(stats_median_se(v, 3), 107.28, 1e-2);
    /* one wild run does not move it */
    double w[] = {1000, 1000, 1000, 1000, 5000};
    assert_true(stats_median_se(w, 5) == 0);
    assert_true(stats_median_se(v, 1) == 0);
    /* the difference of two such medians, in % of 1000: sqrt(2) * 10.73 */
    assert_double_equal(stats_median_diff_se_pct(v, 3, v, 3), 15.17, 1e-2);
}

static void ratio_of_medians_interval(void **state)
{
    (void)state;
    double a[] = {0.9, 1.0, 1.1}, b[] = {1.8, 2.0, 2.2};
    double r, lo, hi;
    assert_int_equal(stats_median_ratio_interval(a, 3, b, 3, 2.576, &r, &lo, &hi), 0);
    assert_true(r == 2.0);
    /* each side's se / median = 0.10728: log half-width 2.576 * sqrt(2) * 0.10728 */
    assert_double_equal(log(hi / r), 2.576 * sqrt(2) * 0.10728, 1e-4);
    assert_double_equal(log(r / lo), log(hi / r), 1e-12);
    /* constant sides: the interval is the ratio itself */
    double c[] = {3, 3, 3, 3};
    assert_int_equal(stats_median_ratio_interval(c, 4, c, 4, 2.576, &r, &lo, &hi), 0);
    assert_true(r == 1 && lo == 1 && hi == 1);
    /* too few values, or a median that is not positive: no interval, nothing written */
    lo = 7;
    assert_int_equal(stats_median_ratio_interval(a, 1, b, 3, 2.576, &r, &lo, &hi), -1);
    double z[] = {0, 0, 1};
    assert_int_equal(stats_median_ratio_interval(z, 3, b, 3, 2.576, &r, &lo, &hi), -1);
    assert_true(lo == 7);
    /* the values keep their order */
    assert_true(a[0] == 0.9 && b[2] == 2.2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(median_odd_even),
        cmocka_unit_test(summary_spread_mean_sd),
        cmocka_unit_test(welch_t),
        cmocka_unit_test(median_standard_error),
        cmocka_unit_test(ratio_of_medians_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
