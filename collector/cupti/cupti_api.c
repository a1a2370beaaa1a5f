/* The real boundary table. */
#include "collector/cupti/cupti_api.h"

#include <stddef.h>

#include "collector/cupti/driver_entry.h"

/* The ABI of cuCtxGetCurrent (v4000) and cuDeviceGet (v2000) has not changed
 * since; asking for the CUDA 12.0 version returns them on every driver that can
 * run this CUDA 13 runtime. */
#define DRIVER_ABI_VERSION 12000

typedef CUresult (*ctx_get_current_fn)(CUcontext *);
typedef CUresult (*device_get_fn)(CUdevice *, int);

static CUresult real_ctx_get_current(CUcontext *ctx)
{
    static ctx_get_current_fn fn;
    if (!fn)
        fn = (ctx_get_current_fn)driver_entry("cuCtxGetCurrent", DRIVER_ABI_VERSION);
    return fn ? fn(ctx) : CUDA_ERROR_NOT_FOUND;
}

static CUresult real_device_get(CUdevice *dev, int ordinal)
{
    static device_get_fn fn;
    if (!fn)
        fn = (device_get_fn)driver_entry("cuDeviceGet", DRIVER_ABI_VERSION);
    return fn ? fn(dev, ordinal) : CUDA_ERROR_NOT_FOUND;
}

const struct cupti_api cupti_api_real = {
    .get_device_count = cudaGetDeviceCount,
    .set_device = cudaSetDevice,
    .device_free = cudaFree,
    .cuda_error_string = cudaGetErrorString,
    .ctx_get_current = real_ctx_get_current,
    .device_get = real_device_get,
    .result_string = cuptiGetResultString,
    .error_message = cuptiGetErrorMessage,
    .profiler_initialize = cuptiProfilerInitialize,
    .profiler_deinitialize = cuptiProfilerDeInitialize,
    .device_supported = cuptiProfilerDeviceSupported,
    .device_get_chip_name = cuptiDeviceGetChipName,
    .get_counter_availability = cuptiProfilerGetCounterAvailability,
    .host_initialize = cuptiProfilerHostInitialize,
    .host_deinitialize = cuptiProfilerHostDeinitialize,
    .host_get_supported_chips = cuptiProfilerHostGetSupportedChips,
    .host_get_base_metrics = cuptiProfilerHostGetBaseMetrics,
    .host_get_sub_metrics = cuptiProfilerHostGetSubMetrics,
    .host_get_metric_properties = cuptiProfilerHostGetMetricProperties,
    .host_config_add_metrics = cuptiProfilerHostConfigAddMetrics,
    .host_get_config_image_size = cuptiProfilerHostGetConfigImageSize,
    .host_get_config_image = cuptiProfilerHostGetConfigImage,
    .host_get_num_of_passes = cuptiProfilerHostGetNumOfPasses,
    .host_evaluate_to_gpu_values = cuptiProfilerHostEvaluateToGpuValues,
    .rp_enable = cuptiRangeProfilerEnable,
    .rp_disable = cuptiRangeProfilerDisable,
    .rp_get_counter_data_size = cuptiRangeProfilerGetCounterDataSize,
    .rp_counter_data_image_initialize = cuptiRangeProfilerCounterDataImageInitialize,
    .rp_set_config = cuptiRangeProfilerSetConfig,
    .rp_start = cuptiRangeProfilerStart,
    .rp_stop = cuptiRangeProfilerStop,
    .rp_decode_data = cuptiRangeProfilerDecodeData,
    .rp_get_counter_data_info = cuptiRangeProfilerGetCounterDataInfo,
    .subscribe = cuptiSubscribe,
    .unsubscribe = cuptiUnsubscribe,
    .enable_callback = cuptiEnableCallback,
    .pcs_enable = cuptiPCSamplingEnable,
    .pcs_disable = cuptiPCSamplingDisable,
    .pcs_get_num_stall_reasons = cuptiPCSamplingGetNumStallReasons,
    .pcs_get_stall_reasons = cuptiPCSamplingGetStallReasons,
    .pcs_set_config = cuptiPCSamplingSetConfigurationAttribute,
    .pcs_start = cuptiPCSamplingStart,
    .pcs_stop = cuptiPCSamplingStop,
    .pcs_get_data = cuptiPCSamplingGetData,
    .get_cubin_crc = cuptiGetCubinCrc,
    .sass_to_source = cuptiGetSassToSourceCorrelation,
};

static const struct cupti_api *installed = &cupti_api_real;

const struct cupti_api *cupti_api(void)
{
    return installed;
}

void cupti_api_install(const struct cupti_api *api)
{
    installed = api ? api : &cupti_api_real;
}
