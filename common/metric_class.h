/* How a metric behaves from one run of a kernel to the next: fixed by the
 * code and the shape (event counts), a memory total that follows where the
 * buffers land and what the L2 Request Coalescer merges, normalised by the
 * kernel's elapsed or active cycles, or information only. The collector
 * flushes L2 before a pass only when some of its metrics are not fixed
 * counts; the cross-check and diff take their limits from the class
 * (xcheck/tolerance.c, docs/fidelity.md). Shell patterns, matched in order:
 * the first that matches decides, as in a `case` statement. */
#ifndef MMPROF_COMMON_METRIC_CLASS_H
#define MMPROF_COMMON_METRIC_CLASS_H

enum metric_class {
    METRIC_EXACT,   /* counts fixed by the code and the shape: within 0.1 % */
    METRIC_TOTAL,   /* DRAM / L2 / LRC totals: within 2 % or --floor-sectors */
    METRIC_ELAPSED, /* normalised by elapsed or active cycles: within 2 % or 1 point */
    METRIC_INFO     /* printed, never a miss */
};

enum metric_class metric_class_of(const char *metric);

/* 1 for a counter CUPTI takes by patching the kernel's SASS (sm__sass_*,
 * smsp__sass_*): such counters read 0 while CUPTI's kernel records are on
 * (docs/profile.md). */
int metric_is_sass_patched(const char *metric);

#endif
