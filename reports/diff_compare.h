/* Comparing one variant × size across two runs: the ratio B/A of the
 * median time and of the key counters, and whether each change is real.
 *
 * A time change is significant when |B/A - 1| exceeds the threshold AND the
 * two runs' own [min, max] ranges do not overlap (the change is larger than
 * the run-to-run spread). When either run recorded no min/max the spread
 * is unknown and the threshold alone decides (flagged spread_known = 0).
 * A counter change is significant when |B - A| exceeds the threshold of the
 * counter's natural whole: itself for deterministic counts (sectors,
 * wavefronts, FLOPs, registers), the compulsory bytes for DRAM traffic,
 * the wavefronts for bank conflicts, 100 % for occupancy (DRAM writes only
 * once the output outgrows L2). A status that
 * changed (ok -> failed, skipped -> ok) is always significant. */
#ifndef MMPROF_REPORTS_DIFF_COMPARE_H
#define MMPROF_REPORTS_DIFF_COMPARE_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "common/table.h"

/* Default --threshold: above the few-percent jitter of repeated timings
 * of one kernel on an idle GPU, below any change worth a look. */
#define DIFF_DEFAULT_THRESHOLD_PCT 5.0

#define DIFF_MAX_COUNTERS 16

struct diff_run {
    const char *dir;
    struct analysis a;
    struct table *results; /* results.csv, row i = a.rows[i] */
    double l2_bytes;       /* run.json's device.l2_bytes; NaN when unknown */
};

enum time_verdict {
    TIME_SAME,       /* within the threshold */
    TIME_NOISE,      /* beyond the threshold, but within the runs' spread */
    TIME_FASTER,     /* significant */
    TIME_SLOWER,     /* significant */
    TIME_UNMEASURED, /* no time in one of the runs (failed, skipped, profile-only) */
};

struct counter_change {
    const char *name;
    double a, b, ratio;
};

struct diff_pair {
    const struct analysis_row *ra, *rb;
    double time_a, time_b, time_ratio; /* median ms, B/A */
    enum time_verdict time;
    int spread_known;
    int status_changed;
    size_t ncounters;                  /* counters measured in both runs */
    size_t nchanged;                   /* of which beyond the threshold */
    struct counter_change changed[DIFF_MAX_COUNTERS];
};

/* Loads dir's analysis and results.csv (nothing is written). 0, or the
 * exit code (2 bad input, 1 out of memory) with err. */
int diff_run_load(const char *dir, struct diff_run *r, char *err, size_t err_len);
void diff_run_free(struct diff_run *r);

/* 0 when both runs come from the same device (run.json's name and SM
 * count); -1 with a phrase naming both otherwise. */
int diff_same_device(const struct diff_run *a, const struct diff_run *b, char *why, size_t why_len);

/* Index of the row of B with a's variant and shape, or B's row count. */
size_t diff_find(const struct diff_run *b, const struct analysis_row *a);

void diff_compare(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib, double threshold_pct,
                  struct diff_pair *p);
/* 1 when the pair changed beyond the threshold and the spread. */
int diff_significant(const struct diff_pair *p);

#endif
