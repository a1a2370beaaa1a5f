/* The profiler's boundary: every CUPTI call, and the few CUDA runtime and driver
 * calls it makes, go through this table of function pointers. The real table is
 * the default; tests install a fake that returns chosen error codes.
 *
 * Driver functions (cuCtxGetCurrent, cuDeviceGet) are reached through
 * cudaGetDriverEntryPointByVersion, never linked: a binary linked to libcuda.so.1
 * does not even load on a machine without the NVIDIA driver.
 *
 * Including this header needs collector/cupti/cinclude on the include path:
 * cupti_profiler_host.h includes the C++ header <string>, which that directory
 * provides as an empty file (nothing from it is used). */
#ifndef MMPROF_PROFILER_CUPTI_API_H
#define MMPROF_PROFILER_CUPTI_API_H

#include <cuda.h> /* types only (CUcontext, CUdevice, CUresult); libcuda is not linked */
#include <cuda_runtime_api.h>
#include <cupti_callbacks.h>
#include <cupti_pcsampling.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>

struct cupti_api {
    /* CUDA runtime */
    cudaError_t (*get_device_count)(int *count);
    cudaError_t (*set_device)(int device);
    cudaError_t (*device_free)(void *ptr); /* cudaFree(NULL) creates the primary context */
    const char *(*cuda_error_string)(cudaError_t e);
    /* CUDA driver, through cudaGetDriverEntryPointByVersion */
    CUresult (*ctx_get_current)(CUcontext *ctx);
    CUresult (*device_get)(CUdevice *dev, int ordinal);
    /* CUPTI: results */
    CUptiResult (CUPTIAPI *result_string)(CUptiResult r, const char **str);
    CUptiResult (CUPTIAPI *error_message)(CUptiResult r, const char **str);
    /* CUPTI: target (needs a device) */
    CUptiResult (CUPTIAPI *profiler_initialize)(CUpti_Profiler_Initialize_Params *p);
    CUptiResult (CUPTIAPI *profiler_deinitialize)(CUpti_Profiler_DeInitialize_Params *p);
    CUptiResult (CUPTIAPI *device_supported)(CUpti_Profiler_DeviceSupported_Params *p);
    CUptiResult (CUPTIAPI *device_get_chip_name)(CUpti_Device_GetChipName_Params *p);
    CUptiResult (CUPTIAPI *get_counter_availability)(CUpti_Profiler_GetCounterAvailability_Params *p);
    /* CUPTI: Profiler Host API (works offline, with a chip name) */
    CUptiResult (CUPTIAPI *host_initialize)(CUpti_Profiler_Host_Initialize_Params *p);
    CUptiResult (CUPTIAPI *host_deinitialize)(CUpti_Profiler_Host_Deinitialize_Params *p);
    CUptiResult (CUPTIAPI *host_get_supported_chips)(CUpti_Profiler_Host_GetSupportedChips_Params *p);
    CUptiResult (CUPTIAPI *host_get_base_metrics)(CUpti_Profiler_Host_GetBaseMetrics_Params *p);
    CUptiResult (CUPTIAPI *host_get_sub_metrics)(CUpti_Profiler_Host_GetSubMetrics_Params *p);
    CUptiResult (CUPTIAPI *host_get_metric_properties)(CUpti_Profiler_Host_GetMetricProperties_Params *p);
    CUptiResult (CUPTIAPI *host_config_add_metrics)(CUpti_Profiler_Host_ConfigAddMetrics_Params *p);
    CUptiResult (CUPTIAPI *host_get_config_image_size)(CUpti_Profiler_Host_GetConfigImageSize_Params *p);
    CUptiResult (CUPTIAPI *host_get_config_image)(CUpti_Profiler_Host_GetConfigImage_Params *p);
    CUptiResult (CUPTIAPI *host_get_num_of_passes)(CUpti_Profiler_Host_GetNumOfPasses_Params *p);
    CUptiResult (CUPTIAPI *host_evaluate_to_gpu_values)(CUpti_Profiler_Host_EvaluateToGpuValues_Params *p);
    /* CUPTI: Range Profiler (needs a device) */
    CUptiResult (CUPTIAPI *rp_enable)(CUpti_RangeProfiler_Enable_Params *p);
    CUptiResult (CUPTIAPI *rp_disable)(CUpti_RangeProfiler_Disable_Params *p);
    CUptiResult (CUPTIAPI *rp_get_counter_data_size)(CUpti_RangeProfiler_GetCounterDataSize_Params *p);
    CUptiResult (CUPTIAPI *rp_counter_data_image_initialize)(CUpti_RangeProfiler_CounterDataImage_Initialize_Params *p);
    CUptiResult (CUPTIAPI *rp_set_config)(CUpti_RangeProfiler_SetConfig_Params *p);
    CUptiResult (CUPTIAPI *rp_start)(CUpti_RangeProfiler_Start_Params *p);
    CUptiResult (CUPTIAPI *rp_stop)(CUpti_RangeProfiler_Stop_Params *p);
    CUptiResult (CUPTIAPI *rp_decode_data)(CUpti_RangeProfiler_DecodeData_Params *p);
    CUptiResult (CUPTIAPI *rp_get_counter_data_info)(CUpti_RangeProfiler_GetCounterDataInfo_Params *p);
    /* CUPTI: callbacks (the cubin of each module as it loads, for source lines) */
    CUptiResult (CUPTIAPI *subscribe)(CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb, void *user);
    CUptiResult (CUPTIAPI *unsubscribe)(CUpti_SubscriberHandle s);
    CUptiResult (CUPTIAPI *enable_callback)(uint32_t enable, CUpti_SubscriberHandle s, CUpti_CallbackDomain d,
                                            CUpti_CallbackId id);
    /* CUPTI: PC sampling (needs a device) and SASS-to-source correlation (offline) */
    CUptiResult (CUPTIAPI *pcs_enable)(CUpti_PCSamplingEnableParams *p);
    CUptiResult (CUPTIAPI *pcs_disable)(CUpti_PCSamplingDisableParams *p);
    CUptiResult (CUPTIAPI *pcs_get_num_stall_reasons)(CUpti_PCSamplingGetNumStallReasonsParams *p);
    CUptiResult (CUPTIAPI *pcs_get_stall_reasons)(CUpti_PCSamplingGetStallReasonsParams *p);
    CUptiResult (CUPTIAPI *pcs_set_config)(CUpti_PCSamplingConfigurationInfoParams *p);
    CUptiResult (CUPTIAPI *pcs_start)(CUpti_PCSamplingStartParams *p);
    CUptiResult (CUPTIAPI *pcs_stop)(CUpti_PCSamplingStopParams *p);
    CUptiResult (CUPTIAPI *pcs_get_data)(CUpti_PCSamplingGetDataParams *p);
    CUptiResult (CUPTIAPI *get_cubin_crc)(CUpti_GetCubinCrcParams *p);
    CUptiResult (CUPTIAPI *sass_to_source)(CUpti_GetSassToSourceCorrelationParams *p);
};

/* The real CUPTI / CUDA functions. */
extern const struct cupti_api cupti_api_real;

/* The table in use (the real one unless a test installed another). */
const struct cupti_api *cupti_api(void);
/* Installs api for all later profiler calls; NULL restores the real one. */
void cupti_api_install(const struct cupti_api *api);

#endif
