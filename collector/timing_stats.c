/* How many timed launches a kernel gets (a time budget between min and max
 * reps) and the summary of their times (median, spread): timing.h's
 * host-only part, tested without a GPU. */
#include <math.h>
#include <stdlib.h>

#include "collector/timing.h"
#include "common/stats.h"

int timing_reps(const struct timing_options *o, double estimate_ms)
{
    double want = estimate_ms > 0 ? ceil(o->budget_ms / estimate_ms) : o->max_reps;
    if (want < o->min_reps)
        want = o->min_reps;
    if (want > o->max_reps)
        want = o->max_reps;
    return (int)want;
}

void timing_summarize(const double *ms, int n, struct timing_stats *st)
{
    struct stats_summary s;
    stats_summarize(ms, (size_t)n, &s);
    st->runs = n;
    st->median_ms = s.median;
    st->min_ms = ms[0];
    st->max_ms = ms[0];
    for (int i = 1; i < n; i++) {
        st->min_ms = fmin(st->min_ms, ms[i]);
        st->max_ms = fmax(st->max_ms, ms[i]);
    }
}
