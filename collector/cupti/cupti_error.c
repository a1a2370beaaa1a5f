/* The error sentences. Each names the CUPTI call and code, says what it means
 * here, and says what to do; the refusals add that timing goes on. */
#include "collector/cupti/cupti_error.h"

#include <stdio.h>

#define TIMING_GOES_ON "timing continues without counters"

enum profiler_status cupti_status_of(CUptiResult r)
{
    switch (r) {
    case CUPTI_SUCCESS:
        return PROFILER_OK;
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
        return PROFILER_INSUFFICIENT_PRIVILEGES;
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
    case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
    case CUPTI_ERROR_HARDWARE_BUSY:
        return PROFILER_MULTIPLE_SUBSCRIBERS;
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_COMPATIBLE:
    case CUPTI_ERROR_INVALID_CHIP_NAME:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
        return PROFILER_UNSUPPORTED_CHIP;
    case CUPTI_ERROR_INVALID_METRIC_NAME:
        return PROFILER_BAD_METRIC;
    default:
        return PROFILER_ERROR;
    }
}

const char *cupti_result_name(const struct cupti_api *api, CUptiResult r)
{
    const char *s = NULL;
    if (api->result_string(r, &s) != CUPTI_SUCCESS || !s)
        return "an unknown CUPTI error";
    return s;
}

/* "device 0 (chip GH100)", "device 0", "chip GH100" or "the GPU" */
static void describe_device(const struct failure_site *site, char *buf, size_t len)
{
    if (site->device >= 0 && site->chip)
        snprintf(buf, len, "device %d (chip %s)", site->device, site->chip);
    else if (site->device >= 0)
        snprintf(buf, len, "device %d", site->device);
    else if (site->chip)
        snprintf(buf, len, "chip %s", site->chip);
    else
        snprintf(buf, len, "the GPU");
}

static const char *unsupported_reason(CUptiResult r)
{
    switch (r) {
    case CUPTI_ERROR_INVALID_CHIP_NAME:
        return "this CUPTI does not know the chip; use a CUDA toolkit whose CUPTI supports it";
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
        return "profiling is not supported on this vGPU; use a vGPU profile with profiling "
               "enabled or a physical GPU";
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
        return "confidential computing is on; turn it off to read counters";
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
        return "crypto-mining processors (CMP) cannot be profiled";
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
        return "the device is a MIG instance; profile on a GPU without MIG";
    case CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED:
        return "SLI is on; turn it off to read counters";
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
        return "WSL does not support profiling this GPU; run on native Linux";
    default:
        return "the Range Profiler needs a Turing-or-newer GPU CUPTI supports";
    }
}

enum profiler_status cupti_fail(const struct cupti_api *api, CUptiResult r,
                                const struct failure_site *site, char *err, size_t err_len)
{
    enum profiler_status st = cupti_status_of(r);
    const char *code = cupti_result_name(api, r);
    char dev[96];
    describe_device(site, dev, sizeof dev);
    switch (r) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
        snprintf(err, err_len,
                 "CUPTI: profiling needs admin rights (%s: %s); run as root or with "
                 "CAP_SYS_ADMIN, or load the driver with NVreg_RestrictProfilingToAdminUsers=0 "
                 "(https://developer.nvidia.com/ERR_NVGPUCTRPERM); " TIMING_GOES_ON,
                 site->call, code);
        break;
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
        snprintf(err, err_len,
                 "CUPTI: profiling is not enabled for this vGPU (%s: %s); enable it in the "
                 "vGPU's settings on the host; " TIMING_GOES_ON,
                 site->call, code);
        break;
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
    case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
        snprintf(err, err_len,
                 "CUPTI: another profiler is attached to this process (%s: %s), e.g. ncu or "
                 "nsys; run mmprof outside it, or pass --no-profile; " TIMING_GOES_ON,
                 site->call, code);
        break;
    case CUPTI_ERROR_HARDWARE_BUSY:
        snprintf(err, err_len,
                 "CUPTI: the performance counters of %s are in use by another process (%s: "
                 "%s), e.g. DCGM profiling or another ncu; pause it (dcgmi profile --pause) "
                 "and retry; " TIMING_GOES_ON,
                 dev, site->call, code);
        break;
    case CUPTI_ERROR_INVALID_METRIC_NAME:
        snprintf(err, err_len,
                 "CUPTI: a metric is not available on %s (%s: %s); `mmprof info --metrics "
                 "PATTERN` lists the chip's metrics",
                 dev, site->call, code);
        break;
    default:
        if (st == PROFILER_UNSUPPORTED_CHIP) {
            snprintf(err, err_len, "CUPTI: cannot profile %s (%s: %s): %s; " TIMING_GOES_ON,
                     dev, site->call, code, unsupported_reason(r));
        } else {
            const char *msg = NULL;
            if (api->error_message(r, &msg) != CUPTI_SUCCESS || !msg)
                msg = "no further detail";
            snprintf(err, err_len, "CUPTI: %s failed on %s: %s (%s)", site->call, dev, code,
                     msg);
        }
        break;
    }
    return st;
}
