/* The ceiling micro-kernels (ceilings.cu): one per ceiling of
 * model/ceilings.h, each timed with CUDA events (best of CEILINGS_REPS after
 * warm-up). This header needs no CUDA include. */
#ifndef MMPROF_CEILINGS_H
#define MMPROF_CEILINGS_H

#include <stddef.h>

#include "model/ceilings.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Measures every ceiling on the current CUDA device (cudaSetDevice first).
 * l2_bytes: the device's L2 size (cudaDevAttrL2CacheSize); sm_count: its SM
 * count; free_bytes: device memory the ceilings may use (cudaMemGetInfo's
 * free is fine: at most half of it is allocated, two DRAM buffers of
 * min(max(1 GiB, 8 x L2), free/4) each, freed before returning).
 * Returns 0 (cudaSuccess) or the cudaError_t of the first failing CUDA call,
 * as an int so this header needs no CUDA include; c->failed_step names the
 * step. cudaErrorMemoryAllocation when a DRAM buffer cannot be at least
 * 2 x L2 (a DRAM figure measured inside L2 would be wrong, not just noisy).
 * Runs a few hundred milliseconds on an H100. */
int ceilings_measure(struct ceilings *c, size_t l2_bytes, int sm_count, size_t free_bytes);

#ifdef __cplusplus
}
#endif

#endif
