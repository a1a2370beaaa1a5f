#include "collector/resources.h"

#include <cuda_runtime_api.h>
#include <stdio.h>

#include "collector/cuda_check.h"
#include "kernels/launch.h"

static int too_few_threads(const struct cudaFuncAttributes *fa, int threads, const struct device_info *d,
                           char *why, size_t why_len)
{
    if (threads <= fa->maxThreadsPerBlock)
        return 0;
    snprintf(why, why_len,
             "needs %d threads per block but its %d registers/thread allow only %d "
             "(%d registers per block on this device)",
             threads, fa->numRegs, fa->maxThreadsPerBlock, d->regs_per_block);
    return 1;
}

static int too_much_shared(const struct cudaFuncAttributes *fa, size_t dyn, const struct device_info *d,
                           char *why, size_t why_len)
{
    size_t need = fa->sharedSizeBytes + dyn;
    if (need <= d->shared_per_block_optin_bytes)
        return 0;
    snprintf(why, why_len, "needs %zu bytes of shared memory per block, the device allows %zu", need,
             d->shared_per_block_optin_bytes);
    return 1;
}

static int grid_too_large(const struct launch_geometry *g, const struct device_info *d, char *why,
                          size_t why_len)
{
    for (int i = 0; i < 3; i++)
        if (g->grid[i] > (unsigned)d->max_grid[i]) {
            snprintf(why, why_len, "grid dimension %d is %u blocks, the device allows %d", i, g->grid[i],
                     d->max_grid[i]);
            return 1;
        }
    return 0;
}

int variant_resources(const struct variant *v, const struct shape *s, const struct device_info *d,
                      struct result_row *row, char *why, size_t why_len)
{
    const void *fn = variant_kernel_at(v, s);
    struct launch_geometry g;
    struct cudaFuncAttributes fa;
    struct occupancy_limits lim;
    int blocks = 0;
    if (!fn)
        return 0; /* not a single kernel (CPU): nothing to check */
    variant_geometry(v, s, &g);
    CUDA_TRY(cudaFuncGetAttributes(&fa, fn), "cudaFuncGetAttributes");
    int threads = (int)(g.block[0] * g.block[1] * g.block[2]);
    row->threads_per_block = threads;
    row->grid_blocks = (long)g.grid[0] * g.grid[1] * g.grid[2];
    row->regs_per_thread = fa.numRegs;
    row->smem_bytes_per_block = (long)(fa.sharedSizeBytes + g.dyn_smem_bytes);
    if (too_few_threads(&fa, threads, d, why, why_len) || too_much_shared(&fa, g.dyn_smem_bytes, d, why, why_len) ||
        grid_too_large(&g, d, why, why_len))
        return 1;
    CUDA_TRY(kernel_opt_in_shared(fn, &g), "cudaFuncSetAttribute (dynamic shared memory)");
    CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, threads, g.dyn_smem_bytes),
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    occupancy_limits(d, threads, fa.numRegs, (size_t)row->smem_bytes_per_block, &lim);
    row->blocks_per_sm = blocks;
    row->limiter = lim.limiter;
    row->theoretical_occupancy_pct = 100.0 * blocks * ((threads + 31) / 32) * 32 / d->max_threads_per_sm;
    if (blocks == 0) {
        snprintf(why, why_len, "the occupancy API fits 0 blocks per SM (%d threads, %d registers/thread, %ld bytes shared)",
                 threads, fa.numRegs, row->smem_bytes_per_block);
        return 1;
    }
    return 0;
}
