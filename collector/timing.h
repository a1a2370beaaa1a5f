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
    double *samples_ms; /* time_variant: the runs launch times in launch order (samples.csv); the caller frees */
};

/* How many repetitions fit the budget given one launch's estimated time. */
int timing_reps(const struct timing_options *o, double estimate_ms);
/* Median, min and max of ms[0..n) (not modified); samples_ms is left alone. */
void timing_summarize(const double *ms, int n, struct timing_stats *st);

/* Warm-up, an estimate, then timed launches rotating through the workload's
 * buffer sets; one event pair per launch. On success st->samples_ms holds
 * every launch's time (free it). */
int time_variant(const struct variant *v, struct workload *w, const struct timing_options *o,
                 struct timing_stats *st, char *why, size_t why_len);

#endif
