/* Classic shared-memory tiled matmul (seeds 000, 004): a T x T block stages a
 * T x T tile of A and of B per step, so each global element is reused T times
 * and CGMA grows as T. Out-of-range tile elements are loaded as 0 so any
 * m, n, k works. */
#include <stddef.h>

#include "kernels/kernel_table.h"

template <int T>
__global__ void mm_tiled(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float As[T][T];
    __shared__ float Bs[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty;
    int col = blockIdx.x * T + tx;
    float sum = 0.0f;
    int tiles = (k + T - 1) / T;
    for (int t = 0; t < tiles; t++) {
        int a_col = t * T + tx;
        int b_row = t * T + ty;
        As[ty][tx] = (row < m && a_col < k) ? a[row * k + a_col] : 0.0f;
        Bs[ty][tx] = (b_row < k && col < n) ? b[b_row * n + col] : 0.0f;
        __syncthreads();
        for (int p = 0; p < T; p++)
            sum += As[ty][p] * Bs[p][tx];
        /* nobody may overwrite the tiles while others still read them */
        __syncthreads();
    }
    if (row < m && col < n)
        c[row * n + col] = sum;
}

KIND_KERNELS(MM_TILED, mm_tiled<kind_instances_MM_TILED[I].bs>)
