/* Measured ceilings remembered between profiles of one GPU.
 *
 * `mmprof profile` measures the GPU's ceilings before the app (collect's
 * micro-benchmarks, in a context of its own, then released). Profiling an
 * app again and again, a user would pay that each time for numbers measured
 * minutes before on the same GPU; so a measurement is kept in the user's
 * cache (file_cache_path: ceilings-UUID.json) and reused while it is younger
 * than CEILINGS_CACHE_MAX_AGE_S and the GPU, its driver and its clocks are
 * the ones it was measured on. The reused object says when it was measured
 * ("measured_unix_s") and that it was reused ("reused": true), so run.json
 * never passes an earlier measurement off as the run's. Losing the file (no
 * $HOME, a read-only disk) only costs the time. */
#ifndef MMPROF_COLLECTOR_CEILINGS_CACHE_H
#define MMPROF_COLLECTOR_CEILINGS_CACHE_H

#include <cjson/cJSON.h>
#include <time.h>

#include "rundir/device_info.h"

#define CEILINGS_CACHE_MAX_AGE_S 3600

/* The ceilings object kept for d (with driver, NVML's version string) if one
 * was measured at most CEILINGS_CACHE_MAX_AGE_S before now on the same GPU,
 * driver and clocks, marked as reused; else NULL. */
cJSON *ceilings_cache_load(const struct device_info *d, const char *driver, time_t now);

/* Keeps ceilings (ceilings_run's object, measured at now) for d; best effort,
 * silent. */
void ceilings_cache_store(const struct device_info *d, const char *driver, const cJSON *ceilings, time_t now);

#endif
