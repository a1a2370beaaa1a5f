/* The profiler's state, shared by profiler.c (open/close) and
 * profiler_measure.c. Not part of the API. */
#ifndef MMPROF_PROFILER_PROFILER_IMPL_H
#define MMPROF_PROFILER_PROFILER_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "collector/profiler/cupti_api.h"
#include "collector/profiler/host_config.h"
#include "collector/profiler/profiler.h"

#define CHIP_NAME_MAX 64

struct profiler {
    const struct cupti_api *api;
    const struct metric_set *ms;
    int device;
    char chip[CHIP_NAME_MAX];
    CUcontext ctx;
    int cupti_initialized;           /* cuptiProfilerInitialize succeeded */
    uint8_t *availability;           /* counter availability image */
    struct host host;                /* host object: config image and evaluation */
    uint8_t *config;                 /* one config image for the whole run */
    size_t config_size;
    size_t passes;
    CUpti_RangeProfiler_Object *rp;  /* enabled on ctx */
    uint8_t *counter_data;           /* one range, re-initialised per measure */
    size_t counter_data_size;
    double *raw;                     /* ms->nraw values of the last range */
    char (*units)[HOST_UNIT_MAX];    /* CUPTI's unit of each raw metric */
    size_t measures;                 /* completed or attempted measurements */
};

/* cuptiRangeProfilerEnable + counter data sizing; used by open and by the
 * re-enable fallback in measure. */
enum profiler_status profiler_enable_range_profiler(struct profiler *p, char *err,
                                                    size_t err_len);
void profiler_disable_range_profiler(struct profiler *p);

#endif
