/* C interface to the CUDA kernels: what the collector needs to launch,
 * query and verify every GPU variant of the registry. The geometry of a
 * launch is the model's (model/launch_geometry.h). */
#ifndef MMPROF_LAUNCH_H
#define MMPROF_LAUNCH_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>

#include "model/best_config.h"
#include "model/launch_geometry.h"
#include "model/registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device buffers of one launch.
 * matmul:    a is m x k, b is k x n, c is m x n (row-major, leading dims k, n, n).
 * transpose: a is the input (m rows x n cols), c the output (n x m); b unused. */
struct launch_args {
    const float *a;
    const float *b;
    float *c;
    struct shape shape;
};

/* The __global__ function behind a GPU variant, for cudaFuncGetAttributes and
 * the occupancy API. NULL for variants that are not a single kernel of ours
 * (the CPU, cuBLAS). For best: the default tile's kernel. */
const void *variant_kernel(const struct variant *v);

/* As variant_kernel, for the launch at shape s: best's kernel is the tile
 * the tune table picks for s (loading the table on first use). */
const void *variant_kernel_at(const struct variant *v, const struct shape *s);

/* variant_params, with best's tile at shape s spelled out
 * ("bs=16;rx=8;ry=8;config=b128x128k8s3"); returns buf. */
char *variant_params_at(const struct variant *v, const struct shape *s, char *buf, size_t len);

/* The tile best runs at shape s (NULL: the default); loads the tune table
 * on first use, see model/best_config.h. */
const struct best_config *variant_best_config(const struct shape *s);

/* What the last failed launch of v said beyond its CUDA error (cuBLAS's
 * status), or "". */
const char *variant_last_error_detail(const struct variant *v);

/* Lets kernel fn take the dynamic shared memory of launch g where that is
 * more than SHARED_WITHOUT_OPT_IN_BYTES: needed before such a launch and
 * before the occupancy API is asked about it. cudaSuccess when nothing was
 * needed. */
cudaError_t kernel_opt_in_shared(const void *fn, const struct launch_geometry *g);

/* Enqueue one launch; returns the launch error (cudaGetLastError). */
cudaError_t variant_launch(const struct variant *v, const struct launch_args *a, cudaStream_t stream);

/* FP64 references on the GPU. matmul: ref (m x n doubles) = A*B in double.
 * transpose: ref (n x m doubles) = in^T. */
cudaError_t reference_matmul_f64(const float *a, const float *b, double *ref, struct shape s,
                                 cudaStream_t stream);
cudaError_t reference_transpose_f64(const float *in, double *ref, struct shape s, cudaStream_t stream);
/* For the copy variants (out has the input's shape): ref[i] = in[i], count elements. */
cudaError_t reference_copy_f64(const float *in, double *ref, size_t count, cudaStream_t stream);

/* Sums for ||out - ref|| / ||ref|| over count elements, in double, plus the
 * number of NaN/Inf elements of out. sums must point to 2 device doubles and
 * nonfinite to 1 device unsigned long long; both are zeroed by the call. */
cudaError_t compare_f32_f64(const float *out, const double *ref, size_t count, double *sums,
                            unsigned long long *nonfinite, cudaStream_t stream);


#ifdef __cplusplus
}
#endif

#endif
