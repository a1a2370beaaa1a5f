/* A profiled launch as a results.csv row (rundir/results.h), so analyze,
 * plot, report and diff read it as a collect row (docs/profile.md, "The run
 * directory"): the declared variant or the kernel's name, the declared shape,
 * the launch in params (RESULTS_PROFILE_PARAMS first), the geometry in the
 * geometry columns; an undeclared kernel's family is RESULTS_FAMILY_KERNEL.
 * Host C only. */
#ifndef MMPROF_PROFILE_ROW_H
#define MMPROF_PROFILE_ROW_H

#include <stddef.h>

#include "rundir/results.h"
#include "profile/decl.h"
#include "profile/launch.h"

struct profile_row_text {
    char variant[1024];
    char params[RESULTS_PARAMS_MAX];
};

/* Fills r (result_row_init first) for launch number `launch` of process pid;
 * decl may be NULL. r's strings point into text, which must outlive r. The
 * status is ok; the caller fails it with row_reason when counters failed.
 * The timing columns stay empty: row_timing.h fills them from the activity
 * records once the app has ended. */
void profile_row_fill(struct result_row *r, struct profile_row_text *text,
                      const struct launch_desc *d, const struct kernel_decl *decl, long pid,
                      long launch);

#endif
