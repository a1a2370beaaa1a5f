/* When each row was measured, for checking a sweep's schedule: with
 * MMPROF_ROW_TIMES=FILE in the environment, every row appends one line
 * "SHARD WHERE VARIANT MxNxK START_MS END_MS" to FILE, WHERE being gpu or
 * cpu and the times CLOCK_MONOTONIC milliseconds (one clock for every
 * process of the host, so the workers of collect --devices compare). Each
 * line is one write to a file opened O_APPEND: workers never interleave. */
#ifndef MMPROF_ROW_TIMES_H
#define MMPROF_ROW_TIMES_H

#include "model/registry.h"

/* Appends the line of a row measured from start_ms (now_ms()) until now;
 * nothing without MMPROF_ROW_TIMES. */
void row_times_add(int shard, const struct variant *v, const struct shape *s, double start_ms);

#endif
