/* CUDA-event timing of unprofiled launches (DESIGN: measurement rules). */
#ifndef MMPROF_TIMING_H
#define MMPROF_TIMING_H

#include <stddef.h>

#include "collector/workload.h"

struct timing_options {
    int warmup;       /* launches before timing */
    int min_reps;     /* at least this many timed launches (>= 10) */
    int max_reps;     /* at most this many */
    double budget_ms; /* aim for about this much timed GPU time per variant x size */
};

struct timing_stats {
    double median_ms, min_ms, max_ms;
    int runs;
    int gapped;            /* launches the GPU waited for (timing_gaps); 0 when unknown */
    double gap_share;      /* median of the gapped launches' wait / kernel's own time */
    double *samples_ms; /* time_variant: the runs launch times in launch order (samples.csv); the caller frees */
};

/* How many repetitions fit the budget given one launch's estimated time. */
int timing_reps(const struct timing_options *o, double estimate_ms);
/* Median, min and max of ms[0..n) (not modified); samples_ms is left alone. */
void timing_summarize(const double *ms, int n, struct timing_stats *st);

/* Host-load sensitivity. ms[i] runs from the end of launch i-1 to the end of
 * launch i, so an idle GPU waiting for the host to submit launch i adds to it.
 * submit_ms[i] is the host clock just before launch i was submitted, counted
 * from just after the first event's record (the GPU was idle then, so it
 * reached that event within microseconds): the GPU waited
 * max(0, submit_ms[i] - (ms[0] + ... + ms[i-1])) before launch i. A launch is
 * gapped when it waited more than TIMING_GAP_SHARE of its own time (ms[i]
 * less the wait) and more than TIMING_GAP_FLOOR_MS (the clocks' alignment is
 * good to a few microseconds). Fills st->gapped and st->gap_share. */
#define TIMING_GAP_SHARE 0.10
#define TIMING_GAP_FLOOR_MS 0.005
void timing_gaps(const double *ms, const double *submit_ms, int n, struct timing_stats *st);
/* 1 when so many launches were gapped (TIMING_GAPPED_RUNS of them or more)
 * that the median may include host waits: the row says so. */
#define TIMING_GAPPED_RUNS 0.25
int timing_host_bound(const struct timing_stats *st);

/* Warm-up, an estimate, then timed launches rotating through the workload's
 * buffer sets; one event pair per launch. On success st->samples_ms holds
 * every launch's time (free it). */
int time_variant(const struct variant *v, struct workload *w, const struct timing_options *o,
                 struct timing_stats *st, char *why, size_t why_len);

#endif
