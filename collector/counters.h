/* Hardware counters for collect: the CUPTI profiler behind a small facade
 * that knows the workload (L2 flush before each range, one launch inside). */
#ifndef MMPROF_COUNTERS_H
#define MMPROF_COUNTERS_H

#include <stddef.h>

#include "collector/device.h"
#include "collector/workload.h"

struct counters;

enum counters_open_result {
    COUNTERS_OK = 0,
    COUNTERS_REFUSED = 1, /* profiling impossible here (rights, another profiler, chip): time only */
    COUNTERS_BAD_USAGE = 2, /* unknown metric or group: the user must fix the command */
    COUNTERS_ERROR = 3,
};

/* metrics_spec NULL = the default group; add_spec may be NULL. */
enum counters_open_result counters_open(struct counters **c, const char *metrics_spec, const char *add_spec,
                                        const struct device_info *d, char *why, size_t why_len);
size_t counters_columns(const struct counters *c);
const char *const *counters_headers(const struct counters *c);
long counters_passes(const struct counters *c);
const char *counters_chip(const struct counters *c);

/* Profiles one launch of v on w's set 0 as the range `range`; values gets
 * counters_columns() numbers (NaN = not evaluated). */
int counters_measure(struct counters *c, const char *range, const struct variant *v, struct workload *w,
                     double *values, char *why, size_t why_len);
void counters_close(struct counters *c);

#endif
