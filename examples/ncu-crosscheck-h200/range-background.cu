// Experiment (not part of the build): what DRAM and L2 traffic a profiled
// range holds when its kernel touches no memory at all, under CUPTI's user
// range (as collect measures) and under Nsight Compute. A spin kernel waits
// D ms on the global timer; before each range an L2 flush reads 2 x 64 MiB
// outside it, as collect's does.
//   range-background user [SYNC]   user range + user replay (collect's way)
//   range-background autorange     auto range + user replay: CUPTI makes every
//                                  launch a range (the flushes' ranges are dropped)
//   range-background plain         no CUPTI: run it under ncu -k regex:spin
// SYNC, how the host waits for the spin inside the range: auto (the default
// cudaDeviceScheduleAuto: spins here), blocking (cudaDeviceScheduleBlockingSync),
// yield (cudaDeviceScheduleYield), or after (no wait inside the range: PopRange
// right after the launch, then the wait). WAIT_MS=T: the host sleeps T ms
// after each flush, before the range.
// Build: nvcc -O2 -arch=sm_90 range-background.cu -lcupti -lcuda -o range-background
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CU(x)                                                                                      \
    do {                                                                                           \
        CUptiResult r_ = (x);                                                                      \
        if (r_ != CUPTI_SUCCESS) {                                                                 \
            const char *s_;                                                                        \
            cuptiGetResultString(r_, &s_);                                                         \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, s_);                          \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)
#define CK(x)                                                                                      \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

__device__ unsigned long long now_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void spin(unsigned long long ns)
{
    unsigned long long t0 = now_ns();
    while (now_ns() - t0 < ns)
        __nanosleep(2000);
}

__global__ void l2_flush(const float4 *buf, size_t n, float *sink)
{
    float4 acc = make_float4(0, 0, 0, 0);
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        float4 v = buf[i];
        acc.x += v.x;
        acc.y += v.y;
        acc.z += v.z;
        acc.w += v.w;
    }
    if (acc.x + acc.y + acc.z + acc.w == 12345.f)
        *sink = acc.x;
}

static const char *METRICS[] = {
    "gpu__time_duration.sum",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "lts__t_sectors_op_read.sum",
    "lts__t_sectors_op_write.sum",
    "lts__t_sectors_srcunit_tex_op_read.sum",
    "lts__t_sectors_srcunit_gcc_op_read.sum",
    "lts__d_sectors_fill_device.sum",
};
#define NM (sizeof METRICS / sizeof METRICS[0])
static const double SPIN_MS[] = {0.01, 1, 4, 16, 64};
#define ND (sizeof SPIN_MS / sizeof SPIN_MS[0])
#define REPS 3
#define NR (ND * REPS)

static float4 *flush_buf;
static size_t flush_n;
static float *sink;

static unsigned wait_us; /* WAIT_MS: the host sleeps this long after each flush */

static void flush(void)
{
    l2_flush<<<132 * 8, 256>>>(flush_buf, flush_n, sink);
    CK(cudaDeviceSynchronize());
    if (wait_us)
        usleep(wait_us);
}

static void spin_ms(double ms, int wait)
{
    spin<<<132, 32>>>((unsigned long long)(ms * 1e6));
    CK(cudaGetLastError());
    if (wait)
        CK(cudaDeviceSynchronize());
}

int main(int argc, char **argv)
{
    int autorange = argc > 1 && !strcmp(argv[1], "autorange");
    int user = autorange || (argc > 1 && !strcmp(argv[1], "user"));
    size_t nranges = autorange ? 2 * NR : NR; /* auto range: a flush range before each spin */
    const char *sync = argc > 2 ? argv[2] : "auto";
    int wait_in_range = strcmp(sync, "after") != 0;
    if (!strcmp(sync, "blocking"))
        CK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    else if (!strcmp(sync, "yield"))
        CK(cudaSetDeviceFlags(cudaDeviceScheduleYield));
    else if (strcmp(sync, "auto") != 0 && wait_in_range) {
        fprintf(stderr, "range-background: SYNC is auto, blocking, yield or after\n");
        return 2;
    }
    wait_us = getenv("WAIT_MS") ? (unsigned)(atof(getenv("WAIT_MS")) * 1000) : 0;
    CK(cudaSetDevice(0));
    CK(cudaFree(0));
    flush_n = (size_t)2 * 64 * 1024 * 1024 / 16 * 2;
    CK(cudaMalloc(&flush_buf, flush_n * 16));
    CK(cudaMemset(flush_buf, 0, flush_n * 16));
    CK(cudaMalloc(&sink, 4));
    if (!user) {
        for (size_t r = 0; r < NR; r++) {
            flush();
            spin_ms(SPIN_MS[r % ND], 1);
        }
        printf("ran %zu spins without CUPTI\n", NR);
        return 0;
    }
    CUcontext ctx;
    cuCtxGetCurrent(&ctx);
    CUpti_Profiler_Initialize_Params ip = {CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    CU(cuptiProfilerInitialize(&ip));
    CUpti_Device_GetChipName_Params cn = {CUpti_Device_GetChipName_Params_STRUCT_SIZE};
    CU(cuptiDeviceGetChipName(&cn));
    CUpti_Profiler_GetCounterAvailability_Params ca = {CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
    ca.ctx = ctx;
    CU(cuptiProfilerGetCounterAvailability(&ca));
    uint8_t *avail = (uint8_t *)malloc(ca.counterAvailabilityImageSize);
    ca.pCounterAvailabilityImage = avail;
    CU(cuptiProfilerGetCounterAvailability(&ca));
    CUpti_Profiler_Host_Initialize_Params hi = {CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
    hi.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    hi.pChipName = cn.pChipName;
    hi.pCounterAvailabilityImage = avail;
    CU(cuptiProfilerHostInitialize(&hi));
    CUpti_Profiler_Host_ConfigAddMetrics_Params am = {CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
    am.pHostObject = hi.pHostObject;
    am.ppMetricNames = METRICS;
    am.numMetrics = NM;
    CU(cuptiProfilerHostConfigAddMetrics(&am));
    CUpti_Profiler_Host_GetConfigImageSize_Params cs = {CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
    cs.pHostObject = hi.pHostObject;
    CU(cuptiProfilerHostGetConfigImageSize(&cs));
    uint8_t *cfg = (uint8_t *)malloc(cs.configImageSize);
    CUpti_Profiler_Host_GetConfigImage_Params gc = {CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
    gc.pHostObject = hi.pHostObject;
    gc.configImageSize = cs.configImageSize;
    gc.pConfigImage = cfg;
    CU(cuptiProfilerHostGetConfigImage(&gc));
    CUpti_RangeProfiler_Enable_Params en = {CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
    en.ctx = ctx;
    CU(cuptiRangeProfilerEnable(&en));
    CUpti_RangeProfiler_GetCounterDataSize_Params ds = {CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
    ds.pRangeProfilerObject = en.pRangeProfilerObject;
    ds.pMetricNames = METRICS;
    ds.numMetrics = NM;
    ds.maxNumOfRanges = nranges;
    ds.maxNumRangeTreeNodes = nranges;
    CU(cuptiRangeProfilerGetCounterDataSize(&ds));
    uint8_t *cd = (uint8_t *)malloc(ds.counterDataSize);
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params ci = {
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
    ci.pRangeProfilerObject = en.pRangeProfilerObject;
    ci.counterDataSize = ds.counterDataSize;
    ci.pCounterData = cd;
    CU(cuptiRangeProfilerCounterDataImageInitialize(&ci));
    CUpti_RangeProfiler_SetConfig_Params sc = {CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
    sc.pRangeProfilerObject = en.pRangeProfilerObject;
    sc.configSize = cs.configImageSize;
    sc.pConfig = cfg;
    sc.counterDataImageSize = ds.counterDataSize;
    sc.pCounterDataImage = cd;
    sc.range = autorange ? CUPTI_AutoRange : CUPTI_UserRange;
    sc.replayMode = CUPTI_UserReplay;
    sc.maxRangesPerPass = nranges;
    sc.numNestingLevels = 1;
    sc.minNestingLevel = 1;
    sc.targetNestingLevel = autorange ? 0 : 1;
    CU(cuptiRangeProfilerSetConfig(&sc));
    char names[NR][32];
    for (int pass = 1;; pass++) {
        CUpti_RangeProfiler_Start_Params st = {CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
        st.pRangeProfilerObject = en.pRangeProfilerObject;
        CU(cuptiRangeProfilerStart(&st));
        for (size_t r = 0; r < NR; r++) {
            flush();
            snprintf(names[r], sizeof names[r], "spin_%gms_%zu", SPIN_MS[r % ND], r / ND);
            if (autorange) {
                spin_ms(SPIN_MS[r % ND], 1);
                continue;
            }
            CUpti_RangeProfiler_PushRange_Params pr = {CUpti_RangeProfiler_PushRange_Params_STRUCT_SIZE};
            pr.pRangeProfilerObject = en.pRangeProfilerObject;
            pr.pRangeName = names[r];
            CU(cuptiRangeProfilerPushRange(&pr));
            spin_ms(SPIN_MS[r % ND], wait_in_range);
            CUpti_RangeProfiler_PopRange_Params pp = {CUpti_RangeProfiler_PopRange_Params_STRUCT_SIZE};
            pp.pRangeProfilerObject = en.pRangeProfilerObject;
            CU(cuptiRangeProfilerPopRange(&pp));
            CK(cudaDeviceSynchronize());
        }
        CUpti_RangeProfiler_Stop_Params sp = {CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
        sp.pRangeProfilerObject = en.pRangeProfilerObject;
        CU(cuptiRangeProfilerStop(&sp));
        if (sp.isAllPassSubmitted) {
            printf("passes %d, %s range, sync %s, wait %u us after each flush\n", pass,
                   autorange ? "auto" : "user", sync, wait_us);
            break;
        }
    }
    CUpti_RangeProfiler_DecodeData_Params dd = {CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    dd.pRangeProfilerObject = en.pRangeProfilerObject;
    CU(cuptiRangeProfilerDecodeData(&dd));
    printf("dropped ranges: %zu\n", dd.numOfRangeDropped);
    printf("%-16s", "range");
    for (size_t m = 0; m < NM; m++)
        printf(" %s", METRICS[m]);
    printf("\n");
    for (size_t r = 0; r < NR; r++) {
        double v[NM];
        CUpti_Profiler_Host_EvaluateToGpuValues_Params ev = {
            CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
        ev.pHostObject = hi.pHostObject;
        ev.pCounterDataImage = cd;
        ev.counterDataImageSize = ds.counterDataSize;
        ev.rangeIndex = autorange ? 2 * r + 1 : r;
        ev.ppMetricNames = METRICS;
        ev.numMetrics = NM;
        ev.pMetricValues = v;
        CU(cuptiProfilerHostEvaluateToGpuValues(&ev));
        CUpti_RangeProfiler_CounterData_GetRangeInfo_Params ri = {
            CUpti_RangeProfiler_CounterData_GetRangeInfo_Params_STRUCT_SIZE};
        ri.pCounterDataImage = cd;
        ri.counterDataImageSize = ds.counterDataSize;
        ri.rangeIndex = ev.rangeIndex;
        ri.rangeDelimiter = "/";
        CU(cuptiRangeProfilerCounterDataGetRangeInfo(&ri));
        printf("%-16s %s", names[r], ri.rangeName);
        for (size_t m = 0; m < NM; m++)
            printf(" %.0f", v[m]);
        printf("\n");
    }
    return 0;
}
