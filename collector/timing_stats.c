/* How many timed launches a kernel gets (a time budget between min and max
 * reps) and the summary of their times (median, spread): timing.h's
 * host-only part, tested without a GPU. */
#include <math.h>
#include <stdlib.h>

#include "collector/timing.h"

int timing_reps(const struct timing_options *o, double estimate_ms)
{
    double want = estimate_ms > 0 ? ceil(o->budget_ms / estimate_ms) : o->max_reps;
    if (want < o->min_reps)
        want = o->min_reps;
    if (want > o->max_reps)
        want = o->max_reps;
    return (int)want;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void timing_summarize(double *ms, int n, struct timing_stats *st)
{
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    st->runs = n;
    st->min_ms = ms[0];
    st->max_ms = ms[n - 1];
    st->median_ms = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
}
