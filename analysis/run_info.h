/* What analysis needs from run.json (written by the collector with cJSON). */
#ifndef MMPROF_ANALYSIS_RUN_INFO_H
#define MMPROF_ANALYSIS_RUN_INFO_H

#include <stddef.h>

struct run_info {
    char device_name[128]; /* "" when run.json does not say */
    double sm_count;       /* NaN when run.json does not say */
};

/* Reads path; returns 0, or -1 with one sentence in err when the file is
 * missing or is not a JSON object. Missing fields are not errors. */
int run_info_read(const char *path, struct run_info *ri, char *err, size_t err_len);

#endif
