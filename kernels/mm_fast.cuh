/* Helpers of the fast matmul kernels (road to best, and best itself):
 * cp.async wrappers, and the checks that decide whether a matrix may be read
 * 16 bytes at a time. Private to kernels/. */
#ifndef MMPROF_KERNELS_MM_FAST_CUH
#define MMPROF_KERNELS_MM_FAST_CUH

#include <stdint.h>

/* Threads of the road's blocks (bt2d, vec, warptile): 16 x 16, flattened.
 * best's follow from its tiles (BEST_CONFIG_THREADS). */
#define MM_FAST_THREADS 256

static __device__ __forceinline__ int flat_tid()
{
    return threadIdx.y * blockDim.x + threadIdx.x;
}

/* A row-major matrix with ld columns can be read as float4 when every row
 * starts 16-byte aligned: ld a multiple of 4 and the base aligned. Checked
 * once per launch; the kernels take a uniform branch on it. */
static __device__ __forceinline__ bool rows_are_float4(const float *p, int ld)
{
    return (ld & 3) == 0 && ((uintptr_t)p & 15) == 0;
}

/* 4-byte asynchronous copy global -> shared; when pred is false nothing is
 * read and the 4 shared bytes are zero-filled (src-size 0), so edge tiles
 * hold zeros. Goes through L1 (.ca): .cg takes only 16-byte copies. */
static __device__ __forceinline__ void cp_async4(float *smem, const float *gmem, bool pred)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    int bytes = pred ? 4 : 0;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s), "l"(gmem), "r"(bytes) : "memory");
}

/* 16-byte asynchronous copy, L2 only (.cg): the block's tile is reused from
 * shared memory, never from L1. Zero-fills when pred is false. */
static __device__ __forceinline__ void cp_async16(float *smem, const float *gmem, bool pred)
{
    unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    int bytes = pred ? 16 : 0;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(gmem), "r"(bytes) : "memory");
}

static __device__ __forceinline__ void cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

/* Waits until at most N of this thread's committed groups are in flight. */
template <int N>
static __device__ __forceinline__ void cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

/* Stores r (len 4) at c[row * n + col .. +3]: one 16-byte store when the
 * output is float4-readable, else element by element with the column guard.
 * row < m is the caller's. */
static __device__ __forceinline__ void store4(float *c, int n, bool vec, int row, int col, const float *r)
{
    if (vec) {
        if (col < n)
            *reinterpret_cast<float4 *>(&c[row * n + col]) = make_float4(r[0], r[1], r[2], r[3]);
        return;
    }
#pragma unroll
    for (int j = 0; j < 4; j++)
        if (col + j < n)
            c[row * n + col + j] = r[j];
}

/* Stores a warp tile's accumulators: lane (lm, ln) holds rows lm*4 + 16*i'
 * + 0..3 and columns ln*4 + 32*j' + 0..3 of the tile at (row0, col0), the
 * layout mm_warptile and best share. Rows past m are skipped. */
template <int TM, int TN>
static __device__ __forceinline__ void store_warp_tile(float *c, int m, int n, bool c_vec, int row0, int col0, int lm,
                                                       int ln, float (&acc)[TM][TN])
{
#pragma unroll
    for (int i = 0; i < TM; i++) {
        int gr = row0 + (i / 4) * 16 + lm * 4 + i % 4;
        if (gr >= m)
            continue;
#pragma unroll
        for (int j = 0; j < TN / 4; j++)
            store4(c, n, c_vec, gr, col0 + j * 32 + ln * 4, &acc[i][4 * j]);
    }
}

/* acc += ra (column) x rb (row): the FFMA block every tiled kernel ends in. */
template <int TM, int TN>
static __device__ __forceinline__ void outer_product(float (&acc)[TM][TN], const float (&ra)[TM],
                                                     const float (&rb)[TN])
{
#pragma unroll
    for (int i = 0; i < TM; i++)
#pragma unroll
        for (int j = 0; j < TN; j++)
            acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
}

/* One 16-byte shared-memory load (LDS.128) into four registers. */
static __device__ __forceinline__ void lds4(float *r, const float *smem)
{
    float4 q = *reinterpret_cast<const float4 *>(smem);
    r[0] = q.x, r[1] = q.y, r[2] = q.z, r[3] = q.w;
}

#endif
