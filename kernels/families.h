/* What launch.cu needs from each kernel family file (private to kernels/).
 * Every family file instantiates its templates from variants.def, so the
 * look-ups below know exactly the variants the registry lists. */
#ifndef MMPROF_KERNELS_FAMILIES_H
#define MMPROF_KERNELS_FAMILIES_H

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
tr_kernel_fn tr_kernel(const struct variant *v);

#ifdef __cplusplus
}
#endif

#endif
