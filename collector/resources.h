/* Can a variant launch on this device, and how many blocks fit on an SM?
 * Answers come from cudaFuncGetAttributes and the occupancy API, so a
 * variant that does not fit is recorded as skipped with the reason. */
#ifndef MMPROF_RESOURCES_H
#define MMPROF_RESOURCES_H

#include <stddef.h>

#include "collector/device.h"
#include "rundir/results.h"
#include "model/registry.h"

/* Fills row's launch-geometry columns. Returns 0 when v can launch at s,
 * 1 when it cannot (why says which resource), -1 on a CUDA error. */
int variant_resources(const struct variant *v, const struct shape *s, const struct device_info *d,
                      struct result_row *row, char *why, size_t why_len);

/* Blocks per SM each resource allows on its own, and the smallest of them;
 * limiter names it. Pure arithmetic, testable without a GPU. */
struct occupancy_limits {
    int by_threads, by_registers, by_shared, by_blocks;
    int blocks;
    const char *limiter;
};
void occupancy_limits(const struct device_info *d, int threads_per_block, int regs_per_thread,
                      size_t smem_per_block_bytes, struct occupancy_limits *o);

#endif
