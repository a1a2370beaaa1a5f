/* See fake_cupti.h. */
#include "fake_cupti.h"
#include <math.h>

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fake_state fake;

/* The fake's config plans (plan_cache.h) go to a cache of this process, empty
 * at each reset: never the user's, and no test sees another's plans. */
static char cache_dir[512], cache_sub[600];

static void empty_cache_dir(void)
{
    DIR *d = opendir(cache_sub);
    for (struct dirent *e; d && (e = readdir(d));) {
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", cache_sub, e->d_name);
        if (e->d_name[0] != '.')
            unlink(path);
    }
    if (d)
        closedir(d);
}

static void remove_cache_dir(void)
{
    empty_cache_dir();
    rmdir(cache_sub);
    rmdir(cache_dir);
}

static void reset_cache_dir(void)
{
    if (!cache_dir[0]) {
        snprintf(cache_dir, sizeof cache_dir, "%s/fake-cache-%ld", MMPROF_BINARY_DIR, (long)getpid());
        snprintf(cache_sub, sizeof cache_sub, "%s/mmprof", cache_dir);
        setenv("XDG_CACHE_HOME", cache_dir, 1);
        atexit(remove_cache_dir);
    }
    empty_cache_dir();
}

void fake_reset(void)
{
    reset_cache_dir();
    memset(&fake, 0, sizeof fake);
    fake.device_count_error = cudaSuccess;
    fake.device_count = 1;
    fake.supported = CUPTI_PROFILER_CONFIGURATION_SUPPORTED;
    fake.architecture = CUPTI_PROFILER_CONFIGURATION_SUPPORTED;
    fake.vgpu = CUPTI_PROFILER_CONFIGURATION_SUPPORTED;
    fake.chip = "GH100";
    fake.passes = 3;
    fake.prepare_kernels = 2; /* any number of preparation ranges is dropped (collect's flush launches one) */
    fake.work_kernels = 1;
}

void fake_set_value(const char *name, double value)
{
    fake.values[fake.nvalues].name = name;
    fake.values[fake.nvalues].value = value;
    fake.nvalues++;
}

/* Counts a CUPTI call and decides whether it fails. */
static int failing(const char *call)
{
    fake.cupti_calls++;
    if (!fake.fail_call || strcmp(fake.fail_call, call) != 0)
        return 0;
    size_t n = fake.fail_seen++;
    if (n < fake.fail_after)
        return 0;
    return fake.fail_times == 0 || n - fake.fail_after < fake.fail_times;
}

#define FAKE_CUPTI(call)                                                                           \
    do {                                                                                           \
        if (failing(call))                                                                         \
            return fake.fail_code;                                                                 \
    } while (0)

/* A kernel launch under the Range Profiler in auto range mode: a range of
 * its own, named by its index, while a pass is started; CUPTI drops what
 * does not fit the pass (SetConfig's maxRangesPerPass). */
static void launch_kernels(int n)
{
    for (int i = 0; i < n; i++) {
        if (!fake.started) {
            fake.kernels_outside_pass++;
            continue;
        }
        if (fake.session_passes > 0)
            continue; /* a replay: the same ranges again */
        if (fake.session_ranges >= fake.max_ranges_per_pass || fake.session_ranges >= FAKE_MAX_RANGES)
            fake.session_dropped++;
        else
            fake.session_ranges++;
    }
}

int fake_prepare(void *ctx, int cold_l2)
{
    int fail_on = ctx ? *(int *)ctx : 0;
    fake.prepare_calls++;
    fake.cold_prepare_calls += cold_l2 != 0;
    if (fail_on > 0 && (size_t)fail_on == fake.prepare_calls)
        return -1;
    int kernels = cold_l2 ? fake.prepare_kernels : 0; /* the flush's */
    launch_kernels(kernels);
    return kernels;
}

int fake_work(void *ctx)
{
    int fail_on = ctx ? *(int *)ctx : 0;
    fake.work_calls++;
    /* fail_on -1: every call fails */
    if (fail_on < 0 || (fail_on > 0 && (size_t)fail_on == fake.work_calls))
        return -1;
    int n = fake.work_kernels_by_call && fake.work_calls == fake.work_kernels_call ? fake.work_kernels_by_call
                                                                                   : fake.work_kernels;
    launch_kernels(n);
    return n;
}

int fake_work_library(void *ctx)
{
    (void)ctx;
    fake.work_calls++;
    launch_kernels(fake.library_kernels);
    return 1;
}

/* --- CUDA runtime and driver --- */

static cudaError_t f_get_device_count(int *count)
{
    fake.cuda_calls++;
    *count = fake.device_count_error == cudaSuccess ? fake.device_count : 0;
    return fake.device_count_error;
}

static cudaError_t f_set_device(int device)
{
    fake.cuda_calls++;
    return device < fake.device_count ? cudaSuccess : cudaErrorInvalidDevice;
}

static cudaError_t f_device_free(void *ptr)
{
    fake.cuda_calls++;
    return cudaSuccess;
}

static const char *f_cuda_error_string(cudaError_t e)
{
    switch (e) {
    case cudaErrorInsufficientDriver:
        return "CUDA driver version is insufficient for CUDA runtime version";
    case cudaErrorNoDevice:
        return "no CUDA-capable device is detected";
    default:
        return "fake CUDA error";
    }
}

static CUresult f_ctx_get_current(CUcontext *ctx)
{
    fake.cuda_calls++;
    *ctx = (CUcontext)&fake; /* any non-NULL handle */
    return CUDA_SUCCESS;
}

static CUresult f_device_get(CUdevice *dev, int ordinal)
{
    fake.cuda_calls++;
    *dev = ordinal;
    return CUDA_SUCCESS;
}

/* --- CUPTI --- */

static CUptiResult f_result_string(CUptiResult r, const char **s)
{
    switch (r) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
        *s = "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES";
        break;
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
        *s = "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED";
        break;
    case CUPTI_ERROR_NOT_SUPPORTED:
        *s = "CUPTI_ERROR_NOT_SUPPORTED";
        break;
    case CUPTI_ERROR_INVALID_CHIP_NAME:
        *s = "CUPTI_ERROR_INVALID_CHIP_NAME";
        break;
    case CUPTI_ERROR_HARDWARE_BUSY:
        *s = "CUPTI_ERROR_HARDWARE_BUSY";
        break;
    case CUPTI_ERROR_INVALID_OPERATION:
        *s = "CUPTI_ERROR_INVALID_OPERATION";
        break;
    default:
        *s = "CUPTI_ERROR_UNKNOWN";
        break;
    }
    return CUPTI_SUCCESS;
}

static CUptiResult f_error_message(CUptiResult r, const char **s)
{
    *s = "fake detail";
    return CUPTI_SUCCESS;
}

static CUptiResult f_profiler_initialize(CUpti_Profiler_Initialize_Params *p)
{
    FAKE_CUPTI("profiler_initialize");
    fake.initialized++;
    return CUPTI_SUCCESS;
}

static CUptiResult f_profiler_deinitialize(CUpti_Profiler_DeInitialize_Params *p)
{
    FAKE_CUPTI("profiler_deinitialize");
    fake.initialized--;
    return CUPTI_SUCCESS;
}

static CUptiResult f_device_supported(CUpti_Profiler_DeviceSupported_Params *p)
{
    FAKE_CUPTI("device_supported");
    p->isSupported = fake.supported;
    p->architecture = fake.architecture;
    p->vGpu = fake.vgpu;
    p->sli = p->confidentialCompute = p->cmp = p->wsl = CUPTI_PROFILER_CONFIGURATION_SUPPORTED;
    return CUPTI_SUCCESS;
}

static CUptiResult f_device_get_chip_name(CUpti_Device_GetChipName_Params *p)
{
    FAKE_CUPTI("device_get_chip_name");
    p->pChipName = fake.chip;
    return CUPTI_SUCCESS;
}

static uint8_t availability_image[64];

static CUptiResult f_get_counter_availability(CUpti_Profiler_GetCounterAvailability_Params *p)
{
    FAKE_CUPTI("get_counter_availability");
    if (!p->pCounterAvailabilityImage)
        p->counterAvailabilityImageSize = sizeof availability_image;
    else
        memset(p->pCounterAvailabilityImage, 1, p->counterAvailabilityImageSize);
    return CUPTI_SUCCESS;
}

static int host_object;

static CUptiResult f_host_initialize(CUpti_Profiler_Host_Initialize_Params *p)
{
    FAKE_CUPTI("host_initialize");
    if (!p->pChipName)
        return CUPTI_ERROR_INVALID_PARAMETER;
    if (strcmp(p->pChipName, "GH100") != 0 && strcmp(p->pChipName, "GA100") != 0)
        return CUPTI_ERROR_INVALID_CHIP_NAME;
    fake.host_objects++;
    fake.host_inits++;
    p->pHostObject = (CUpti_Profiler_Host_Object *)&host_object;
    return CUPTI_SUCCESS;
}

static CUptiResult f_host_deinitialize(CUpti_Profiler_Host_Deinitialize_Params *p)
{
    FAKE_CUPTI("host_deinitialize");
    fake.host_objects--;
    return CUPTI_SUCCESS;
}

static const char *const chips[] = {"GA100", "GH100"};

static CUptiResult f_host_get_supported_chips(CUpti_Profiler_Host_GetSupportedChips_Params *p)
{
    FAKE_CUPTI("host_get_supported_chips");
    p->numChips = 2;
    p->ppChipNames = chips;
    return CUPTI_SUCCESS;
}

static const char *base_metrics[] = {"dram__bytes_read", "dram__bytes_write",
                                     "lts__t_sectors_op_read", "sm__warps_launched"};

static CUptiResult f_host_get_base_metrics(CUpti_Profiler_Host_GetBaseMetrics_Params *p)
{
    FAKE_CUPTI("host_get_base_metrics");
    p->ppMetricNames = base_metrics;
    p->numMetrics = p->metricType == CUPTI_METRIC_TYPE_COUNTER ? 4 : 0;
    return CUPTI_SUCCESS;
}

static const char *rollups[] = {".sum", ".avg", ".max", ".min", ".pct", ".ratio",
                                ".avg.pct_of_peak_sustained_active",
                                ".avg.pct_of_peak_sustained_elapsed", ".avg.per_cycle_active",
                                ".avg.per_second"};

static CUptiResult f_host_get_sub_metrics(CUpti_Profiler_Host_GetSubMetrics_Params *p)
{
    FAKE_CUPTI("host_get_sub_metrics");
    p->ppSubMetrics = rollups;
    p->numOfSubmetrics = sizeof rollups / sizeof rollups[0];
    return CUPTI_SUCCESS;
}

static int known_metric(const char *name)
{
    return !fake.bad_metric || strcmp(name, fake.bad_metric) != 0;
}

static CUptiResult f_host_get_metric_properties(CUpti_Profiler_Host_GetMetricProperties_Params *p)
{
    FAKE_CUPTI("host_get_metric_properties");
    /* a misspelt base is unknown; so is the bad name with any rollup */
    if (!known_metric(p->pMetricName) ||
        (fake.bad_metric && strncmp(p->pMetricName, fake.bad_metric, strlen(p->pMetricName)) == 0))
        return CUPTI_ERROR_INVALID_METRIC_NAME;
    p->pDescription = "fake description";
    p->pHwUnit = "fake";
    p->pDimUnit = "fake_unit";
    p->metricType = CUPTI_METRIC_TYPE_COUNTER;
    return CUPTI_SUCCESS;
}

static CUptiResult f_host_config_add_metrics(CUpti_Profiler_Host_ConfigAddMetrics_Params *p)
{
    FAKE_CUPTI("host_config_add_metrics");
    fake.add_metrics_calls++;
    fake.metrics_added += p->numMetrics;
    fake.last_added = p->numMetrics;
    return CUPTI_SUCCESS;
}

static CUptiResult f_host_get_config_image_size(CUpti_Profiler_Host_GetConfigImageSize_Params *p)
{
    FAKE_CUPTI("host_get_config_image_size");
    p->configImageSize = 128;
    return CUPTI_SUCCESS;
}

static CUptiResult f_host_get_config_image(CUpti_Profiler_Host_GetConfigImage_Params *p)
{
    FAKE_CUPTI("host_get_config_image");
    memset(p->pConfigImage, 7, p->configImageSize);
    /* the image remembers its passes, as a real one does */
    if (fake.metrics_per_pass)
        p->pConfigImage[0] =
            (uint8_t)((fake.last_added + fake.metrics_per_pass - 1) / fake.metrics_per_pass);
    return CUPTI_SUCCESS;
}

static CUptiResult f_host_get_num_of_passes(CUpti_Profiler_Host_GetNumOfPasses_Params *p)
{
    FAKE_CUPTI("host_get_num_of_passes");
    p->numOfPasses = fake.metrics_per_pass ? p->pConfigImage[0] : fake.passes;
    return CUPTI_SUCCESS;
}

static CUptiResult f_host_evaluate_to_gpu_values(CUpti_Profiler_Host_EvaluateToGpuValues_Params *p)
{
    FAKE_CUPTI("host_evaluate_to_gpu_values");
    for (size_t i = 0; i < p->numMetrics; i++)
        if (fake.eval_fail_metric && strcmp(p->ppMetricNames[i], fake.eval_fail_metric) == 0)
            return CUPTI_ERROR_INVALID_METRIC_NAME;
    for (size_t i = 0; i < p->numMetrics; i++) {
        p->pMetricValues[i] = 0.0;
        for (size_t k = 0; k < fake.nvalues; k++)
            if (strcmp(fake.values[k].name, p->ppMetricNames[i]) == 0)
                p->pMetricValues[i] = fake.values[k].value + fake.per_range_step * (double)p->rangeIndex;
        if (fake.eval_nan)
            p->pMetricValues[i] = NAN;
    }
    return CUPTI_SUCCESS;
}

static int range_profiler_object;

static CUptiResult f_rp_enable(CUpti_RangeProfiler_Enable_Params *p)
{
    FAKE_CUPTI("rp_enable");
    fake.enables++;
    fake.enabled++;
    p->pRangeProfilerObject = (CUpti_RangeProfiler_Object *)&range_profiler_object;
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_disable(CUpti_RangeProfiler_Disable_Params *p)
{
    FAKE_CUPTI("rp_disable");
    fake.disables++;
    fake.enabled--;
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_get_counter_data_size(CUpti_RangeProfiler_GetCounterDataSize_Params *p)
{
    FAKE_CUPTI("rp_get_counter_data_size");
    p->counterDataSize = 256 + 16 * p->numMetrics;
    fake.counter_data_sized = p->counterDataSize;
    return CUPTI_SUCCESS;
}

static CUptiResult
f_rp_counter_data_image_initialize(CUpti_RangeProfiler_CounterDataImage_Initialize_Params *p)
{
    FAKE_CUPTI("rp_counter_data_image_initialize");
    /* as CUPTI does: the image is laid out for the object's last sized metric list */
    if (p->counterDataSize != fake.counter_data_sized)
        return CUPTI_ERROR_UNKNOWN;
    fake.counter_data_inits++;
    memset(p->pCounterData, 0, p->counterDataSize);
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_set_config(CUpti_RangeProfiler_SetConfig_Params *p)
{
    FAKE_CUPTI("rp_set_config");
    fake.set_configs++;
    fake.session_passes = 0;
    fake.session_ranges = 0;
    fake.session_dropped = 0;
    fake.max_ranges_per_pass = p->maxRangesPerPass;
    fake.range_mode = (int)p->range;
    fake.target_nesting = (int)p->targetNestingLevel;
    fake.config_passes = fake.metrics_per_pass ? p->pConfig[0] : fake.passes;
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_start(CUpti_RangeProfiler_Start_Params *p)
{
    FAKE_CUPTI("rp_start");
    fake.starts++;
    fake.started = 1;
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_stop(CUpti_RangeProfiler_Stop_Params *p)
{
    FAKE_CUPTI("rp_stop");
    fake.stops++;
    fake.started = 0;
    fake.session_passes++;
    size_t need = fake.passes_reported ? fake.passes_reported : fake.config_passes;
    p->isAllPassSubmitted = fake.session_passes >= need;
    p->passIndex = fake.session_passes;
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_decode_data(CUpti_RangeProfiler_DecodeData_Params *p)
{
    FAKE_CUPTI("rp_decode_data");
    p->numOfRangeDropped = fake.dropped + fake.session_dropped;
    return CUPTI_SUCCESS;
}

static CUptiResult f_rp_get_counter_data_info(CUpti_RangeProfiler_GetCounterDataInfo_Params *p)
{
    FAKE_CUPTI("rp_get_counter_data_info");
    p->numTotalRanges = fake.session_ranges;
    return CUPTI_SUCCESS;
}


const struct cupti_api fake_api = {
    .get_device_count = f_get_device_count,
    .set_device = f_set_device,
    .device_free = f_device_free,
    .cuda_error_string = f_cuda_error_string,
    .ctx_get_current = f_ctx_get_current,
    .device_get = f_device_get,
    .result_string = f_result_string,
    .error_message = f_error_message,
    .profiler_initialize = f_profiler_initialize,
    .profiler_deinitialize = f_profiler_deinitialize,
    .device_supported = f_device_supported,
    .device_get_chip_name = f_device_get_chip_name,
    .get_counter_availability = f_get_counter_availability,
    .host_initialize = f_host_initialize,
    .host_deinitialize = f_host_deinitialize,
    .host_get_supported_chips = f_host_get_supported_chips,
    .host_get_base_metrics = f_host_get_base_metrics,
    .host_get_sub_metrics = f_host_get_sub_metrics,
    .host_get_metric_properties = f_host_get_metric_properties,
    .host_config_add_metrics = f_host_config_add_metrics,
    .host_get_config_image_size = f_host_get_config_image_size,
    .host_get_config_image = f_host_get_config_image,
    .host_get_num_of_passes = f_host_get_num_of_passes,
    .host_evaluate_to_gpu_values = f_host_evaluate_to_gpu_values,
    .rp_enable = f_rp_enable,
    .rp_disable = f_rp_disable,
    .rp_get_counter_data_size = f_rp_get_counter_data_size,
    .rp_counter_data_image_initialize = f_rp_counter_data_image_initialize,
    .rp_set_config = f_rp_set_config,
    .rp_start = f_rp_start,
    .rp_stop = f_rp_stop,
    .rp_decode_data = f_rp_decode_data,
    .rp_get_counter_data_info = f_rp_get_counter_data_info,
};
