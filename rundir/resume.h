/* --resume: what a killed or interrupted run already measured. */
#ifndef MMPROF_RESUME_H
#define MMPROF_RESUME_H

#include <stddef.h>

#include "rundir/plan.h"

/* Drops a half-written last line of dir/results.csv and dir/samples.csv
 * (a kill mid-write), checks the columns of results.csv are the ones this collect writes (fixed columns, then
 * metric_headers), and marks the rows it holds as done in the plan.
 * Returns 0, or 2 (bad input) / 1 (runtime) with why. */
int resume_prepare(const char *dir, const char *const *metric_headers, size_t nmetrics, struct plan *plan, char *why,
                   size_t why_len);

#endif
