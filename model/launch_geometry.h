/* Launch geometry: the grid and block of any variant at any shape, from its
 * kind's geometry (model/kinds.def). The one place the grid formula lives:
 * the launcher, the theory (grid_blocks, the per-block counts) and the
 * analysis (waves, fill size) all use it. Host code only, no CUDA.
 *
 * Invariant: for a kernel of ours and m, n (and k) >= 1, grid[0] blocks
 * cover the columns and grid[1] the rows exactly once (one block fewer
 * would not cover them); everything is 0 for the CPU and library calls. */
#ifndef MMPROF_MODEL_LAUNCH_GEOMETRY_H
#define MMPROF_MODEL_LAUNCH_GEOMETRY_H

#include <stddef.h>

#include "model/registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Shared memory a block may take without opting in (CUDA's default limit
 * per block); dynamic shared memory past it needs the kernel's
 * cudaFuncAttributeMaxDynamicSharedMemorySize raised first. */
#define SHARED_WITHOUT_OPT_IN_BYTES 49152

struct launch_geometry {
    unsigned grid[3];
    unsigned block[3];
    size_t dyn_smem_bytes;
};

/* Grid, block and dynamic shared memory of one launch of v at shape s. A
 * tuned kind (best) uses the tile best_config_for(s) picks: the launcher
 * loads the tune table before it asks. */
void variant_geometry(const struct variant *v, const struct shape *s, struct launch_geometry *g);

/* Thread blocks of that launch: grid[0] * grid[1] * grid[2] (0 for the CPU
 * and library calls). */
long launch_blocks(const struct launch_geometry *g);

#ifdef __cplusplus
}
#endif

#endif
