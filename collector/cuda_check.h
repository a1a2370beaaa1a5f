/* Every CUDA runtime call is checked; the message names the call's purpose.
 * Functions using CUDA_TRY take (char *why, size_t why_len) and return -1. */
#ifndef MMPROF_CUDA_CHECK_H
#define MMPROF_CUDA_CHECK_H

#include <cuda_runtime_api.h>
#include <stdio.h>

#include "common/cuda_sticky.h"

#define CUDA_TRY(call, what)                                                        \
    do {                                                                            \
        cudaError_t e_ = (call);                                                    \
        if (e_ != cudaSuccess) {                                                    \
            snprintf(why, why_len, "%s: %s (%s)", what, cudaGetErrorString(e_),     \
                     cudaGetErrorName(e_));                                         \
            return -1;                                                              \
        }                                                                           \
    } while (0)

/* Errors after which the CUDA context is unusable: the run must stop. */
static inline int cuda_error_is_sticky(cudaError_t e)
{
    return e != cudaSuccess && cuda_error_name_is_sticky(cudaGetErrorName(e));
}

#endif
