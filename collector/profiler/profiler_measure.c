/* One range, user range + user replay, as the reference probe does it
 * (../shared/reference/cupti_range_profiler_probe.cu): SetConfig once, then
 * Start / prepare / PushRange / work / PopRange / Stop per pass until CUPTI has
 * every pass, then DecodeData and evaluation. */
#include "collector/profiler/profiler.h"

#include "collector/profiler/cupti_error.h"
#include "collector/profiler/profiler_impl.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static enum profiler_status fail_at(struct profiler *p, CUptiResult r, const char *call,
                                    char *err, size_t err_len)
{
    struct failure_site site = {call, p->device, p->chip};
    return cupti_fail(p->api, r, &site, err, err_len);
}

/* A fresh counter data image and the config for pass 0 of a new replay. */
static CUptiResult configure(struct profiler *p, const char **call)
{
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params ci = {
        .structSize = CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
    ci.pRangeProfilerObject = p->rp;
    ci.counterDataSize = p->counter_data_size;
    ci.pCounterData = p->counter_data;
    *call = "cuptiRangeProfilerCounterDataImageInitialize";
    CUptiResult r = p->api->rp_counter_data_image_initialize(&ci);
    if (r != CUPTI_SUCCESS)
        return r;

    CUpti_RangeProfiler_SetConfig_Params sc = {.structSize = CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
    sc.pRangeProfilerObject = p->rp;
    sc.configSize = p->config_size;
    sc.pConfig = p->config;
    sc.counterDataImageSize = p->counter_data_size;
    sc.pCounterDataImage = p->counter_data;
    sc.range = CUPTI_UserRange;
    sc.replayMode = CUPTI_UserReplay;
    sc.maxRangesPerPass = 1;
    sc.numNestingLevels = 1;
    sc.minNestingLevel = 1;
    sc.passIndex = 0;
    sc.targetNestingLevel = 1;
    *call = "cuptiRangeProfilerSetConfig";
    return p->api->rp_set_config(&sc);
}

/* CUPTI documents no way to start a second replay on one Range Profiler object
 * other than SetConfig again. Should this CUPTI refuse that, a fresh object
 * (Disable + Enable, as at open) is the documented starting state: retry once so. */
static enum profiler_status begin_replay(struct profiler *p, char *err, size_t err_len)
{
    const char *call;
    CUptiResult r = configure(p, &call);
    if (r != CUPTI_SUCCESS && p->measures > 0 && cupti_status_of(r) == PROFILER_ERROR) {
        profiler_disable_range_profiler(p);
        enum profiler_status st = profiler_enable_range_profiler(p, err, err_len);
        if (st != PROFILER_OK)
            return st;
        r = configure(p, &call);
    }
    return r == CUPTI_SUCCESS ? PROFILER_OK : fail_at(p, r, call, err, err_len);
}

/* Closes what a pass opened when it stops half way (the results are discarded). */
static void abandon_pass(struct profiler *p, int range_open)
{
    if (range_open) {
        CUpti_RangeProfiler_PopRange_Params pop = {.structSize = CUpti_RangeProfiler_PopRange_Params_STRUCT_SIZE};
        pop.pRangeProfilerObject = p->rp;
        (void)p->api->rp_pop_range(&pop); /* best effort: the measurement already failed */
    }
    CUpti_RangeProfiler_Stop_Params stop = {.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = p->rp;
    (void)p->api->rp_stop(&stop);
}

/* One pass: returns 1 in *done when CUPTI has all passes. */
static enum profiler_status run_pass(struct profiler *p, size_t pass, const char *range_name,
                                     int (*prepare)(void *), int (*work)(void *), void *ctx,
                                     int *done, char *err, size_t err_len)
{
    CUpti_RangeProfiler_Start_Params start = {.structSize = CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
    start.pRangeProfilerObject = p->rp;
    CUptiResult r = p->api->rp_start(&start);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerStart", err, err_len);

    /* Outside the range: the L2 flush and input restore must not be counted. */
    if (prepare && prepare(ctx) != 0) {
        abandon_pass(p, 0);
        snprintf(err, err_len, "range %s: preparing pass %zu (L2 flush / input restore) failed",
                 range_name, pass + 1);
        return PROFILER_ERROR;
    }

    CUpti_RangeProfiler_PushRange_Params push = {.structSize = CUpti_RangeProfiler_PushRange_Params_STRUCT_SIZE};
    push.pRangeProfilerObject = p->rp;
    push.pRangeName = range_name;
    r = p->api->rp_push_range(&push);
    if (r != CUPTI_SUCCESS) {
        abandon_pass(p, 0);
        return fail_at(p, r, "cuptiRangeProfilerPushRange", err, err_len);
    }

    if (work(ctx) != 0) {
        abandon_pass(p, 1);
        snprintf(err, err_len, "range %s: the kernel launch failed in pass %zu", range_name,
                 pass + 1);
        return PROFILER_ERROR;
    }

    CUpti_RangeProfiler_PopRange_Params pop = {.structSize = CUpti_RangeProfiler_PopRange_Params_STRUCT_SIZE};
    pop.pRangeProfilerObject = p->rp;
    r = p->api->rp_pop_range(&pop);
    if (r != CUPTI_SUCCESS) {
        abandon_pass(p, 0);
        return fail_at(p, r, "cuptiRangeProfilerPopRange", err, err_len);
    }

    CUpti_RangeProfiler_Stop_Params stop = {.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = p->rp;
    r = p->api->rp_stop(&stop);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerStop", err, err_len);
    *done = stop.isAllPassSubmitted != 0;
    return PROFILER_OK;
}

/* Decodes the replay and checks it holds exactly our one range. */
static enum profiler_status decode(struct profiler *p, const char *range_name, char *err,
                                   size_t err_len)
{
    CUpti_RangeProfiler_DecodeData_Params dd = {.structSize = CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    dd.pRangeProfilerObject = p->rp;
    CUptiResult r = p->api->rp_decode_data(&dd);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerDecodeData", err, err_len);
    if (dd.numOfRangeDropped > 0) {
        snprintf(err, err_len, "range %s: CUPTI dropped %zu range(s) while decoding; nothing "
                 "was measured",
                 range_name, dd.numOfRangeDropped);
        return PROFILER_ERROR;
    }

    CUpti_RangeProfiler_GetCounterDataInfo_Params gi = {
        .structSize = CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
    gi.pCounterDataImage = p->counter_data;
    gi.counterDataImageSize = p->counter_data_size;
    r = p->api->rp_get_counter_data_info(&gi);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerGetCounterDataInfo", err, err_len);
    if (gi.numTotalRanges != 1) {
        snprintf(err, err_len, "range %s: the counter data holds %zu ranges, expected 1",
                 range_name, gi.numTotalRanges);
        return PROFILER_ERROR;
    }

    CUpti_RangeProfiler_CounterData_GetRangeInfo_Params ri = {
        .structSize = CUpti_RangeProfiler_CounterData_GetRangeInfo_Params_STRUCT_SIZE};
    ri.pCounterDataImage = p->counter_data;
    ri.counterDataImageSize = p->counter_data_size;
    ri.rangeIndex = 0;
    ri.rangeDelimiter = "/";
    r = p->api->rp_counter_data_get_range_info(&ri);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerCounterDataGetRangeInfo", err, err_len);
    if (!ri.rangeName || strcmp(ri.rangeName, range_name) != 0) {
        snprintf(err, err_len, "range %s: the counter data holds range '%s' instead", range_name,
                 ri.rangeName ? ri.rangeName : "(unnamed)");
        return PROFILER_ERROR;
    }
    return PROFILER_OK;
}

static CUptiResult evaluate(struct profiler *p, const char **names, size_t n, double *values)
{
    CUpti_Profiler_Host_EvaluateToGpuValues_Params ev = {
        .structSize = CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
    ev.pHostObject = p->host.obj;
    ev.pCounterDataImage = p->counter_data;
    ev.counterDataImageSize = p->counter_data_size;
    ev.rangeIndex = 0;
    ev.ppMetricNames = names;
    ev.numMetrics = n;
    ev.pMetricValues = values;
    return p->api->host_evaluate_to_gpu_values(&ev);
}

/* All raw values at once; when CUPTI refuses the batch, one by one, so a metric
 * it cannot evaluate costs only its own value (NaN). */
static enum profiler_status evaluate_all(struct profiler *p, char *err, size_t err_len)
{
    const struct metric_set *ms = p->ms;
    CUptiResult r = evaluate(p, ms->raw, ms->nraw, p->raw);
    if (r == CUPTI_SUCCESS)
        return PROFILER_OK;
    size_t ok = 0;
    CUptiResult first = CUPTI_SUCCESS;
    for (size_t i = 0; i < ms->nraw; i++) {
        CUptiResult ri = evaluate(p, &ms->raw[i], 1, &p->raw[i]);
        if (ri == CUPTI_SUCCESS) {
            ok++;
        } else {
            p->raw[i] = NAN;
            if (first == CUPTI_SUCCESS)
                first = ri;
        }
    }
    if (ok == 0)
        return fail_at(p, first != CUPTI_SUCCESS ? first : r,
                       "cuptiProfilerHostEvaluateToGpuValues", err, err_len);
    return PROFILER_OK;
}

enum profiler_status profiler_measure(struct profiler *p, const char *range_name,
                                      int (*prepare)(void *ctx), int (*work)(void *ctx),
                                      void *ctx, double *column_values, char *err,
                                      size_t err_len)
{
    const struct metric_set *ms = p->ms;
    for (size_t i = 0; i < ms->ncols; i++)
        column_values[i] = NAN;
    for (size_t i = 0; i < ms->nraw; i++)
        p->raw[i] = NAN;

    enum profiler_status st = begin_replay(p, err, err_len);
    p->measures++;
    if (st != PROFILER_OK)
        return st;

    /* CUPTI says when it has every pass; it should take exactly p->passes. More
     * would mean a replay that never ends, fewer a config that was not applied:
     * both are errors rather than silently wrong counters. */
    size_t pass = 0;
    for (int done = 0; !done; pass++) {
        if (pass == p->passes) {
            snprintf(err, err_len, "range %s: CUPTI still wants passes after the %zu the config "
                     "needs",
                     range_name, p->passes);
            return PROFILER_ERROR;
        }
        st = run_pass(p, pass, range_name, prepare, work, ctx, &done, err, err_len);
        if (st != PROFILER_OK)
            return st;
    }
    if (pass != p->passes) {
        snprintf(err, err_len, "range %s: CUPTI finished after %zu of the %zu passes the config "
                 "needs",
                 range_name, pass, p->passes);
        return PROFILER_ERROR;
    }

    if ((st = decode(p, range_name, err, err_len)) != PROFILER_OK ||
        (st = evaluate_all(p, err, err_len)) != PROFILER_OK)
        return st;
    metric_set_evaluate(ms, p->raw, column_values);
    return PROFILER_OK;
}
