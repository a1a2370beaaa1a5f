/* What launch.cu needs from each kernel family file (private to kernels/).
 * Every family file instantiates its templates from variants.def, so the
 * look-ups below know exactly the variants the registry lists. */
#ifndef MMPROF_KERNELS_FAMILIES_H
#define MMPROF_KERNELS_FAMILIES_H

#include <cuda_runtime_api.h>

#include "kernels/best_config.h"
#include "kernels/registry.h"

/* Every matmul kernel: c (m x n) = a (m x k) * b (k x n), row-major. One
 * signature for the whole family lets launch.cu launch any of them. */
typedef void (*mm_kernel_fn)(const float *a, const float *b, float *c, int m, int n, int k);
/* Every transpose kernel: in is rows x cols; out is cols x rows, or rows x
 * cols for the copies. */
typedef void (*tr_kernel_fn)(const float *in, float *out, int rows, int cols);

#ifdef __cplusplus
extern "C" {
#endif

/* The template instance behind v, or NULL when variants.def has no entry of
 * that kind with v's parameters. */
mm_kernel_fn mm_naive_kernel(const struct variant *v);
mm_kernel_fn mm_tiled_kernel(const struct variant *v);
mm_kernel_fn mm_coarse_kernel(const struct variant *v);
mm_kernel_fn mm_regtile_kernel(const struct variant *v);
/* bt2d, vec, warptile (matmul_road.cu) */
mm_kernel_fn mm_road_kernel(const struct variant *v);
/* The best kernel instance of one configuration (matmul_best.cu). */
mm_kernel_fn mm_best_kernel(const struct best_config *cfg);
tr_kernel_fn tr_kernel(const struct variant *v);

/* c (m x n) = a (m x k) * b (k x n), row-major, through cublasSgemm in FP32
 * (no TF32) on stream (cublas_sgemm.c). The handle is created on the first
 * call; a cuBLAS failure returns a CUDA error code and the cuBLAS status is
 * described by cublas_last_error(). */
cudaError_t cublas_sgemm_rowmajor(const float *a, const float *b, float *c, int m, int n, int k,
                                  cudaStream_t stream);
const char *cublas_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
