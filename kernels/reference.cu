/* FP64 references and the verification helpers the collector runs
 * around every measured launch. Not profiled, so plain and 64-bit indexed:
 * they must work at any size the collector can allocate. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

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

