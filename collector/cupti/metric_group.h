/* Metric groups (LIKWID style): groups/NAME.txt, embedded at build time.
 *
 *   SHORT one line saying what the group is for
 *   METRICS
 *   name            (Perfworks name, nvprof alias or derived metric; '#' comments)
 *   ...
 *   LONG
 *   free text until the end of the file
 *
 * A file without a METRICS line (an @FILE list) is read as names separated by
 * newlines, commas or blanks. */
#ifndef MMPROF_PROFILER_METRIC_GROUP_H
#define MMPROF_PROFILER_METRIC_GROUP_H

#include <stddef.h>

size_t metric_group_count(void);
const char *metric_group_name(size_t i);      /* i < metric_group_count() */
const char *metric_group_text(const char *name); /* NULL when there is no such group */

/* The SHORT line of a group text ("" when it has none), copied into buf. */
const char *metric_group_short(const char *text, char *buf, size_t len);

/* Calls fn(name, ctx) for every metric name the text lists, in order; stops and
 * returns fn's value when it is not 0, or -1 (with a sentence in err) when a name
 * is longer than any metric name can be. */
int metric_list_foreach(const char *text, int (*fn)(const char *name, void *ctx), void *ctx,
                        char *err, size_t err_len);

#endif
