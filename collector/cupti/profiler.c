/* profiler_open / profiler_close and the small accessors. */
#include "collector/cupti/profiler.h"

#include "collector/cupti/cupti_error.h"
#include "collector/cupti/profiler_impl.h"
#include "common/trace.h"
#include "common/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *profiler_status_name(enum profiler_status s)
{
    switch (s) {
    case PROFILER_OK:
        return "ok";
    case PROFILER_NO_DEVICE:
        return "no_device";
    case PROFILER_INSUFFICIENT_PRIVILEGES:
        return "insufficient_privileges";
    case PROFILER_MULTIPLE_SUBSCRIBERS:
        return "multiple_subscribers";
    case PROFILER_UNSUPPORTED_CHIP:
        return "unsupported_chip";
    case PROFILER_BAD_METRIC:
        return "bad_metric";
    case PROFILER_ERROR:
        break;
    }
    return "error";
}

int profiler_status_timing_continues(enum profiler_status s)
{
    return s == PROFILER_INSUFFICIENT_PRIVILEGES || s == PROFILER_MULTIPLE_SUBSCRIBERS ||
           s == PROFILER_UNSUPPORTED_CHIP;
}

static enum profiler_status fail_at(struct profiler *p, CUptiResult r, const char *call,
                                    char *err, size_t err_len)
{
    struct failure_site site = {call, p->device, p->chip[0] ? p->chip : NULL};
    return cupti_fail(p->api, r, &site, err, err_len);
}

/* With the runtime only: CUPTI target calls crash when there is no driver. */
enum profiler_status profiler_check_device(const struct cupti_api *api, int device, char *err, size_t err_len)
{
    int count = 0;
    cudaError_t e = api->get_device_count(&count);
    if (e != cudaSuccess) {
        snprintf(err, err_len,
                 "no CUDA device: cudaGetDeviceCount failed (%s); install the NVIDIA driver "
                 "or run on a GPU machine (metric names can still be checked offline)",
                 api->cuda_error_string(e));
        return PROFILER_NO_DEVICE;
    }
    if (count == 0) {
        snprintf(err, err_len,
                 "no CUDA device: cudaGetDeviceCount found none; check nvidia-smi and "
                 "CUDA_VISIBLE_DEVICES");
        return PROFILER_NO_DEVICE;
    }
    if (device < 0 || device >= count) {
        snprintf(err, err_len, "no CUDA device %d: this machine has %d (0..%d); pick one of them",
                 device, count, count - 1);
        return PROFILER_NO_DEVICE;
    }
    return PROFILER_OK;
}

/* Makes device's primary context current: the context the runtime launches the
 * kernels in, so it is the one CUPTI must profile. */
enum profiler_status profiler_current_context(const struct cupti_api *api, int device, CUcontext *ctx, char *err,
                                              size_t err_len)
{
    cudaError_t e = api->set_device(device);
    if (e == cudaSuccess)
        e = api->device_free(NULL);
    if (e != cudaSuccess) {
        snprintf(err, err_len, "CUDA: cannot create a context on device %d (%s); check that the "
                 "GPU is healthy (nvidia-smi)",
                 device, api->cuda_error_string(e));
        return PROFILER_ERROR;
    }
    CUresult r = api->ctx_get_current(ctx);
    if (r != CUDA_SUCCESS || !*ctx) {
        snprintf(err, err_len,
                 "CUDA driver: cuCtxGetCurrent found no context on device %d (CUresult %d); the "
                 "driver is older than this CUDA runtime or lacks the entry point",
                 device, (int)r);
        return PROFILER_ERROR;
    }
    return PROFILER_OK;
}

static const char *support_problem(const CUpti_Profiler_DeviceSupported_Params *s)
{
    if (s->architecture == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED)
        return "its architecture is too old for the Range Profiler (Turing or newer needed)";
    if (s->vGpu == CUPTI_PROFILER_CONFIGURATION_DISABLED)
        return "profiling is disabled on this vGPU; enable it in the vGPU's settings on the host";
    if (s->vGpu == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED)
        return "this vGPU cannot be profiled; use a physical GPU";
    if (s->confidentialCompute == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED)
        return "confidential computing is on; turn it off to read counters";
    if (s->cmp == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED)
        return "crypto-mining processors (CMP) cannot be profiled";
    if (s->sli == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED)
        return "SLI is on; turn it off to read counters";
    if (s->wsl == CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED)
        return "WSL does not support profiling this GPU; run on native Linux";
    return "CUPTI reports the configuration as unsupported";
}

static enum profiler_status check_supported(struct profiler *p, char *err, size_t err_len)
{
    CUdevice dev;
    CUresult cr = p->api->device_get(&dev, p->device);
    if (cr != CUDA_SUCCESS) {
        snprintf(err, err_len, "CUDA driver: cuDeviceGet(%d) failed (CUresult %d)", p->device,
                 (int)cr);
        return PROFILER_ERROR;
    }
    CUpti_Profiler_DeviceSupported_Params s = {.structSize = CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE};
    s.cuDevice = dev;
    s.api = CUPTI_PROFILER_RANGE_PROFILING;
    CUptiResult r = p->api->device_supported(&s);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiProfilerDeviceSupported", err, err_len);
    if (s.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) {
        snprintf(err, err_len, "CUPTI: cannot profile device %d: %s; timing continues without "
                 "counters",
                 p->device, support_problem(&s));
        return PROFILER_UNSUPPORTED_CHIP;
    }
    return PROFILER_OK;
}

static enum profiler_status read_chip(const struct cupti_api *api, int device, char *chip,
                                      size_t len, char *err, size_t err_len)
{
    CUpti_Device_GetChipName_Params c = {.structSize = CUpti_Device_GetChipName_Params_STRUCT_SIZE};
    c.deviceIndex = (size_t)device;
    CUptiResult r = api->device_get_chip_name(&c);
    if (r != CUPTI_SUCCESS || !c.pChipName) {
        struct failure_site site = {"cuptiDeviceGetChipName", device, NULL};
        return cupti_fail(api, r != CUPTI_SUCCESS ? r : CUPTI_ERROR_UNKNOWN, &site, err,
                          err_len);
    }
    snprintf(chip, len, "%s", c.pChipName);
    return PROFILER_OK;
}

static enum profiler_status read_availability(struct profiler *p, char *err, size_t err_len)
{
    CUpti_Profiler_GetCounterAvailability_Params a = {
        .structSize = CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
    a.ctx = p->ctx;
    CUptiResult r = p->api->get_counter_availability(&a); /* size query */
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiProfilerGetCounterAvailability", err, err_len);
    p->availability = malloc(a.counterAvailabilityImageSize ? a.counterAvailabilityImageSize : 1);
    if (!p->availability) {
        snprintf(err, err_len, "out of memory for the counter availability image");
        return PROFILER_ERROR;
    }
    a.pCounterAvailabilityImage = p->availability;
    r = p->api->get_counter_availability(&a);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiProfilerGetCounterAvailability", err, err_len);
    return PROFILER_OK;
}

/* The Range Profiler object keeps the metric list of its last GetCounterDataSize
 * and CounterDataImageInitialize lays the image out for it: so this runs before
 * each replay whose image or range count differs from the last one (an image
 * laid out for another image's metrics fails with CUPTI_ERROR_UNKNOWN). */
enum profiler_status profiler_size_counter_data(struct profiler *p, struct config_group *g,
                                                size_t ranges, char *err, size_t err_len)
{
    if (p->rp_sized == g && p->rp_sized_ranges == ranges)
        return PROFILER_OK;
    CUpti_RangeProfiler_GetCounterDataSize_Params ds = {
        .structSize = CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
    ds.pRangeProfilerObject = p->rp;
    ds.pMetricNames = g->names;
    ds.numMetrics = g->n;
    ds.maxNumOfRanges = ranges;
    ds.maxNumRangeTreeNodes = (uint32_t)ranges;
    CUptiResult r = p->api->rp_get_counter_data_size(&ds);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerGetCounterDataSize", err, err_len);
    p->rp_sized = NULL;
    if (g->counter_data && g->counter_data_size == ds.counterDataSize) {
        p->rp_sized = g;
        p->rp_sized_ranges = ranges;
        return PROFILER_OK;
    }
    free(g->counter_data);
    g->counter_data_size = 0;
    g->counter_data = malloc(ds.counterDataSize ? ds.counterDataSize : 1);
    if (!g->counter_data) {
        snprintf(err, err_len, "out of memory for a %zu-byte counter data image",
                 ds.counterDataSize);
        return PROFILER_ERROR;
    }
    g->counter_data_size = ds.counterDataSize;
    p->rp_sized = g;
    p->rp_sized_ranges = ranges;
    return PROFILER_OK;
}

enum profiler_status profiler_enable_range_profiler(struct profiler *p, char *err,
                                                    size_t err_len)
{
    CUpti_RangeProfiler_Enable_Params en = {.structSize = CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
    en.ctx = p->ctx;
    CUptiResult r = p->api->rp_enable(&en);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerEnable", err, err_len);
    p->rp = en.pRangeProfilerObject;
    p->rp_image = NULL;
    p->rp_sized = NULL;
    return PROFILER_OK;
}

void profiler_disable_range_profiler(struct profiler *p)
{
    if (!p->rp)
        return;
    CUpti_RangeProfiler_Disable_Params d = {.structSize = CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
    d.pRangeProfilerObject = p->rp;
    /* Teardown: the object is released whatever CUPTI answers. */
    (void)p->api->rp_disable(&d);
    p->rp = NULL;
}

static enum profiler_status open_steps(struct profiler *p, char *err, size_t err_len)
{
    const struct cupti_api *api = p->api;
    enum profiler_status st = profiler_check_device(api, p->device, err, err_len);
    if (st == PROFILER_OK)
        st = profiler_current_context(api, p->device, &p->ctx, err, err_len);
    if (st != PROFILER_OK)
        return st;

    CUpti_Profiler_Initialize_Params init = {.structSize = CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    CUptiResult r = api->profiler_initialize(&init);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiProfilerInitialize", err, err_len);
    p->cupti_initialized = 1;

    if ((st = check_supported(p, err, err_len)) != PROFILER_OK ||
        (st = read_chip(api, p->device, p->chip, sizeof p->chip, err, err_len)) != PROFILER_OK ||
        (st = read_availability(p, err, err_len)) != PROFILER_OK ||
        (st = host_open(&p->host, api, p->chip, p->availability, p->device, err, err_len)) !=
            PROFILER_OK)
        return st;

    p->units = calloc(p->ms->nraw, sizeof *p->units);
    p->scratch = calloc(p->ms->nraw, sizeof *p->scratch);
    if (!p->units || !p->scratch) {
        snprintf(err, err_len, "out of memory for %zu metric values", p->ms->nraw);
        return PROFILER_ERROR;
    }
    double t0 = now_ms();
    if ((st = host_check_names(&p->host, p->ms->raw, p->ms->nraw, p->units, err, err_len)) !=
            PROFILER_OK ||
        (st = config_plan_build(&p->plan, api, p->chip, p->availability, p->device, p->ms->raw,
                                p->ms->nraw, p->schedule, err, err_len)) != PROFILER_OK)
        return st;
    trace_since("profiler: config images", t0);
    return profiler_enable_range_profiler(p, err, err_len);
}

enum profiler_status profiler_open(struct profiler **out, const struct metric_set *ms,
                                   int cuda_device, enum profiler_schedule how, char *err,
                                   size_t err_len)
{
    *out = NULL;
    if (!ms || ms->nraw == 0) {
        snprintf(err, err_len, "no metrics to collect: the metric set is empty");
        return PROFILER_BAD_METRIC;
    }
    struct profiler *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, err_len, "out of memory opening the profiler");
        return PROFILER_ERROR;
    }
    p->api = cupti_api();
    p->ms = ms;
    p->device = cuda_device;
    p->schedule = how;
    p->host.api = p->api;
    double t0 = now_ms();
    enum profiler_status st = open_steps(p, err, err_len);
    trace_since("profiler: open", t0);
    if (st != PROFILER_OK) {
        profiler_close(p);
        return st;
    }
    *out = p;
    return PROFILER_OK;
}

void profiler_suspend(struct profiler *p)
{
    profiler_disable_range_profiler(p);
}

enum profiler_status profiler_resume(struct profiler *p, char *err, size_t err_len)
{
    return p->rp ? PROFILER_OK : profiler_enable_range_profiler(p, err, err_len);
}

void profiler_close(struct profiler *p)
{
    if (!p)
        return;
    profiler_disable_range_profiler(p);
    config_plan_free(&p->plan);
    host_close(&p->host);
    if (p->cupti_initialized) {
        CUpti_Profiler_DeInitialize_Params d = {.structSize = CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE};
        (void)p->api->profiler_deinitialize(&d); /* teardown: nothing left to undo */
    }
    free(p->availability);
    free(p->scratch);
    free(p->units);
    free(p);
}

size_t profiler_passes(const struct profiler *p)
{
    return p->plan.passes;
}

size_t profiler_configs(const struct profiler *p)
{
    return p->plan.ngroups;
}

const char *profiler_schedule_name(enum profiler_schedule how)
{
    return how == PROFILER_ONE_IMAGE ? "one-image" : how == PROFILER_ONE_PASS_IMAGES ? "one-pass-images" : "whole-counters";
}

int profiler_device(const struct profiler *p)
{
    return p->device;
}

const char *profiler_chip(const struct profiler *p)
{
    return p->chip;
}

const char *profiler_column_unit(const struct profiler *p, size_t column)
{
    const struct metric_column *c = &p->ms->cols[column];
    if (c->unit && c->unit[0])
        return c->unit;
    return c->kind == METRIC_RAW ? p->units[c->raw] : "";
}

enum profiler_status profiler_device_chip(int cuda_device, char *chip, size_t chip_len,
                                          char *err, size_t err_len)
{
    const struct cupti_api *api = cupti_api();
    enum profiler_status st = profiler_check_device(api, cuda_device, err, err_len);
    if (st != PROFILER_OK)
        return st;
    CUpti_Profiler_Initialize_Params init = {.structSize = CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    CUptiResult r = api->profiler_initialize(&init);
    if (r != CUPTI_SUCCESS) {
        struct failure_site site = {"cuptiProfilerInitialize", cuda_device, NULL};
        return cupti_fail(api, r, &site, err, err_len);
    }
    st = read_chip(api, cuda_device, chip, chip_len, err, err_len);
    CUpti_Profiler_DeInitialize_Params d = {.structSize = CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE};
    (void)api->profiler_deinitialize(&d); /* the chip name is already copied */
    return st;
}
