/* How many timed launches a kernel gets (a time budget between min and max
 * reps), the summary of their times (median, spread) and how many waited on
 * the host: timing.h's host-only part, tested without a GPU. */
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
    st->gapped = 0;
    st->gap_share = 0;
    st->median_ms = s.median;
    st->min_ms = ms[0];
    st->max_ms = ms[0];
    for (int i = 1; i < n; i++) {
        st->min_ms = fmin(st->min_ms, ms[i]);
        st->max_ms = fmax(st->max_ms, ms[i]);
    }
}

void timing_gaps(const double *ms, const double *submit_ms, int n, struct timing_stats *st)
{
    double *share = malloc((size_t)(n > 0 ? n : 1) * sizeof *share);
    double gpu_end_ms = 0; /* end of launch i-1 on the GPU, on the host's clock */
    int gapped = 0;
    for (int i = 0; i < n; i++) {
        double wait_ms = fmax(0, submit_ms[i] - gpu_end_ms);
        double own_ms = fmax(ms[i] - wait_ms, 1e-6);
        if (wait_ms > TIMING_GAP_FLOOR_MS && wait_ms > TIMING_GAP_SHARE * own_ms && share)
            share[gapped++] = wait_ms / own_ms;
        gpu_end_ms += ms[i];
    }
    st->gapped = gapped;
    st->gap_share = 0;
    if (gapped > 0) {
        struct stats_summary s;
        stats_summarize(share, (size_t)gapped, &s);
        st->gap_share = s.median;
    }
    free(share);
}

int timing_host_bound(const struct timing_stats *st)
{
    return st->runs > 0 && st->gapped >= TIMING_GAPPED_RUNS * st->runs;
}
