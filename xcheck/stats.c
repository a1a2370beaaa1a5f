/* Medians, spreads, Welch's t and the robust standard error of a median
 * (stats.h). Sums run over the sorted values, the order the shell version
 * summed in, so that means and standard deviations agree to the last bit. */
#include "xcheck/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

double xc_median(double *values, size_t n)
{
    if (n == 0)
        return 0;
    qsort(values, n, sizeof *values, cmp_double);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* max(|x|, 1): a relative difference of values near 0 is taken against 1,
 * so that 0 against 0.4 is not an infinite difference. */
static double rel_base(double x)
{
    double d = fabs(x);
    return d < 1 ? 1 : d;
}

void xc_summarize(const double *values, size_t n, struct xc_summary *s)
{
    memset(s, 0, sizeof *s);
    if (n == 0)
        return;
    double *v = malloc(n * sizeof *v);
    if (!v)
        abort(); /* a few dozen doubles: no memory at all left */
    memcpy(v, values, n * sizeof *v);
    s->runs = n;
    s->median = xc_median(v, n);
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

double xc_welch_t(const struct xc_summary *a, const struct xc_summary *b)
{
    if (a->runs < 3 || b->runs < 3)
        return NAN;
    double se = sqrt(a->sd * a->sd / (double)a->runs + b->sd * b->sd / (double)b->runs);
    double d = a->mean - b->mean;
    if (se == 0)
        return d != 0 ? INFINITY : 0;
    return d / se;
}

double xc_median_se(const double *values, size_t n)
{
    if (n < 2)
        return 0;
    double *v = malloc(n * sizeof *v);
    if (!v)
        abort();
    memcpy(v, values, n * sizeof *v);
    double m = xc_median(v, n);
    for (size_t i = 0; i < n; i++)
        v[i] = fabs(values[i] - m);
    double mad = xc_median(v, n);
    free(v);
    return 1.2533 * 1.4826 * mad / sqrt((double)n);
}

double xc_median_diff_se_pct(const double *a, size_t na, const double *b, size_t nb)
{
    double se_a = xc_median_se(a, na), se_b = xc_median_se(b, nb);
    double *v = malloc((nb ? nb : 1) * sizeof *v);
    if (!v)
        abort();
    memcpy(v, b, nb * sizeof *v);
    double median_b = xc_median(v, nb);
    free(v);
    return 100 * sqrt(se_a * se_a + se_b * se_b) / rel_base(median_b);
}
