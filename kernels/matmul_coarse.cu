/* Thread coarsening (seed 001, PMPP "thread granularity"): a BS x BS block
 * computes BS rows x BS*RX columns of C; each thread computes RX outputs of
 * one row, BS columns apart. The A tile is loaded once per step and reused
 * for the RX B tiles: per output, global loads drop from 2 to (1 + RX) / RX,
 * i.e. a quarter fewer for RX = 2. B columns BS apart keep every load and
 * store coalesced, unlike the register tiles whose outputs are adjacent. */
#include <stddef.h>

#include "kernels/kernel_table.h"

template <int BS, int RX>
__global__ void mm_coarse(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float As[BS][BS];
    __shared__ float Bs[BS][BS * RX];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * BS + ty;
    int col0 = blockIdx.x * BS * RX + tx;
    float sum[RX];
#pragma unroll
    for (int r = 0; r < RX; r++)
        sum[r] = 0.0f;
    int tiles = (k + BS - 1) / BS;
    for (int t = 0; t < tiles; t++) {
        int a_col = t * BS + tx;
        int b_row = t * BS + ty;
        As[ty][tx] = (row < m && a_col < k) ? a[row * k + a_col] : 0.0f;
#pragma unroll
        for (int r = 0; r < RX; r++) {
            int col = col0 + r * BS;
            Bs[ty][r * BS + tx] = (b_row < k && col < n) ? b[b_row * n + col] : 0.0f;
        }
        __syncthreads();
        for (int p = 0; p < BS; p++) {
            float a_val = As[ty][p];
#pragma unroll
            for (int r = 0; r < RX; r++)
                sum[r] += a_val * Bs[p][r * BS + tx];
        }
        __syncthreads();
    }
    if (row >= m)
        return;
#pragma unroll
    for (int r = 0; r < RX; r++) {
        int col = col0 + r * BS;
        if (col < n)
            c[row * n + col] = sum[r];
    }
}

KIND_KERNELS(MM_COARSE, mm_coarse<kind_instances_MM_COARSE[I].bs, kind_instances_MM_COARSE[I].rx>)
