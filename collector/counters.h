/* Hardware counters for collect: the CUPTI profiler behind a small facade
 * that knows the workload (L2 flush and a settling wait before each range,
 * one launch inside). */
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

/* MMPROF_FORCE_NO_COUNTERS=1 (docs/restricted.md): collect behaves as on a
 * machine without profiling rights, so that mode can be checked where
 * profiling is allowed. 1 with the refusal in why when set. */
int counters_forced_off(char *why, size_t why_len);

/* metrics_spec NULL = the default group; add_spec may be NULL. settle_cap_ms:
 * the most to wait between each range's L2 flush and the range (l2_settle_ms). */
enum counters_open_result counters_open(struct counters **c, const char *metrics_spec, const char *add_spec,
                                        int one_config_image, double settle_cap_ms,
                                        const struct device_info *d, char *why, size_t why_len);
/* The L2 flush buffer, apart from counters_open: collect opens the profiler
 * before its local memory reservation (the profiler's device memory then sits
 * below it, as ncu's does) and allocates the flush after --buffer-offset-mb,
 * where `mmprof launch` allocates its own. 0, or -1 with why. */
int counters_alloc_flush(struct counters *c, const struct device_info *d, char *why, size_t why_len);
size_t counters_columns(const struct counters *c);
/* The Perfworks counters behind those columns (derived metrics read theirs). */
size_t counters_raw(const struct counters *c);
const char *const *counters_headers(const struct counters *c);
long counters_passes(const struct counters *c);
long counters_configs(const struct counters *c);
const char *counters_schedule(const struct counters *c); /* "whole-counters" or "one-image" */
const char *counters_chip(const struct counters *c);

/* One launch of a batch: the variant, its range name, where its values go. */
struct counters_range {
    const struct variant *v;
    struct workload *w; /* its inputs */
    const char *range;
    double *values; /* counters_columns() numbers (NaN = not evaluated) */
    int failed;     /* out: 1 when not collected; why says why */
    char why[320];
};

/* Profiles the launches of a batch, config image by config image
 * (profiler_measure_batch): collect hands it the rows of several family x
 * shape groups at once. Returns 0 when all were collected, -1 otherwise. */
int counters_measure_batch(struct counters *c, struct counters_range *r, size_t n);
/* Around another CUPTI client of the context (PC sampling): the Range
 * Profiler off, then on again. resume: 0, or -1 with why. */
void counters_suspend(struct counters *c);
int counters_resume(struct counters *c, char *why, size_t why_len);
void counters_close(struct counters *c);

#endif
