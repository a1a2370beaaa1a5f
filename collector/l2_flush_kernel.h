/* The flush kernel's launcher (l2_flush_kernel.cu), for l2_flush.c alone. */
#ifndef MMPROF_L2_FLUSH_KERNEL_H
#define MMPROF_L2_FLUSH_KERNEL_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads a buffer larger than L2, then drops its lines from L2 (their contents
 * become undefined), so the next kernel starts with a cold, empty L2. count
 * floats; buf must be 16-byte aligned (any cudaMalloc pointer is; the drop
 * needs 128). One cooperative launch: *kernels = the kernels launched (0 or
 * 1): the profiler, which sees every launch as a range of its own, drops that
 * many ranges. */
cudaError_t l2_flush(float *buf, size_t count, float *sink, cudaStream_t stream, int *kernels);

#ifdef __cplusplus
}
#endif

#endif
