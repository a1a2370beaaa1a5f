/* A profiled launch's facts from the loaded module, as ncu's launch
 * statistics and occupancy sections give them: registers, static + dynamic
 * shared memory and local memory per thread from cuFuncGetAttribute on the
 * launch's function, blocks per SM from cuOccupancyMaxActiveBlocksPerMultiprocessor
 * with the launch's dynamic shared memory, the theoretical occupancy they
 * give and the resource that limits them (collector/occupancy.c's
 * arithmetic on the device's per-SM limits).
 *
 * The function handle of cuLaunchKernel may be a CUkernel (a library
 * kernel, the runtime's launches since CUDA 12) cast to CUfunction: its
 * attributes are then read from cuKernelGetFunction's function in the
 * current context. Runs inside the app's launch callback, on its context. */
#ifndef MMPROF_PROFILE_INJECT_LAUNCH_FACTS_H
#define MMPROF_PROFILE_INJECT_LAUNCH_FACTS_H

#include <cuda.h>

struct launch_facts {
    int regs_per_thread;
    long static_smem_bytes, dynamic_smem_bytes; /* per block */
    long local_bytes_per_thread;
    int blocks_per_sm;                /* 0 when not known */
    double theoretical_occupancy_pct; /* NaN when not known */
    const char *limiter;              /* "threads", "registers", "shared", "blocks"; "" when not known */
};

/* 0 with out filled; -1 when the function's attributes cannot be read (out
 * then holds the dynamic shared memory only, the rest zero, NaN or ""). A
 * failed occupancy query leaves blocks_per_sm 0 and returns 0. */
int launch_facts_read(CUfunction f, const unsigned block[3], unsigned dynamic_smem_bytes, struct launch_facts *out);

#endif
