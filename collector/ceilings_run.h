/* Empirical ceilings once per collect, next to the SKU's datasheet values,
 * as a run.json object (DESIGN: the roofline uses measured ceilings). */
#ifndef MMPROF_CEILINGS_RUN_H
#define MMPROF_CEILINGS_RUN_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "collector/device.h"

/* Measures the ceilings on the current device and returns run.json's
 * "ceilings" object (measured, datasheet, method, warnings), or NULL with why.
 * sticky is set when the CUDA context was lost and the run must stop. */
cJSON *ceilings_run(const struct device_info *d, int *sticky, char *why, size_t why_len);

/* The datasheet object alone (SKU detection), for runs without ceilings. */
cJSON *datasheet_json(const struct device_info *d);

#endif
