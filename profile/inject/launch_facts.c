#include "profile/inject/launch_facts.h"

#include <math.h>
#include <string.h>

#include "collector/resources.h"

static int read_attributes(CUfunction f, struct launch_facts *out)
{
    int regs = 0, smem = 0, local = 0;
    if (cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f) != CUDA_SUCCESS ||
        cuFuncGetAttribute(&smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f) != CUDA_SUCCESS ||
        cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f) != CUDA_SUCCESS)
        return -1;
    out->regs_per_thread = regs;
    out->static_smem_bytes = smem;
    out->local_bytes_per_thread = local;
    return 0;
}

/* The per-SM limits occupancy_limits needs, of the current context's device. */
static int device_limits(struct device_info *d)
{
    CUdevice dev;
    int smem = 0;
    memset(d, 0, sizeof *d);
    if (cuCtxGetDevice(&dev) != CUDA_SUCCESS ||
        cuDeviceGetAttribute(&d->max_threads_per_sm, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev) !=
            CUDA_SUCCESS ||
        cuDeviceGetAttribute(&d->regs_per_sm, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, dev) !=
            CUDA_SUCCESS ||
        cuDeviceGetAttribute(&d->max_blocks_per_sm, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, dev) !=
            CUDA_SUCCESS ||
        cuDeviceGetAttribute(&smem, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, dev) != CUDA_SUCCESS)
        return -1;
    d->shared_per_sm_bytes = (size_t)smem;
    return d->max_threads_per_sm > 0 ? 0 : -1;
}

int launch_facts_read(CUfunction f, const unsigned block[3], unsigned dynamic_smem_bytes, struct launch_facts *out)
{
    *out = (struct launch_facts){.dynamic_smem_bytes = dynamic_smem_bytes, .theoretical_occupancy_pct = NAN,
                                 .limiter = ""};
    CUfunction fn = f, of_kernel;
    if (read_attributes(fn, out) != 0) {
        if (cuKernelGetFunction(&of_kernel, (CUkernel)f) != CUDA_SUCCESS || read_attributes(of_kernel, out) != 0)
            return -1;
        fn = of_kernel;
    }
    int threads = (int)(block[0] * block[1] * block[2]), blocks = 0;
    struct device_info d;
    struct occupancy_limits lim;
    if (threads <= 0 || device_limits(&d) != 0 ||
        cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, fn, threads, dynamic_smem_bytes) != CUDA_SUCCESS)
        return 0;
    occupancy_limits(&d, threads, out->regs_per_thread,
                     (size_t)(out->static_smem_bytes + out->dynamic_smem_bytes), &lim);
    out->blocks_per_sm = blocks;
    out->limiter = lim.limiter;
    out->theoretical_occupancy_pct = 100.0 * blocks * ((threads + 31) / 32) * 32 / d.max_threads_per_sm;
    return 0;
}
