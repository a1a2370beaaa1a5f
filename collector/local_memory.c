#include "collector/local_memory.h"

#include <cuda.h> /* types only: driver calls go through driver_entry */
#include <cuda_runtime_api.h>
#include <stdio.h>

#include "collector/cuda_check.h"
#include "collector/placement.h"
#include "collector/cupti/driver_entry.h"
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

typedef CUresult (*device_get_fn)(CUdevice *, int);
typedef CUresult (*ctx_create_fn)(CUcontext *, CUctxCreateParams *, unsigned int, CUdevice);
typedef CUresult (*ctx_destroy_fn)(CUcontext);
typedef CUresult (*error_name_fn)(CUresult, const char **);

static const char *driver_error_name(CUresult r)
{
    error_name_fn name_of = (error_name_fn)driver_entry("cuGetErrorName", 6000);
    const char *name = NULL;
    return name_of && name_of(r, &name) == CUDA_SUCCESS && name ? name : "unknown CUDA driver error";
}

static int largest_frame(const struct variant *const *vs, const struct shape *shapes, size_t n,
                         const struct device_info *d, size_t *need, char *why, size_t why_len)
{
    size_t bytes;
    *need = 0;
    for (size_t i = 0; i < n; i++) {
        if (frame_bytes(vs[i], &shapes[i], d, &bytes, why, why_len) != 0)
            return -1;
        *need = bytes > *need ? bytes : *need;
    }
    return 0;
}

/* Reading a kernel's attributes loads its code (lazy loading), and code loaded
 * into the run's context before the reservation moves where the reservation
 * lands, and with it a spilling kernel's time (docs/fidelity.md). So the frames
 * are read in a context of their own, destroyed (its code with it) before the
 * run's context reserves: about 0.2 s. */
static int largest_frame_in_scratch_context(const struct variant *const *vs, const struct shape *shapes, size_t n,
                                            const struct device_info *d, size_t *need, char *why, size_t why_len)
{
    device_get_fn device_get = (device_get_fn)driver_entry("cuDeviceGet", 2000);
    ctx_create_fn ctx_create = (ctx_create_fn)driver_entry("cuCtxCreate", 12050);
    ctx_destroy_fn ctx_destroy = (ctx_destroy_fn)driver_entry("cuCtxDestroy", 4000);
    CUdevice dev;
    CUcontext scratch;
    if (!device_get || !ctx_create || !ctx_destroy) {
        snprintf(why, why_len, "the CUDA driver has no cuCtxCreate (CUDA 12.5 ABI): update the NVIDIA driver");
        return -1;
    }
    CUresult r = device_get(&dev, d->index);
    if (r == CUDA_SUCCESS)
        r = ctx_create(&scratch, NULL, 0, dev); /* current now, on top of the run's */
    if (r != CUDA_SUCCESS) {
        snprintf(why, why_len,
                 "cuCtxCreate of a scratch context on device %d, to read the kernels' frames: %s (%d); "
                 "another context must fit beside the run's (free device memory, compute mode)",
                 d->index, driver_error_name(r), (int)r);
        return -1;
    }
    int rc = largest_frame(vs, shapes, n, d, need, why, why_len);
    r = ctx_destroy(scratch); /* pops it: the run's context is current again */
    if (r != CUDA_SUCCESS && rc == 0) {
        snprintf(why, why_len, "cuCtxDestroy of the scratch context: %s (%d)", driver_error_name(r), (int)r);
        rc = -1;
    }
    return rc;
}

int local_memory_reserve(const struct variant *const *vs, const struct shape *shapes, size_t n,
                         const struct device_info *d, long offset_mib, size_t held_bytes, struct local_memory *lm,
                         char *why, size_t why_len)
{
    size_t need = 0, limit = 0;
    *lm = (struct local_memory){0};
    if (largest_frame_in_scratch_context(vs, shapes, n, d, &need, why, why_len) != 0)
        return -1;
    lm->in_use_bytes = placement_in_use_bytes();
    lm->padding_mib = placement_padding_mib(offset_mib, held_bytes);
    if (placement_offset_alloc("--local-memory-offset-mb", lm->padding_mib, &lm->offset_buf, why, why_len) != 0)
        return LOCAL_MEMORY_BAD_OFFSET;
    CUDA_TRY(cudaDeviceGetLimit(&limit, cudaLimitStackSize), "cudaDeviceGetLimit(stack size)");
    if (need > limit) {
        CUDA_TRY(cudaDeviceSetLimit(cudaLimitStackSize, need),
                 "cudaDeviceSetLimit(stack size) to reserve the variants' local memory");
        CUDA_TRY(cudaDeviceGetLimit(&limit, cudaLimitStackSize), "cudaDeviceGetLimit(stack size)");
    }
    lm->per_thread_bytes = limit;
    return 0;
}

void local_memory_release(struct local_memory *lm)
{
    cudaFree(lm->offset_buf);
    lm->offset_buf = NULL;
}
