/* Double-buffered shared-memory tiled matmul: the classic tiled kernel
 * (matmul_tiled.cu) with two shared buffers per operand, so the global
 * loads of tile t+1 are in flight while the FMAs of tile t run, and one
 * __syncthreads per k-step instead of two.
 *
 * Per step t a thread issues its loads of tile t+1 into registers, runs
 * the T FMAs of tile t from buffer t%2, then stores the registers into
 * buffer (t+1)%2 and waits at the step's one barrier. One barrier is
 * enough: nobody writes buffer (t+1)%2 before every thread has passed the
 * barrier of step t-1, the last step that read it, and nobody reads it
 * before the barrier of step t that follows the writes. The loads go
 * through registers (not straight into shared memory) so the FMAs need
 * not wait for them: a direct global-to-shared assignment would stall at
 * the shared store.
 *
 * Counts equal the tiled kernel's of the same T: every element is loaded
 * once per block that needs it (out-of-range elements are stored as 0, so
 * any M, N, K >= 1 works and edge tiles multiply zeros), stored to shared
 * memory once and read T times; only the shared footprint doubles
 * (4 * T * T words per block). */
#include <stddef.h>

#include "kernels/kernel_table.h"

template <int T>
__global__ void mm_tiled_db(const float *a, const float *b, float *c, int m, int n, int k)
{
    __shared__ float As[2][T][T];
    __shared__ float Bs[2][T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty;
    int col = blockIdx.x * T + tx;
    int tiles = (k + T - 1) / T;
    /* tile 0 into buffer 0 */
    As[0][ty][tx] = (row < m && tx < k) ? a[row * k + tx] : 0.0f;
    Bs[0][ty][tx] = (ty < k && col < n) ? b[ty * n + col] : 0.0f;
    __syncthreads();
    float sum = 0.0f;
    for (int t = 0; t < tiles; t++) {
        int cur = t & 1;
        bool more = t + 1 < tiles; /* uniform across the block */
        float a_next = 0.0f, b_next = 0.0f;
        if (more) {
            int a_col = (t + 1) * T + tx;
            int b_row = (t + 1) * T + ty;
            a_next = (row < m && a_col < k) ? a[row * k + a_col] : 0.0f;
            b_next = (b_row < k && col < n) ? b[b_row * n + col] : 0.0f;
        }
#pragma unroll
        for (int p = 0; p < T; p++)
            sum += As[cur][ty][p] * Bs[cur][p][tx];
        if (more) {
            As[cur ^ 1][ty][tx] = a_next;
            Bs[cur ^ 1][ty][tx] = b_next;
        }
        __syncthreads();
    }
    if (row < m && col < n)
        c[row * n + col] = sum;
}

KIND_KERNELS(MM_TILED_DB, mm_tiled_db<kind_instances_MM_TILED_DB[I].bs>)
