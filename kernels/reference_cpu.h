/* FP64 references on the CPU: for tiny sizes and for tests. */
#ifndef MMPROF_REFERENCE_CPU_H
#define MMPROF_REFERENCE_CPU_H

#include "model/registry.h"

/* ref (m x n) = a (m x k) * b (k x n), row-major, accumulated in double. */
void reference_matmul_cpu(const float *a, const float *b, double *ref, struct shape s);
/* ref (n x m) = in (m x n)^T. */
void reference_transpose_cpu(const float *in, double *ref, struct shape s);

#endif
