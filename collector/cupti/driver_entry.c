/* driver_entry.h: one way to reach the CUDA driver. */
#include "collector/cupti/driver_entry.h"

#include <cuda_runtime_api.h>
#include <stddef.h>

void *driver_entry(const char *name, int abi_version)
{
    void *fn = NULL;
    enum cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
    cudaError_t e = cudaGetDriverEntryPointByVersion(name, &fn, (unsigned int)abi_version, cudaEnableDefault, &found);
    return e == cudaSuccess && found == cudaDriverEntryPointSuccess ? fn : NULL;
}
