/* The profiler's state, shared by profiler.c (open/close) and
 * profiler_measure.c. Not part of the API. */
#ifndef MMPROF_PROFILER_PROFILER_IMPL_H
#define MMPROF_PROFILER_PROFILER_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "collector/cupti/config_plan.h"
#include "collector/cupti/cupti_api.h"
#include "collector/cupti/host_config.h"
#include "collector/cupti/profiler.h"

#define CHIP_NAME_MAX 64

struct profiler {
    const struct cupti_api *api;
    const struct metric_set *ms;
    int device;
    char chip[CHIP_NAME_MAX];
    CUcontext ctx;
    int cupti_initialized;           /* cuptiProfilerInitialize succeeded */
    uint8_t *availability;           /* counter availability image */
    struct host host;                /* host object: metric names and units */
    enum profiler_schedule schedule;
    struct config_plan plan;         /* config images, each with its counter data */
    CUpti_RangeProfiler_Object *rp;  /* enabled on ctx */
    const struct config_group *rp_image; /* the image last set on rp, NULL after Enable */
    const struct config_group *rp_sized; /* rp's counter data layout: this image ... */
    size_t rp_sized_ranges;              /* ... for this many ranges */
    double *scratch;                 /* ms->nraw: one image's values before placing */
    char (*units)[HOST_UNIT_MAX];    /* CUPTI's unit of each raw metric */
    size_t measures;                 /* completed or attempted measurements */
};

/* cuptiRangeProfilerEnable; used by open and by the re-enable fallback in measure. */
enum profiler_status profiler_enable_range_profiler(struct profiler *p, char *err,
                                                    size_t err_len);
/* GetCounterDataSize for g's metrics and that many ranges, (re)allocating g's
 * counter data: before each CounterDataImageInitialize of g. */
enum profiler_status profiler_size_counter_data(struct profiler *p, struct config_group *g,
                                                size_t ranges, char *err, size_t err_len);
void profiler_disable_range_profiler(struct profiler *p);
/* The live object made ready for image g (a fresh one when it served another
 * image: an object replays the first image set on it) with g's counter data
 * sized for capacity ranges. */
enum profiler_status profiler_object_for(struct profiler *p, struct config_group *g, size_t capacity, char *err,
                                         size_t err_len);
/* A fresh counter data image of g and SetConfig for pass 0 of a new replay
 * (auto range, user replay, capacity ranges a pass); *call names the CUPTI
 * call that failed. */
CUptiResult profiler_configure(struct profiler *p, const struct config_group *g, size_t capacity,
                               const char **call);
/* Range `range`'s values of image g at once, into raw at their places in the
 * set; when CUPTI refuses the batch, one by one, so a metric it cannot
 * evaluate costs only its own value (NaN). Returns how many got a value (not
 * NaN); *first = the first refusal. */
size_t profiler_evaluate_group(struct profiler *p, const struct config_group *g, size_t range, double *raw,
                               CUptiResult *first);

/* With the runtime only (CUPTI target calls crash without a driver): is there
 * a device of that index? PROFILER_NO_DEVICE with err when not. */
enum profiler_status profiler_check_device(const struct cupti_api *api, int device, char *err, size_t err_len);
/* Makes device's primary context (the runtime's, where the kernels run)
 * current and returns it. */
enum profiler_status profiler_current_context(const struct cupti_api *api, int device, CUcontext *ctx, char *err,
                                              size_t err_len);

#endif
