/* Medians, spreads, Welch's t, the robust standard error of a median and
 * the interval of a ratio of medians (stats.h). Sums run over the sorted values, the order the shell version
 * summed in, so that means and standard deviations agree to the last bit. */
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

double stats_median(double *values, size_t n)
{
    if (n == 0)
        return 0;
    qsort(values, n, sizeof *values, cmp_double);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* Median of a copy: the caller's values keep their order. */
static double median_copy(const double *values, size_t n)
{
    double *v = malloc(n * sizeof *v);
    if (!v)
        abort();
    memcpy(v, values, n * sizeof *v);
    double m = stats_median(v, n);
    free(v);
    return m;
}

/* |x|, or 1 when x is 0, so that 0.4 against 0 is not an infinite
 * difference; a ratio under 1 (IPC) stays relative. */
static double rel_base(double x)
{
    double d = fabs(x);
    return d != 0 ? d : 1;
}

void stats_summarize(const double *values, size_t n, struct stats_summary *s)
{
    memset(s, 0, sizeof *s);
    if (n == 0)
        return;
    double *v = malloc(n * sizeof *v);
    if (!v)
        abort(); /* a few dozen doubles: no memory at all left */
    memcpy(v, values, n * sizeof *v);
    s->runs = n;
    s->median = stats_median(v, n);
    s->spread_pct = 100 * (v[n - 1] - v[0]) / rel_base(s->median);
    double sum = 0, squares = 0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    s->mean = sum / (double)n;
    for (size_t i = 0; i < n; i++)
        squares += (v[i] - s->mean) * (v[i] - s->mean);
    s->sd = n > 1 ? sqrt(squares / (double)(n - 1)) : 0;
    free(v);
}

double stats_welch_t(const struct stats_summary *a, const struct stats_summary *b)
{
    if (a->runs < 3 || b->runs < 3)
        return NAN;
    double se = sqrt(a->sd * a->sd / (double)a->runs + b->sd * b->sd / (double)b->runs);
    double d = a->mean - b->mean;
    if (se == 0)
        return d != 0 ? INFINITY : 0;
    return d / se;
}

double stats_median_se(const double *values, size_t n)
{
    if (n < 2)
        return 0;
    double *v = malloc(n * sizeof *v);
    if (!v)
        abort();
    memcpy(v, values, n * sizeof *v);
    double m = stats_median(v, n);
    for (size_t i = 0; i < n; i++)
        v[i] = fabs(values[i] - m);
    double mad = stats_median(v, n);
    free(v);
    return 1.2533 * 1.4826 * mad / sqrt((double)n);
}

double stats_median_diff_se_pct(const double *a, size_t na, const double *b, size_t nb)
{
    double se_a = stats_median_se(a, na), se_b = stats_median_se(b, nb);
    double median_b = nb ? median_copy(b, nb) : 0;
    return 100 * sqrt(se_a * se_a + se_b * se_b) / rel_base(median_b);
}

int stats_median_ratio_interval(const double *a, size_t na, const double *b, size_t nb, double z, double *ratio,
                                double *lo, double *hi)
{
    if (na < 2 || nb < 2)
        return -1;
    double ma = median_copy(a, na), mb = median_copy(b, nb);
    if (!(ma > 0 && mb > 0))
        return -1;
    /* se(log m) = se(m) / m, to first order: relative errors of the two sides add in quadrature */
    double rel_a = stats_median_se(a, na) / ma, rel_b = stats_median_se(b, nb) / mb;
    double half = z * sqrt(rel_a * rel_a + rel_b * rel_b);
    *ratio = mb / ma;
    *lo = *ratio * exp(-half);
    *hi = *ratio * exp(half);
    return 0;
}
