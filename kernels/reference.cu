/* FP64 references and the verification / cache helpers the collector runs
 * around every measured launch. Not profiled, so plain and 64-bit indexed:
 * they must work at any size the collector can allocate. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <cooperative_groups.h>

#include "kernels/common.cuh"
#include "kernels/launch.h"

#define REF_TILE 16

/* ref = a * b with double products and sums. A 16 x 16 shared-memory tile
 * should keep 16384^3 near a second on an H100 (estimate, not measured: a
 * quarter of FP64 peak, bound by shared loads). */
static __global__ void ref_matmul_f64(const float *a, const float *b, double *ref, long m, long n, long k)
{
    __shared__ double As[REF_TILE][REF_TILE];
    __shared__ double Bs[REF_TILE][REF_TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    long row = (long)blockIdx.y * REF_TILE + ty;
    long col = (long)blockIdx.x * REF_TILE + tx;
    double sum = 0.0;
    for (long t = 0; t < k; t += REF_TILE) {
        long a_col = t + tx, b_row = t + ty;
        As[ty][tx] = (row < m && a_col < k) ? (double)a[row * k + a_col] : 0.0;
        Bs[ty][tx] = (b_row < k && col < n) ? (double)b[b_row * n + col] : 0.0;
        __syncthreads();
#pragma unroll
        for (int p = 0; p < REF_TILE; p++)
            sum = fma(As[ty][p], Bs[p][tx], sum);
        __syncthreads();
    }
    if (row < m && col < n)
        ref[row * n + col] = sum;
}

/* ref (cols x rows) = in (rows x cols)^T */
static __global__ void ref_transpose_f64(const float *in, double *ref, long rows, long cols)
{
    long c = (long)blockIdx.x * blockDim.x + threadIdx.x;
    long r = (long)blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols)
        ref[c * rows + r] = (double)in[r * cols + c];
}

static __global__ void ref_copy_f64(const float *in, double *ref, size_t count)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride)
        ref[i] = (double)in[i];
}

/* Blocks for the grid-stride kernels: enough to fill any current GPU, few
 * enough that the per-block atomics of compare_f32_f64 cost nothing. */
static unsigned stride_blocks(size_t count, unsigned threads)
{
    size_t blocks = (count + threads - 1) / threads;
    if (blocks > 4096)
        blocks = 4096;
    return blocks == 0 ? 1 : (unsigned)blocks;
}

extern "C" cudaError_t reference_matmul_f64(const float *a, const float *b, double *ref, struct shape s,
                                            cudaStream_t stream)
{
    if (s.m < 1 || s.n < 1 || s.k < 1)
        return cudaErrorInvalidValue;
    dim3 block(REF_TILE, REF_TILE);
    dim3 grid(ceil_div(s.n, REF_TILE), ceil_div(s.m, REF_TILE));
    ref_matmul_f64<<<grid, block, 0, stream>>>(a, b, ref, s.m, s.n, s.k);
    return cudaGetLastError();
}

extern "C" cudaError_t reference_transpose_f64(const float *in, double *ref, struct shape s,
                                               cudaStream_t stream)
{
    if (s.m < 1 || s.n < 1)
        return cudaErrorInvalidValue;
    dim3 block(32, 8);
    dim3 grid(ceil_div(s.n, 32), ceil_div(s.m, 8));
    ref_transpose_f64<<<grid, block, 0, stream>>>(in, ref, s.m, s.n);
    return cudaGetLastError();
}

extern "C" cudaError_t reference_copy_f64(const float *in, double *ref, size_t count, cudaStream_t stream)
{
    if (count == 0)
        return cudaErrorInvalidValue;
    ref_copy_f64<<<stride_blocks(count, 256), 256, 0, stream>>>(in, ref, count);
    return cudaGetLastError();
}

#define COMPARE_THREADS 256

/* sums[0] += sum (out - ref)^2 over finite outputs, sums[1] += sum ref^2,
 * *nonfinite += count of NaN/Inf outputs. A non-finite output is kept out of
 * sums[0] so the norm stays readable; the count alone fails the variant. */
static __global__ void compare_kernel(const float *out, const double *ref, size_t count, double *sums,
                               unsigned long long *nonfinite)
{
    double diff2 = 0.0, ref2 = 0.0;
    unsigned long long bad = 0;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) {
        double r = ref[i];
        float o = out[i];
        ref2 += r * r;
        if (isfinite(o)) {
            double d = (double)o - r;
            diff2 += d * d;
        } else {
            bad++;
        }
    }
    /* warp sums, then one atomic per warp leader into shared, one per block */
    for (int off = 16; off > 0; off >>= 1) {
        diff2 += __shfl_down_sync(0xffffffffu, diff2, off);
        ref2 += __shfl_down_sync(0xffffffffu, ref2, off);
        bad += __shfl_down_sync(0xffffffffu, bad, off);
    }
    __shared__ double s_diff2, s_ref2;
    __shared__ unsigned long long s_bad;
    if (threadIdx.x == 0) {
        s_diff2 = s_ref2 = 0.0;
        s_bad = 0;
    }
    __syncthreads();
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(&s_diff2, diff2);
        atomicAdd(&s_ref2, ref2);
        atomicAdd(&s_bad, bad);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        atomicAdd(&sums[0], s_diff2);
        atomicAdd(&sums[1], s_ref2);
        if (s_bad)
            atomicAdd(nonfinite, s_bad);
    }
}

extern "C" cudaError_t compare_f32_f64(const float *out, const double *ref, size_t count, double *sums,
                                       unsigned long long *nonfinite, cudaStream_t stream)
{
    cudaError_t err = cudaMemsetAsync(sums, 0, 2 * sizeof(double), stream);
    if (err != cudaSuccess)
        return err;
    err = cudaMemsetAsync(nonfinite, 0, sizeof(unsigned long long), stream);
    if (err != cudaSuccess || count == 0)
        return err;
    compare_kernel<<<stride_blocks(count, COMPARE_THREADS), COMPARE_THREADS, 0, stream>>>(
        out, ref, count, sums, nonfinite);
    return cudaGetLastError();
}

/* 2^13 copies of x: the instruction-cache sweep's code. */
#define SWEEP_R2(x) x x
#define SWEEP_R8(x) SWEEP_R2(SWEEP_R2(SWEEP_R2(x)))
#define SWEEP_R64(x) SWEEP_R8(SWEEP_R8(x))
#define SWEEP_R8192(x) SWEEP_R2(SWEEP_R64(SWEEP_R64(x)))

/* The L2 flush, one kernel in two phases, then an instruction-cache sweep.
 * Reads every float4 of buf (a buffer twice the size of L2), keeping the sum
 * alive with a store that never happens (the sum never equals the sentinel
 * for real data), so the compiler cannot drop the reads and the flush writes
 * nothing to memory.
 * Then, once every block has read, drops the buffer's lines from L2 without
 * writing them back (they are clean, and what the buffer holds does not
 * matter), so the next kernel finds L2 empty, as after ncu's --cache-control
 * all, rather than full of the flush's lines: its allocations then evict
 * nothing, in particular not what the host interface and firmware keep
 * reading. With it, tiled_t2's DRAM reads at 1000x3000x700 came within 0.5 %
 * of ncu's, against +1.1 to +2.1 % without (docs/fidelity.md).
 * The drop waits for all the reads (a grid-wide barrier: the kernel is
 * launched cooperatively, every block resident): a line dropped as soon as it
 * is read would free a slot for the next read, which would then evict
 * nothing. One kernel rather than a read and a discard kernel, because every
 * launch under CUPTI's auto range costs about 0.9 ms and a range in each pass. */
static __global__ void l2_flush_kernel(const float4 *buf4, size_t count4, const float *tail, size_t tail_count,
                                       float *sink, char *lines_base, size_t lines)
{
    float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    size_t first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = first; i < count4; i += stride) {
        float4 v = buf4[i];
        acc.x += v.x;
        acc.y += v.y;
        acc.z += v.z;
        acc.w += v.w;
    }
    if (first < tail_count)
        acc.x += tail[first];
    if (acc.x + acc.y + acc.z + acc.w == 12345.0f)
        *sink = acc.x;
    cooperative_groups::this_grid().sync();
    for (size_t i = first; i < lines; i += stride)
        asm volatile("discard.global.L2 [%0], 128;" ::"l"(lines_base + i * 128) : "memory");
    /* 128 KB of code (8192 dependent FFMAs, ~17 us) through every SM's
     * instruction caches: ncu's --cache-control all clears them, the reads
     * above do not, and the next kernel's code, left there by its previous
     * run, made transposes of 9-25 us run 1.4-5.2 % more instructions per
     * active cycle under collect than under ncu (H200, 1001x2999x703; with
     * ncu's --cache-control none they agreed). With the sweep: within 1.3 %
     * (docs/fidelity.md). */
    float x = (float)threadIdx.x, fa = 1.0001f, fb = 0.5f;
    SWEEP_R8192(asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(fa), "f"(fb));)
    if (x == 12345.0f)
        *sink = x;
}

#define L2_FLUSH_THREADS 256

extern "C" cudaError_t l2_flush(float *buf, size_t count, float *sink, cudaStream_t stream, int *kernels)
{
    *kernels = 0;
    if (count == 0)
        return cudaSuccess;
    /* float4 reads need 16-byte alignment; cudaMalloc gives 256 (and discard 128) */
    if ((uintptr_t)buf % sizeof(float4) != 0)
        return cudaErrorInvalidValue;
    int device = 0, sms = 0, per_sm = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess)
        err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (err == cudaSuccess)
        err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, l2_flush_kernel, L2_FLUSH_THREADS, 0);
    if (err != cudaSuccess)
        return err;
    const float4 *buf4 = (const float4 *)buf;
    size_t count4 = count / 4;
    const float *tail = buf + count4 * 4;
    size_t tail_count = count % 4;
    char *lines_base = (char *)buf;
    size_t lines = (uintptr_t)buf % 128 == 0 ? count * sizeof(float) / 128 : 0;
    /* as many blocks as can be resident at once (the barrier needs them all),
       no more than the reads need */
    unsigned blocks = stride_blocks(count4 > lines ? count4 : lines, L2_FLUSH_THREADS);
    if ((long)blocks > (long)sms * per_sm)
        blocks = (unsigned)(sms * per_sm);
    void *args[] = {&buf4, &count4, &tail, &tail_count, &sink, &lines_base, &lines};
    /* fewer SMs than the device has (an MPS share, another context's work):
       fewer blocks, the same flush */
    do {
        err = cudaLaunchCooperativeKernel((const void *)l2_flush_kernel, dim3(blocks), dim3(L2_FLUSH_THREADS), args, 0,
                                          stream);
        if (err == cudaErrorCooperativeLaunchTooLarge)
            (void)cudaGetLastError(); /* not sticky: clear it before trying again */
    } while (err == cudaErrorCooperativeLaunchTooLarge && (blocks /= 2) > 0);
    *kernels = err == cudaSuccess;
    return err;
}
