/* Once the app has ended: each launches.tsv line gets its gpu_ms from the
 * activity record of its launch (same process, correlation id, grid and
 * block; a graph's nodes share one correlation id and pair in order), the
 * file is rewritten whole (a new file renamed over it) and activity.tsv,
 * now joined, is removed. Records of no app launch (mmprof's own flushes and
 * replays) are dropped. Host C only. */
#ifndef MMPROF_PROFILE_LAUNCH_TIMES_H
#define MMPROF_PROFILE_LAUNCH_TIMES_H

#include <stddef.h>

/* 0, or 1 with why (a file unreadable, malformed or not written). *timed
 * (may be NULL): the lines that got a time. */
int launch_times_join(const char *dir, long *timed, char *why, size_t why_len);

#endif
