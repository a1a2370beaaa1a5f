/* The kernel table: for each kind of model/kinds.def, what launch.cu needs
 * to launch it, defined next to its kernels as kernels_<id> (the kernel
 * file, or cublas_sgemm.c and cpu_blas.c for the kinds that are not a
 * kernel of ours). launch.cu indexes the table by enum variant_kind; it
 * knows no kind by name. Private to kernels/.
 *
 * Invariant: a kind whose row has no KF_CPU / KF_LIBRARY flag has a kernel
 * for every instance (every tuned configuration, for KF_TUNED), all
 * distinct; tests/kernels/test_launch_geometry.c checks it. */
#ifndef MMPROF_KERNELS_KERNEL_TABLE_H
#define MMPROF_KERNELS_KERNEL_TABLE_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#include "kernels/launch.h"
#include "model/registry.h"

/* Every matmul kernel: c (m x n) = a (m x k) * b (k x n), row-major. One
 * signature for the whole family lets launch.cu launch any of them. */
typedef void (*mm_kernel_fn)(const float *a, const float *b, float *c, int m, int n, int k);
/* Every transpose kernel: in is rows x cols; out is cols x rows, or rows x
 * cols for the copies. */
typedef void (*tr_kernel_fn)(const float *in, float *out, int rows, int cols);

#ifdef __cplusplus
extern "C" {
#endif

struct kind_kernels {
    /* The __global__ function (an mm_kernel_fn or tr_kernel_fn, by family) of
     * the kind's instance i, or for a KF_TUNED kind of its configuration i
     * (best_configs order); NULL past the end. NULL: no kernel of ours. */
    const void *(*kernel)(size_t i);
    /* A library call in place of a kernel (KF_LIBRARY), and what its last
     * failure said beyond the CUDA error. */
    cudaError_t (*library)(const struct launch_args *a, cudaStream_t stream);
    const char *(*last_error)(void);
};

#define KIND(id, ...) extern const struct kind_kernels kernels_##id;
#include "model/kinds.def"

#ifdef __cplusplus
}

#include <utility>

#include "model/kind_instances.h"

/* Defines kernels_<id> from a template expression of the instance I of
 * kind id (inst_<id>[I], constexpr), e.g.
 *   KIND_KERNELS(MM_TILED, mm_tiled<kind_instances_MM_TILED[I].bs>)
 * one instance per row entry, in row order, at compile time. */
#define KIND_KERNELS(id, ...)                                                   \
    template <size_t... I>                                                      \
    static const void *kernel_of_##id(size_t i, std::index_sequence<I...>)      \
    {                                                                           \
        static const void *const fns[] = {(const void *)__VA_ARGS__...};        \
        return i < sizeof...(I) ? fns[i] : NULL;                                \
    }                                                                           \
    static const void *kernel_##id(size_t i)                                    \
    {                                                                           \
        return kernel_of_##id(i, std::make_index_sequence<KIND_INSTANCE_COUNT(id)>()); \
    }                                                                           \
    extern "C" const struct kind_kernels kernels_##id = {kernel_##id, NULL, NULL};
#endif

#endif
