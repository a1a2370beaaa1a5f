#include "collector/local_memory.h"

#include <cuda_runtime_api.h>
#include <stdio.h>

#include "collector/cuda_check.h"
#include "collector/resources.h"
#include "kernels/launch.h"

/* Local bytes per thread of v's kernel at s; 0 when it is no kernel of ours
 * or cannot launch here (it never runs, so it reserves nothing). */
static int frame_bytes(const struct variant *v, const struct shape *s, const struct device_info *d, size_t *bytes,
                       char *why, size_t why_len)
{
    const void *fn = variant_kernel_at(v, s);
    struct result_row row = {0};
    struct cudaFuncAttributes fa;
    *bytes = 0;
    if (!fn)
        return 0;
    int fits = variant_resources(v, s, d, &row, why, why_len);
    if (fits != 0)
        return fits < 0 ? -1 : 0;
    CUDA_TRY(cudaFuncGetAttributes(&fa, fn), "cudaFuncGetAttributes");
    *bytes = fa.localSizeBytes;
    return 0;
}

int local_memory_reserve(const struct variant *const *vs, const struct shape *shapes, size_t n,
                         const struct device_info *d, size_t *per_thread_bytes, char *why, size_t why_len)
{
    size_t need = 0, limit = 0, bytes;
    for (size_t i = 0; i < n; i++) {
        if (frame_bytes(vs[i], &shapes[i], d, &bytes, why, why_len) != 0)
            return -1;
        need = bytes > need ? bytes : need;
    }
    CUDA_TRY(cudaDeviceGetLimit(&limit, cudaLimitStackSize), "cudaDeviceGetLimit(stack size)");
    if (need > limit) {
        CUDA_TRY(cudaDeviceSetLimit(cudaLimitStackSize, need),
                 "cudaDeviceSetLimit(stack size) to reserve the variants' local memory");
        CUDA_TRY(cudaDeviceGetLimit(&limit, cudaLimitStackSize), "cudaDeviceGetLimit(stack size)");
    }
    *per_thread_bytes = limit;
    return 0;
}
