/* Own matmuls against the vendor library's: each library matmul of a run (a
 * KF_LIBRARY kind such as cuBLAS in a collect run; in a profile run, an
 * undeclared kernel whose name is cuBLAS's or CUTLASS's) beside the fastest
 * of the run's own GPU matmuls doing the same work (the same size; for a
 * kernel without one, the same executed FP32 FLOPs within VERSUS_SAME_WORK),
 * compared counter by counter (versus_counters), and which counters differ
 * by more than VERSUS_DIFFER (VERSUS_POINTS for a share), each with what a
 * difference that way points at. The report's section and `analyze
 * --findings` lay out the same figures. */
#ifndef MMPROF_ANALYSIS_VERSUS_H
#define MMPROF_ANALYSIS_VERSUS_H

#include <stddef.h>

#include "analysis/analysis.h"

#define VERSUS_DIFFER 0.05    /* a ratio this far from 1 is a difference worth a sentence */
#define VERSUS_POINTS 5.0     /* and a share (a percentage) this many points apart */
#define VERSUS_SAME_WORK 0.01 /* executed FLOPs this close: the same problem */

/* How a counter reads: a count (1.57 M), a rate (3.17), a percentage
 * compared in points. */
enum versus_scale { VERSUS_COUNT, VERSUS_RATE, VERSUS_SHARE };

struct versus_counter {
    const char *label;
    enum versus_scale scale;
    int higher_is_worse;
    const char *points_at; /* what a difference the worse way points at; NULL: the outcome, never a reason */
};

/* The counters compared, in the order tables show them; *n gets how many. */
const struct versus_counter *versus_counters(size_t *n);
/* Counter i of row r; NaN when not measured. */
double versus_value(size_t i, const struct analysis_row *r);
/* How far own is from lib on counter i, signed: > 0 worse for own, < 0
 * ahead, 0 within VERSUS_DIFFER (VERSUS_POINTS for a share) or not measured. */
double versus_worse_by(size_t i, const struct analysis_row *own, const struct analysis_row *lib);
/* The reasons on one side (worse: own loses there; else own is ahead there)
 * as counter indexes into out, furthest first; returns how many (at most cap). */
size_t versus_reasons(const struct analysis_row *own, const struct analysis_row *lib, int worse, size_t *out,
                      size_t cap);

struct versus_pair {
    const struct analysis_row *own, *lib;
};

/* The library rows with an own matmul beside them, one per library kernel
 * (its first row), in the run's order; returns how many (at most cap). */
size_t versus_pairs(const struct analysis *a, struct versus_pair *out, size_t cap);

#endif
