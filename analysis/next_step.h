/* "What to do next" for each kernel of a run: the finding of the first rule
 * of analysis/rules.def that holds, the variant that fixes it and the
 * speed-up the model expects, beside the speed-up the run measured when it
 * has that variant at the same size.
 *
 * The estimate is theory, never this run's measurement of the candidate:
 * a kernel's attainable rate is its hierarchical roofline bound from its
 * model (FP32 peak, L1/shared bandwidth x the thread-level FLOP per byte of
 * global + shared words for matmuls; DRAM bandwidth over the sectors'
 * waste, shared bandwidth over bank-conflict ways for transposes), scaled by
 * what of the GPU the launch keeps busy: the share of lanes its blocks fill,
 * the share of SMs its grid fills (waves), and warps x independent outputs
 * per thread against NEXT_STEP_LATENCY_WARPS_PCT (enough in flight to hide
 * latency). The expected speed-up is the candidate's estimate over the
 * kernel's own. A candidate this run measured slower than the kernel is
 * never the next step. */
#ifndef MMPROF_ANALYSIS_NEXT_STEP_H
#define MMPROF_ANALYSIS_NEXT_STEP_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "analysis/roofline.h"

/* Occupancy (%) x outputs per thread that hides latency: below it the
 * estimate scales down in proportion (Little's law). */
#define NEXT_STEP_LATENCY_WARPS_PCT 50.0
/* A candidate is a next step only when expected this much faster. */
#define NEXT_STEP_MIN_SPEEDUP 1.05

struct next_step {
    const char *rule;                 /* the rule's id; NULL when none holds */
    char finding[384];
    const struct analysis_row *next;  /* the variant to try; NULL when no candidate is expected faster */
    double est_speedup;               /* the next variant's estimated rate over this kernel's */
    double measured_speedup;          /* in this run, same size; NaN when next is NULL */
    const struct analysis_row *fastest; /* where the run disagrees with the model: the variant of
                                           the same family and size it measured fastest, when that
                                           is not next and beats this kernel; else NULL */
    double fastest_speedup;           /* its measured rate over this kernel's */
};

/* The estimated attainable rate of r: GFLOP/s for a matmul, GB/s for a
 * transpose; NaN without a model or roofs. */
double next_step_rate_estimate(const struct analysis_row *r, const struct roofline *roof);

/* Fills out for row i of a. 1 when a rule holds, 0 when none does (out->rule
 * NULL), -1 when a rule of rules.def is malformed (err names it). */
int next_step_for(const struct analysis *a, const struct roofline *roof, size_t i, struct next_step *out,
                  char *err, size_t err_len);

/* How well the next steps of a run did: of the rows with a next step, how
 * many named a variant the run measured faster, and how many expected a
 * speed-up within 2x of the measured one. */
struct next_step_check {
    size_t steps, faster, within_2x;
};
int next_step_check_run(const struct analysis *a, const struct roofline *roof, struct next_step_check *c,
                        char *err, size_t err_len);

#endif
