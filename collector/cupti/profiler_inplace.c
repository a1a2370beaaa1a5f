/* In place: kernels measured where the caller runs them, not replayed, many
 * to one pass, for config images of one pass (profiler.h,
 * profiler_inplace_begin). Every kernel launched in the context between
 * begin and end is an auto range of its own, in launch order; the caller
 * counts them, and end checks CUPTI's total against that count before any
 * value is read, so ranges are never paired with the wrong launch. The image
 * stays set on one Range Profiler object from one pass to the next. */
#include "collector/cupti/profiler.h"

#include "collector/cupti/cupti_error.h"
#include "collector/cupti/profiler_impl.h"
#include "common/trace.h"
#include "common/util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static enum profiler_status fail_at(struct profiler *p, CUptiResult r, const char *call, char *err,
                                    size_t err_len)
{
    struct failure_site site = {call, p->device, p->chip};
    return cupti_fail(p->api, r, &site, err, err_len);
}

size_t profiler_image_passes(const struct profiler *p, size_t image)
{
    return image < p->plan.ngroups ? p->plan.group[image].passes : 0;
}

int profiler_image_cold_l2(const struct profiler *p, size_t image)
{
    return image < p->plan.ngroups && config_group_cold_l2(&p->plan.group[image]);
}

enum profiler_status profiler_inplace_begin(struct profiler *p, size_t image, size_t capacity, char *err,
                                            size_t err_len)
{
    if (image >= p->plan.ngroups || p->plan.group[image].passes != 1) {
        snprintf(err, err_len, "config image %zu of %zu %s: in place, an image must take one pass", image,
                 p->plan.ngroups, image < p->plan.ngroups ? "takes several passes" : "does not exist");
        return PROFILER_ERROR;
    }
    struct config_group *g = &p->plan.group[image];
    double t0 = now_ms();
    enum profiler_status st;
    if ((st = profiler_object_for(p, g, capacity, err, err_len)) != PROFILER_OK)
        return st;
    const char *call;
    CUptiResult r = profiler_configure(p, g, capacity, &call);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, call, err, err_len);
    p->rp_image = g;
    p->measures++;
    CUpti_RangeProfiler_Start_Params start = {.structSize = CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
    start.pRangeProfilerObject = p->rp;
    r = p->api->rp_start(&start);
    trace_since("profiler: in place: set config + start", t0);
    return r == CUPTI_SUCCESS ? PROFILER_OK : fail_at(p, r, "cuptiRangeProfilerStart", err, err_len);
}

enum profiler_status profiler_inplace_end(struct profiler *p, size_t ranges, char *err, size_t err_len)
{
    double t0 = now_ms();
    CUpti_RangeProfiler_Stop_Params stop = {.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = p->rp;
    CUptiResult r = p->api->rp_stop(&stop);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerStop", err, err_len);
    if (!stop.isAllPassSubmitted) {
        snprintf(err, err_len, "CUPTI wants more passes of a one-pass image; its counters are not in the data");
        return PROFILER_ERROR;
    }
    CUpti_RangeProfiler_DecodeData_Params dd = {.structSize = CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    dd.pRangeProfilerObject = p->rp;
    if ((r = p->api->rp_decode_data(&dd)) != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerDecodeData", err, err_len);
    const struct config_group *g = p->rp_image;
    CUpti_RangeProfiler_GetCounterDataInfo_Params gi = {
        .structSize = CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
    gi.pCounterDataImage = g->counter_data;
    gi.counterDataImageSize = g->counter_data_size;
    if ((r = p->api->rp_get_counter_data_info(&gi)) != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerGetCounterDataInfo", err, err_len);
    trace_since("profiler: in place: stop + decode", t0);
    if (dd.numOfRangeDropped > 0 || gi.numTotalRanges != ranges) {
        snprintf(err, err_len, "the pass holds %zu kernel ranges (%zu dropped) where %zu kernels were counted: "
                 "a kernel ran that the launches did not announce (a library's, a memset's)",
                 gi.numTotalRanges, dd.numOfRangeDropped, ranges);
        return PROFILER_ERROR;
    }
    return PROFILER_OK;
}

enum profiler_status profiler_inplace_values(struct profiler *p, size_t range, double *raw_values, char *err,
                                             size_t err_len)
{
    for (size_t i = 0; i < p->ms->nraw; i++)
        raw_values[i] = NAN;
    CUptiResult first = CUPTI_SUCCESS;
    size_t valued = profiler_evaluate_group(p, p->rp_image, range, raw_values, &first);
    if (valued > 0)
        return PROFILER_OK;
    if (first != CUPTI_SUCCESS)
        return fail_at(p, first, "cuptiProfilerHostEvaluateToGpuValues", err, err_len);
    snprintf(err, err_len, "CUPTI gave no value for any metric of config image %s at range %zu",
             p->rp_image->names[0], range);
    return PROFILER_ERROR;
}
