/* Comparing one variant × size across two runs: the ratio B/A of the
 * median time with its interval, the key counters, and whether each change
 * is real (docs/diff.md has the method and the numbers).
 *
 * Time, when both runs kept every launch (samples.csv): the ratio of
 * medians and its 99 % interval on log times from the robust standard error
 * of each median (common/stats.h). SLOWER when the whole interval lies above
 * 1 + threshold, FASTER when it lies below 1 - threshold, noise when the
 * ratio is beyond the threshold but the interval reaches back inside it.
 * Without samples (an older run) the interval is unknown: the ratio must
 * pass the threshold and the runs' [min, max] ranges must not overlap
 * (has_interval = 0); without min/max either, the threshold alone decides
 * (ranges_apart = -1).
 *
 * Times stay times across devices too (then they compare the GPUs, not the
 * code); each run's fraction of its own roofline is kept beside them.
 *
 * Counters, by the noise class the cross-check gives their metric
 * (common/metric_class.c): counts fixed by the code and the shape (sectors,
 * FLOPs, registers) must be equal; DRAM reads move within 2 % or 8192
 * sectors; achieved occupancy within 2 % or 1 point (from 50 us up; below,
 * within the threshold of 100 points); counts that move with
 * contention or with what L2 still holds (DRAM writes, shared wavefronts
 * and bank conflicts) by more than the threshold of their natural whole:
 * the compulsory bytes, the wavefronts (DRAM writes only once the output
 * outgrows L2). A status that changed (ok -> failed) is always a change. */
#ifndef MMPROF_REPORTS_DIFF_COMPARE_H
#define MMPROF_REPORTS_DIFF_COMPARE_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "analysis/roofline.h"
#include "rundir/run_view.h"
#include "rundir/samples.h"
#include "common/table.h"

/* Default --threshold: above the run-to-run shift of one kernel's median on
 * one idle GPU (docs/diff.md), below the 5 % a change of code should show. */
#define DIFF_DEFAULT_THRESHOLD_PCT 4.0
/* Rows timed on the host (the CPU baseline) are held to at least this: the
 * host's clocks and other processes move a median between runs far more
 * than launches within a run spread (cpu_blas 2048x2048x2048 on an H100's
 * host, 11 runs of one build: medians 83.4-102.5 ms, within-run 99 %
 * intervals as narrow as +-6 %; docs/diff.md). */
#define DIFF_HOST_THRESHOLD_PCT 25.0
/* A row timed by one launch on a side (each launch of `mmprof profile`) has
 * no spread to tell noise from change: its time counts as changed only
 * beyond this, as the host's do. */
#define DIFF_ONE_LAUNCH_THRESHOLD_PCT 25.0
/* A kernel under DIFF_SHORT_KERNEL_MS in either run: its median moves between
 * runs of one build by more than launches within a run spread (where its
 * buffers land, the events' resolution): to 8.0 % for 7.6-8.2 us transposes
 * over six runs of one build (H200s of one host, docs/diff.md), under 2.3 %
 * from 10 us up. Its time counts as changed only beyond this. */
#define DIFF_SHORT_KERNEL_MS 0.01
#define DIFF_SHORT_THRESHOLD_PCT 10.0
/* Standard errors either side of the ratio: a 99 % interval. */
#define DIFF_INTERVAL_Z 2.576

/* Kernels shorter than this get their elapsed-normalised counters (achieved
 * occupancy) judged as information: docs/fidelity.md's elapsed class holds
 * from about 50 us up. */
#define DIFF_ELAPSED_MIN_MS 0.05

#define DIFF_MAX_COUNTERS 16

struct diff_run {
    const char *dir;
    struct analysis a;
    const struct table *results;   /* the view's results.csv, row i = a.rows[i] */
    const struct samples *samples; /* the view's samples.csv; NULL for a run without it */
    struct roofline roof;     /* run.json's ceilings */
    double l2_bytes;          /* run.json's device.l2_bytes; NaN when unknown */
};

enum time_verdict {
    TIME_SAME,       /* within the threshold */
    TIME_NOISE,      /* beyond the threshold, but not beyond it with confidence */
    TIME_FASTER,     /* significant */
    TIME_SLOWER,     /* significant */
    TIME_UNMEASURED, /* no time in one of the runs (failed, skipped, profile-only) */
};

const char *diff_time_name(enum time_verdict t); /* "same", "noise", "FASTER", "SLOWER", "-" */

struct counter_change {
    const char *name;
    double a, b, ratio;
};

struct diff_pair {
    const struct analysis_row *ra, *rb;
    double time_a, time_b;        /* median ms */
    double ratio, ratio_lo, ratio_hi; /* B/A of the median times; lo, hi NaN without samples */
    size_t samples_a, samples_b;  /* launch times kept (0: none) */
    int has_interval;
    int ranges_apart;             /* the runs' [min, max] do not overlap: 1, they do: 0, unknown: -1 */
    int one_launch;               /* a side timed once (a `mmprof profile` launch): no spread to judge by */
    double roof_pct_a, roof_pct_b; /* attained, % of each run's roof; NaN when unknown */
    double cgma_a, cgma_b;        /* measured thread-level CGMA; NaN for transposes or without counters */
    enum time_verdict time;
    int status_changed;
    size_t ncounters;             /* counters measured in both runs */
    size_t nchanged;              /* of which changed beyond their class */
    struct counter_change changed[DIFF_MAX_COUNTERS];
};

/* One side of a comparison: the analysis of v (a run view loaded with
 * DIFF_RUN_VIEW), its tables and ceilings; v must outlive r. 0, or the exit
 * code (2 bad input, 1 out of memory) with err. */
#define DIFF_RUN_VIEW (RUN_VIEW_RESULTS | RUN_VIEW_META | RUN_VIEW_SAMPLES)
int diff_run_from(const struct run_view *v, struct diff_run *r, char *err, size_t err_len);
/* dir's view v, read once (DIFF_RUN_VIEW), and r from it; on failure
 * neither holds anything. Free with diff_run_free, then run_view_free. */
int diff_run_load(const char *dir, struct run_view *v, struct diff_run *r, char *err, size_t err_len);
void diff_run_free(struct diff_run *r);

/* 0 when both runs come from the same device (run.json's name and SM
 * count); -1 with a phrase naming both otherwise. */
int diff_same_device(const struct diff_run *a, const struct diff_run *b, char *why, size_t why_len);

/* Rows pair by variant (a profiled kernel's whole name, from results.csv),
 * shape and occurrence: the k-th launch of a kernel in A with the k-th in B, so a `mmprof
 * profile` run's repeated launches pair in launch order; a collect run has
 * one row per key. */
/* How many rows before row i of r have its variant and shape. */
size_t diff_occurrence(const struct diff_run *r, size_t i);
/* Index of the nth row (from 0) of B with the variant and shape of row ia
 * of A, or B's row count. */
size_t diff_find(const struct diff_run *b, const struct diff_run *a, size_t ia, size_t nth);

void diff_compare(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib, double threshold_pct,
                  struct diff_pair *p);
/* The time verdict of p at another threshold (--fail-on slower>P%); a row
 * timed on the host, or by one launch, is held to 25 % at least. */
double diff_effective_threshold(const struct diff_pair *p, double threshold_pct);
enum time_verdict diff_time_at(const struct diff_pair *p, double threshold_pct);
/* 1 when the time, a counter or the status changed. */
int diff_significant(const struct diff_pair *p);

#endif
