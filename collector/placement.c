#include "collector/placement.h"

#include <cuda_runtime_api.h>
#include <stdio.h>

size_t placement_in_use_bytes(void)
{
    size_t free_b = 0, total_b = 0;
    return cudaMemGetInfo(&free_b, &total_b) == cudaSuccess ? total_b - free_b : 0;
}

long placement_padding_mib(long offset_mib, size_t own_bytes)
{
    long own_mib = (long)(own_bytes >> 20);
    return offset_mib > own_mib ? offset_mib - own_mib : 0;
}

int placement_offset_alloc(const char *option, long offset_mib, void **held, char *why, size_t why_len)
{
    *held = NULL;
    if (offset_mib <= 0)
        return 0;
    size_t free_b = 0, total_b = 0;
    cudaError_t e = cudaMalloc(held, (size_t)offset_mib << 20);
    if (e == cudaSuccess)
        return 0;
    *held = NULL;
    (void)cudaGetLastError(); /* an allocation failure is not sticky: clear it */
    cudaMemGetInfo(&free_b, &total_b);
    snprintf(why, why_len, "%s %ld: cannot allocate it (%s); the device has %zu MiB free: choose a smaller offset",
             option, offset_mib, cudaGetErrorString(e), free_b >> 20);
    return -1;
}
