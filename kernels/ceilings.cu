/* Empirical ceilings (ceilings.h): one micro-kernel per ceiling, timed with
 * CUDA events, best of CEILINGS_REPS after an untimed warm-up, as ERT keeps
 * its best. Every kernel uses CEIL_THREADS-thread blocks and a grid of
 * SMs x resident blocks per SM (one full wave), so every SM works for the
 * whole launch and none waits for a tail.
 *
 * The kernels that only read keep their sum alive with a store that never
 * happens (the sum never equals SINK_SENTINEL for the data written here), so
 * the compiler cannot drop the loads and the kernel writes nothing. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

#include "kernels/ceilings.h"

#define CEIL_THREADS 256
/* 16-byte loads in flight per thread before the first is used: with 2048
 * threads per SM that is 128 KiB in flight per SM, well above what Hopper's
 * HBM needs (bandwidth x latency / SMs, about 40 KiB). */
#define DRAM_UNROLL 4
#define SMEM_F4 1024 /* float4 per block's shared array: 16 KiB */
#define SMEM_UNROLL 8
#define FMA_CHAINS 16 /* independent accumulators: covers FFMA latency 16 times over */
#define FMA_UNROLL 16 /* 256 FFMA per loop trip, so loop overhead is < 1 % of issue */
#define SINK_SENTINEL 12345.0f

#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

/* Per-rep run time each calibrated ceiling aims at: long enough that launch
 * overhead (a few us) and the globaltimer granularity stay < 0.1 %, short
 * enough that the whole measurement stays well under a second on an H100. */
#define L2_TARGET_MS 2.0
#define SMEM_TARGET_MS 2.0
#define FP32_TARGET_MS 4.0
#define MAX_WORK (1 << 24)

static __device__ __forceinline__ void add4(float4 &acc, float4 v)
{
    acc.x += v.x;
    acc.y += v.y;
    acc.z += v.z;
    acc.w += v.w;
}

static __device__ __forceinline__ float sum4(float4 v)
{
    return v.x + v.y + v.z + v.w;
}

/* Adds every float4 of one grid-stride pass over buf[0, n4) to acc, issuing
 * DRAM_UNROLL independent loads before using any: bytes in flight are what
 * hide DRAM and L2 latency. L2_ONLY loads with ld.global.cg (cached in L2,
 * not L1), so repeated passes measure L2 and not each SM's L1. */
template <bool L2_ONLY>
static __device__ __forceinline__ void sum_pass(const float4 *__restrict__ buf, size_t n4, float4 &acc)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + (DRAM_UNROLL - 1) * stride < n4; i += DRAM_UNROLL * stride) {
        float4 v[DRAM_UNROLL];
#pragma unroll
        for (int k = 0; k < DRAM_UNROLL; k++)
            v[k] = L2_ONLY ? __ldcg(buf + i + k * stride) : buf[i + k * stride];
#pragma unroll
        for (int k = 0; k < DRAM_UNROLL; k++)
            add4(acc, v[k]);
    }
    for (; i < n4; i += stride)
        add4(acc, L2_ONLY ? __ldcg(buf + i) : buf[i]);
}

/* dst = src; counted as 2 x 16 bytes per element (read + write). */
static __global__ void dram_copy_kernel(const float4 *__restrict__ src, float4 *__restrict__ dst, size_t n4)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + (DRAM_UNROLL - 1) * stride < n4; i += DRAM_UNROLL * stride) {
        float4 v[DRAM_UNROLL];
#pragma unroll
        for (int k = 0; k < DRAM_UNROLL; k++)
            v[k] = src[i + k * stride];
#pragma unroll
        for (int k = 0; k < DRAM_UNROLL; k++)
            dst[i + k * stride] = v[k];
    }
    for (; i < n4; i += stride)
        dst[i] = src[i];
}

static __global__ void dram_read_kernel(const float4 *__restrict__ src, size_t n4, float *sink)
{
    float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    sum_pass<false>(src, n4, acc);
    if (sum4(acc) == SINK_SENTINEL)
        *sink = acc.x;
}

/* Stores only; the value comes from the host so no store can be elided. */
static __global__ void dram_write_kernel(float4 *__restrict__ dst, size_t n4, float value)
{
    float4 v = make_float4(value, value + 1.0f, value + 2.0f, value + 3.0f);
    size_t stride = (size_t)gridDim.x * blockDim.x;
#pragma unroll 4
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride)
        dst[i] = v;
}

/* passes reads of a working set that fits in L2 several times over. */
static __global__ void l2_read_kernel(const float4 *__restrict__ buf, size_t n4, int passes, float *sink)
{
    float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    for (int p = 0; p < passes; p++)
        sum_pass<true>(buf, n4, acc);
    if (sum4(acc) == SINK_SENTINEL)
        *sink = acc.x;
}

/* Each block reads its own shared array with 16-byte loads. step is a
 * multiple of 32 (the block size), so a warp always reads 32 consecutive,
 * 512-byte-aligned float4: four 128-byte wavefronts, no bank conflict.
 * step comes from the host so the compiler cannot see the index period and
 * fold repeated loads of the same address. */
static __global__ void smem_read_kernel(int iters, unsigned step, float *sink)
{
    __shared__ float4 tile[SMEM_F4];
    for (unsigned i = threadIdx.x; i < SMEM_F4; i += blockDim.x)
        tile[i] = make_float4((float)i, 1.0f, 2.0f, 3.0f);
    __syncthreads();
    /* two accumulators so FADD latency never limits the load rate */
    float4 acc0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 acc1 = acc0;
    unsigned idx = threadIdx.x;
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int k = 0; k < SMEM_UNROLL; k += 2) {
            float4 v0 = tile[idx];
            idx = (idx + step) & (SMEM_F4 - 1);
            float4 v1 = tile[idx];
            idx = (idx + step) & (SMEM_F4 - 1);
            add4(acc0, v0);
            add4(acc1, v1);
        }
    }
    if (sum4(acc0) + sum4(acc1) == SINK_SENTINEL)
        *sink = acc0.x;
}

static __device__ __forceinline__ unsigned long long globaltimer_ns(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

/* FMA_CHAINS independent chains x = x * a + b per thread. With a < 1 and
 * b = 1 - a every chain converges to 1, so no value overflows or goes
 * subnormal. Block 0's thread 0 reports SM cycles (clock64) and nanoseconds
 * (%globaltimer) across the loop: their ratio is the SM clock during the
 * run, which is what the FP32 peak must be scaled to. */
static __global__ void fp32_ffma_kernel(int iters, float a, float b, float *sink,
                                        unsigned long long *clock_out)
{
    float x[FMA_CHAINS];
#pragma unroll
    for (int k = 0; k < FMA_CHAINS; k++)
        x[k] = (float)(threadIdx.x & 7) + (float)k * 0.125f;
    long long c0 = clock64();
    unsigned long long t0 = globaltimer_ns();
    for (int it = 0; it < iters; it++) {
#pragma unroll
        for (int u = 0; u < FMA_UNROLL; u++) {
#pragma unroll
            for (int k = 0; k < FMA_CHAINS; k++)
                x[k] = fmaf(x[k], a, b);
        }
    }
    long long c1 = clock64();
    unsigned long long t1 = globaltimer_ns();
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < FMA_CHAINS; k++)
        s += x[k];
    if (s == SINK_SENTINEL)
        *sink = s;
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        clock_out[0] = (unsigned long long)(c1 - c0);
        clock_out[1] = t1 - t0;
    }
}

enum bench_kind { B_COPY, B_READ, B_WRITE, B_L2, B_SMEM, B_FP32 };

/* One micro-benchmark launch: which kernel, its grid and its arguments. */
struct bench {
    enum bench_kind kind;
    unsigned blocks;
    float4 *a, *b;
    size_t n4;
    int work; /* L2 passes, shared-memory or FFMA loop trips */
    float *sink;
    unsigned long long *clock_out;
};

static cudaError_t bench_launch(const struct bench *b)
{
    switch (b->kind) {
    case B_COPY:
        dram_copy_kernel<<<b->blocks, CEIL_THREADS>>>(b->a, b->b, b->n4);
        break;
    case B_READ:
        dram_read_kernel<<<b->blocks, CEIL_THREADS>>>(b->a, b->n4, b->sink);
        break;
    case B_WRITE:
        dram_write_kernel<<<b->blocks, CEIL_THREADS>>>(b->b, b->n4, 1.5f);
        break;
    case B_L2:
        l2_read_kernel<<<b->blocks, CEIL_THREADS>>>(b->a, b->n4, b->work, b->sink);
        break;
    case B_SMEM:
        smem_read_kernel<<<b->blocks, CEIL_THREADS>>>(b->work, CEIL_THREADS, b->sink);
        break;
    case B_FP32:
        fp32_ffma_kernel<<<b->blocks, CEIL_THREADS>>>(b->work, 0.75f, 0.25f, b->sink, b->clock_out);
        break;
    }
    return cudaGetLastError();
}

/* Run time of one launch in ms, from events around it on the default stream. */
static cudaError_t bench_time(const struct bench *b, cudaEvent_t e0, cudaEvent_t e1, float *ms)
{
    cudaError_t err = cudaEventRecord(e0, 0);
    if (err == cudaSuccess)
        err = bench_launch(b);
    if (err == cudaSuccess)
        err = cudaEventRecord(e1, 0);
    if (err == cudaSuccess)
        err = cudaEventSynchronize(e1);
    if (err == cudaSuccess)
        err = cudaEventElapsedTime(ms, e0, e1);
    return err;
}

/* One untimed warm-up launch (module load, clocks up), then CEILINGS_REPS
 * timed ones; the shortest is kept. For B_FP32, clock_host receives block
 * 0's cycles and nanoseconds of that shortest repetition. */
static cudaError_t bench_best(const struct bench *b, cudaEvent_t e0, cudaEvent_t e1, float *best_ms,
                              unsigned long long clock_host[2])
{
    float ms;
    cudaError_t err = bench_time(b, e0, e1, &ms);
    *best_ms = -1.0f;
    for (int r = 0; r < CEILINGS_REPS && err == cudaSuccess; r++) {
        err = bench_time(b, e0, e1, &ms);
        if (err != cudaSuccess)
            break;
        if (*best_ms < 0.0f || ms < *best_ms) {
            *best_ms = ms;
            if (b->kind == B_FP32)
                err = cudaMemcpy(clock_host, b->clock_out, 2 * sizeof(unsigned long long),
                                 cudaMemcpyDeviceToHost);
        }
    }
    if (err == cudaSuccess && !(*best_ms > 0.0f))
        err = cudaErrorUnknown; /* an event pair that measured nothing */
    return err;
}

/* Sizes the work of a calibrated ceiling: an untimed launch (module load),
 * a timed one at base_work, then base_work scaled to target_ms, clamped to
 * [base_work, MAX_WORK] so a slow GPU does not run away with the time. */
static cudaError_t bench_calibrate(struct bench *b, int base_work, double target_ms, cudaEvent_t e0,
                                   cudaEvent_t e1)
{
    float ms;
    b->work = base_work;
    cudaError_t err = bench_launch(b);
    if (err == cudaSuccess)
        err = cudaDeviceSynchronize();
    if (err == cudaSuccess)
        err = bench_time(b, e0, e1, &ms);
    if (err != cudaSuccess)
        return err;
    double work = ms > 0.0f ? base_work * target_ms / ms : (double)MAX_WORK;
    if (work < base_work)
        work = base_work;
    if (work > MAX_WORK)
        work = MAX_WORK;
    b->work = (int)work;
    return cudaSuccess;
}

/* Resident blocks of CEIL_THREADS per SM for a kernel, at least 1. */
static cudaError_t blocks_per_sm(const void *kernel, int *n)
{
    cudaError_t err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, kernel, CEIL_THREADS, 0);
    if (err == cudaSuccess && *n < 1)
        err = cudaErrorInvalidConfiguration;
    return err;
}

/* The better of a full wave and half a wave for a DRAM kernel (which one
 * saturates HBM best differs between GPUs); bytes are counted per launch. */
static cudaError_t dram_best(struct bench *b, const void *kernel, int sm_count, double bytes, cudaEvent_t e0,
                             cudaEvent_t e1, double *gbs, int *grid_blocks)
{
    int per_sm;
    cudaError_t err = blocks_per_sm(kernel, &per_sm);
    if (err != cudaSuccess)
        return err;
    int configs[2] = {per_sm, per_sm > 1 ? per_sm / 2 : 1};
    *gbs = 0.0;
    for (int i = 0; i < 2; i++) {
        float ms;
        b->blocks = (unsigned)(sm_count * configs[i]);
        err = bench_best(b, e0, e1, &ms, NULL);
        if (err != cudaSuccess)
            return err;
        double v = bytes / (ms * 1e-3) / 1e9;
        if (v > *gbs) {
            *gbs = v;
            *grid_blocks = (int)b->blocks;
        }
        if (configs[1] == configs[0])
            break;
    }
    return cudaSuccess;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Keeps the first error of a sequence (cleanup after a failure). */
static void keep_first(struct ceilings *c, cudaError_t *err, cudaError_t e, const char *what)
{
    if (*err == cudaSuccess && e != cudaSuccess) {
        *err = e;
        c->failed_step = what;
    }
}

#define STEP(call, what)                     \
    do {                                     \
        err = (call);                        \
        if (err != cudaSuccess) {            \
            c->failed_step = (what);         \
            goto done;                       \
        }                                    \
    } while (0)

extern "C" int ceilings_measure(struct ceilings *c, size_t l2_bytes, int sm_count, size_t free_bytes)
{
    /* everything the cleanup touches is declared before the first goto */
    cudaError_t err = cudaSuccess;
    float4 *buf_a = NULL, *buf_b = NULL;
    float *scratch = NULL;
    cudaEvent_t e0 = NULL, e1 = NULL;
    double t_start = now_ms();
    size_t buf_bytes, ws_bytes, n4;
    struct bench b;
    unsigned long long clock_host[2] = {0, 0};
    float ms;
    int per_sm;
    double l2_multiple;

    memset(c, 0, sizeof *c);
    memset(&b, 0, sizeof b);
    c->block_threads = CEIL_THREADS;
    c->reps = CEILINGS_REPS;
    if (sm_count < 1 || l2_bytes < MIB) {
        c->failed_step = "arguments: need sm_count >= 1 and l2_bytes >= 1 MiB";
        return (int)cudaErrorInvalidValue;
    }

    /* Each DRAM buffer >= 8 x L2 (and 1 GiB) so almost nothing of a pass is
     * still in L2 when the next starts; at most a quarter of free memory. */
    buf_bytes = GIB > 8 * l2_bytes ? GIB : 8 * l2_bytes;
    if (buf_bytes > free_bytes / 4)
        buf_bytes = free_bytes / 4;
    buf_bytes -= buf_bytes % MIB;
    if (buf_bytes < 2 * l2_bytes) {
        c->failed_step = "DRAM buffers: free memory gives less than 2 x L2 per buffer";
        return (int)cudaErrorMemoryAllocation;
    }
    c->dram_buffer_bytes = buf_bytes;
    n4 = buf_bytes / sizeof(float4);
    l2_multiple = (double)buf_bytes / (double)l2_bytes;

    STEP(cudaEventCreate(&e0), "cudaEventCreate");
    STEP(cudaEventCreate(&e1), "cudaEventCreate");
    STEP(cudaMalloc((void **)&buf_a, buf_bytes), "cudaMalloc DRAM buffer A");
    STEP(cudaMalloc((void **)&buf_b, buf_bytes), "cudaMalloc DRAM buffer B");
    /* [0] sink float, [8..23] block 0's cycles and nanoseconds */
    STEP(cudaMalloc((void **)&scratch, 64), "cudaMalloc scratch");
    b.sink = scratch;
    b.clock_out = (unsigned long long *)(scratch + 2);

    /* Real data in the source (never zeros: nothing can take a shortcut). */
    STEP(blocks_per_sm((const void *)dram_write_kernel, &per_sm), "occupancy of the write kernel");
    b.kind = B_WRITE;
    b.blocks = (unsigned)(sm_count * per_sm);
    b.b = buf_a;
    b.n4 = n4;
    STEP(bench_launch(&b), "initialise DRAM buffer A");
    STEP(cudaDeviceSynchronize(), "initialise DRAM buffer A");

    b.a = buf_a;
    b.b = buf_b;
    b.kind = B_COPY;
    STEP(dram_best(&b, (const void *)dram_copy_kernel, sm_count, 2.0 * (double)buf_bytes, e0, e1,
                   &c->dram_copy_gbs, &c->grid_blocks_dram_copy),
         "DRAM copy");
    b.kind = B_READ;
    STEP(dram_best(&b, (const void *)dram_read_kernel, sm_count, (double)buf_bytes, e0, e1,
                   &c->dram_read_gbs, &c->grid_blocks_dram_read),
         "DRAM read");
    b.kind = B_WRITE;
    STEP(dram_best(&b, (const void *)dram_write_kernel, sm_count, (double)buf_bytes, e0, e1,
                   &c->dram_write_gbs, &c->grid_blocks_dram_write),
         "DRAM write");

    /* L2: a quarter of L2, so it stays resident even where L2 is split in two
     * partitions that may each hold a copy (A100, H100). */
    ws_bytes = l2_bytes / 4;
    ws_bytes -= ws_bytes % (sizeof(float4) * CEIL_THREADS);
    c->l2_working_set_bytes = ws_bytes;
    STEP(blocks_per_sm((const void *)l2_read_kernel, &per_sm), "occupancy of the L2 kernel");
    b.kind = B_L2;
    b.blocks = (unsigned)(sm_count * per_sm);
    b.a = buf_a;
    b.n4 = ws_bytes / sizeof(float4);
    /* base: about 512 MiB of loads, then scaled to L2_TARGET_MS */
    STEP(bench_calibrate(&b, (int)(512 * MIB / ws_bytes) + 1, L2_TARGET_MS, e0, e1), "L2 calibration");
    STEP(bench_best(&b, e0, e1, &ms, NULL), "L2 read");
    c->l2_read_gbs = (double)ws_bytes * b.work / (ms * 1e-3) / 1e9;
    snprintf(c->method[CEIL_L2_READ], CEILINGS_METHOD_LEN,
             "%d reads per launch of a %.1f MiB working set (L2/4) with 16-byte ld.global.cg loads "
             "(L1 bypassed), %u blocks x %d threads; bytes loaded / time; best of %d after warm-up; "
             "NVIDIA publishes no L2 bandwidth to compare with",
             b.work, ws_bytes / (double)MIB, b.blocks, CEIL_THREADS, CEILINGS_REPS);

    /* all the shared memory the SM has, so every block of the wave is resident */
    STEP(cudaFuncSetAttribute((const void *)smem_read_kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                              (int)cudaSharedmemCarveoutMaxShared),
         "shared-memory carveout");
    STEP(blocks_per_sm((const void *)smem_read_kernel, &per_sm), "occupancy of the shared-memory kernel");
    b.kind = B_SMEM;
    b.blocks = (unsigned)(sm_count * per_sm);
    STEP(bench_calibrate(&b, 64, SMEM_TARGET_MS, e0, e1), "shared-memory calibration");
    STEP(bench_best(&b, e0, e1, &ms, NULL), "shared-memory read");
    c->smem_gbs = (double)b.blocks * CEIL_THREADS * b.work * SMEM_UNROLL * sizeof(float4) / (ms * 1e-3) / 1e9;
    snprintf(c->method[CEIL_SMEM], CEILINGS_METHOD_LEN,
             "%u blocks x %d threads (%d per SM) each read their own %zu KiB shared array with "
             "conflict-free 16-byte loads, %d per thread; bytes loaded / time; best of %d after warm-up",
             b.blocks, CEIL_THREADS, per_sm, SMEM_F4 * sizeof(float4) / 1024, b.work * SMEM_UNROLL,
             CEILINGS_REPS);

    STEP(blocks_per_sm((const void *)fp32_ffma_kernel, &per_sm), "occupancy of the FFMA kernel");
    b.kind = B_FP32;
    b.blocks = (unsigned)(sm_count * per_sm);
    STEP(bench_calibrate(&b, 64, FP32_TARGET_MS, e0, e1), "FP32 calibration");
    STEP(bench_best(&b, e0, e1, &ms, clock_host), "FP32 FFMA");
    c->fp32_gflops = 2.0 * (double)b.blocks * CEIL_THREADS * b.work * FMA_UNROLL * FMA_CHAINS / (ms * 1e-3) / 1e9;
    /* cycles per nanosecond x 1000 = MHz */
    c->sm_clock_mhz_during = clock_host[1] > 0 ? 1e3 * (double)clock_host[0] / (double)clock_host[1] : 0.0;
    snprintf(c->method[CEIL_FP32], CEILINGS_METHOD_LEN,
             "%u blocks x %d threads (%d per SM), %d independent FFMA chains per thread, %lld FFMA per "
             "thread; 2 FLOPs per FFMA / time; SM clock = clock64 cycles / %%globaltimer ns in block 0; "
             "best of %d after warm-up",
             b.blocks, CEIL_THREADS, per_sm, FMA_CHAINS, (long long)b.work * FMA_UNROLL * FMA_CHAINS,
             CEILINGS_REPS);

    snprintf(c->method[CEIL_DRAM_COPY], CEILINGS_METHOD_LEN,
             "device-to-device copy of a %zu MiB buffer (%.1f x L2) with 16-byte grid-stride loads and "
             "stores, %d blocks x %d threads; bytes read + bytes written / time; best of %d after warm-up",
             buf_bytes / MIB, l2_multiple, c->grid_blocks_dram_copy, CEIL_THREADS, CEILINGS_REPS);
    snprintf(c->method[CEIL_DRAM_READ], CEILINGS_METHOD_LEN,
             "sum of a %zu MiB buffer (%.1f x L2) with 16-byte grid-stride loads, result kept by a "
             "guarded store, %d blocks x %d threads; bytes read / time; best of %d after warm-up",
             buf_bytes / MIB, l2_multiple, c->grid_blocks_dram_read, CEIL_THREADS, CEILINGS_REPS);
    snprintf(c->method[CEIL_DRAM_WRITE], CEILINGS_METHOD_LEN,
             "fill of a %zu MiB buffer (%.1f x L2) with 16-byte grid-stride stores, %d blocks x %d "
             "threads; bytes written / time; best of %d after warm-up",
             buf_bytes / MIB, l2_multiple, c->grid_blocks_dram_write, CEIL_THREADS, CEILINGS_REPS);

done:
    /* free everything even after an error; the first error is the one reported */
    if (scratch)
        keep_first(c, &err, cudaFree(scratch), "cudaFree scratch");
    if (buf_b)
        keep_first(c, &err, cudaFree(buf_b), "cudaFree DRAM buffer B");
    if (buf_a)
        keep_first(c, &err, cudaFree(buf_a), "cudaFree DRAM buffer A");
    if (e1)
        keep_first(c, &err, cudaEventDestroy(e1), "cudaEventDestroy");
    if (e0)
        keep_first(c, &err, cudaEventDestroy(e0), "cudaEventDestroy");
    c->elapsed_ms = now_ms() - t_start;
    return (int)err;
}
