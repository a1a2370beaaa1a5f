/* What analysis needs from run.json (the run view's, rundir/run_view.h). */
#ifndef MMPROF_ANALYSIS_RUN_INFO_H
#define MMPROF_ANALYSIS_RUN_INFO_H

#include "rundir/run_meta.h"

struct run_info {
    char device_name[128]; /* "" when run.json does not say */
    double sm_count;       /* NaN when run.json does not say */
};

/* The device's name and SM count from m; missing fields are not errors. */
void run_info_of(const struct run_meta *m, struct run_info *ri);

#endif
