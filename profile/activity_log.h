/* activity.tsv: the kernel records of CUPTI's activity API, one line each,
 * as the injection library receives them (from every process, appended with
 * O_APPEND in whole lines):
 *   pid  correlation  start_ns  end_ns  grid  block
 * It holds mmprof's own kernels too (flushes, replays: their correlation ids
 * are no app launch's); launch_times.h joins the app's into launches.tsv and
 * removes the file. The one writer and the one reader. Host C only. */
#ifndef MMPROF_PROFILE_ACTIVITY_LOG_H
#define MMPROF_PROFILE_ACTIVITY_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "rundir/run_files.h"

#define ACTIVITY_LOG_LINE_MAX 160

struct activity_record {
    long pid;
    unsigned long correlation;
    uint64_t start_ns, end_ns;
    unsigned grid[3], block[3];
};

/* The line of r (newline included) into buf; its length, or -1. */
int activity_log_format(char *buf, size_t len, const struct activity_record *r);
/* Parses one line (no newline); 0, or -1. */
int activity_log_parse(const char *line, struct activity_record *r);

/* Every record of dir/activity.tsv into *out (malloc'ed, *n of them); a
 * missing file is no record. 0, or 1 with why (unreadable, malformed). */
int activity_log_read(const char *dir, struct activity_record **out, size_t *n, char *why,
                      size_t why_len);

#endif
