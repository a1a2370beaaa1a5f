/* Naive matmul (seeds 004, 000): one output per thread, every operand read
 * straight from global memory, so CGMA is about 1 (2 loads per FMA).
 * Threads along x walk columns of C: a warp reads one A element (broadcast)
 * and 32 consecutive B elements, as in the textbook kernel. (Seed 004's
 * listing puts rows on x, which uncoalesces A; we measure the usual layout.) */
#include <stddef.h>

#include "kernels/kernel_table.h"

template <int BS>
__global__ void mm_naive(const float *a, const float *b, float *c, int m, int n, int k)
{
    int row = blockIdx.y * BS + threadIdx.y;
    int col = blockIdx.x * BS + threadIdx.x;
    if (row >= m || col >= n)
        return;
    float sum = 0.0f;
    for (int p = 0; p < k; p++)
        sum += a[row * k + p] * b[p * n + col];
    c[row * n + col] = sum;
}

KIND_KERNELS(MM_NAIVE, mm_naive<kind_instances_MM_NAIVE[I].bs>)
