/* The CUDA errors after which the context is unusable (a kernel faulted):
 * the one list, by name, so that code without CUDA (the replay backend) and
 * the collector (collector/cuda_check.h) agree on what stops a run. */
#ifndef MMPROF_CUDA_STICKY_H
#define MMPROF_CUDA_STICKY_H

/* 1 when name (cudaGetErrorName's) is a sticky error. */
int cuda_error_name_is_sticky(const char *name);
/* The first sticky error name text quotes (a row's reason), or NULL. */
const char *cuda_sticky_error_in(const char *text);

#endif
