/* The CPU baseline (seed 004): SGEMM from the system BLAS, loaded at run time
 * so mmprof starts on machines without one and says what is missing. */
#ifndef MMPROF_CPU_BLAS_H
#define MMPROF_CPU_BLAS_H

#include <stddef.h>

#include "model/registry.h"

/* 0 when a CBLAS with cblas_sgemm could be loaded; else -1 and why. */
int cpu_blas_open(char *why, size_t why_len);
/* Library file that was loaded, e.g. "libopenblas.so.0". */
const char *cpu_blas_library(void);
/* Threads the BLAS uses (OpenBLAS: openblas_get_num_threads), 0 if unknown. */
int cpu_blas_threads(void);
/* Build description (OpenBLAS: openblas_get_config, e.g. "OpenBLAS 0.3.21
 * DYNAMIC_ARCH ... Haswell MAX_THREADS=64"), "" if unknown. */
const char *cpu_blas_config(void);
/* c (m x n) = a (m x k) * b (k x n), row-major, FP32. Requires cpu_blas_open. */
void cpu_blas_sgemm(const float *a, const float *b, float *c, struct shape s);

#endif
