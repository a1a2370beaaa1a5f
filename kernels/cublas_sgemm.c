/* The `cublas` variant: cublasSgemm in plain FP32, the ceiling the
 * hand-written kernels are read against.
 *
 * The handle is created on the first launch, not at start-up, so mmprof
 * starts (list, analyze, report) on machines without a driver; a failed
 * creation is remembered and every later launch fails with the same
 * message instead of retrying. Math mode CUBLAS_DEFAULT_MATH: SGEMM then
 * runs FP32 FFMA kernels; TF32 tensor cores are used only under
 * CUBLAS_TF32_TENSOR_OP_MATH (or NVIDIA_TF32_OVERRIDE), which we never set.
 * The mode is read back after setting it so a changed default is caught. */
#include <stdio.h>

#include <cublas_v2.h>

#include "kernels/families.h"

static cublasHandle_t handle;
static cublasStatus_t create_status = CUBLAS_STATUS_SUCCESS;
static int created;
static char last_error[256];

static cudaError_t as_cuda_error(cublasStatus_t s)
{
    switch (s) {
    case CUBLAS_STATUS_SUCCESS:
        return cudaSuccess;
    case CUBLAS_STATUS_ALLOC_FAILED:
        return cudaErrorMemoryAllocation;
    case CUBLAS_STATUS_NOT_INITIALIZED:
        return cudaErrorInitializationError;
    case CUBLAS_STATUS_INVALID_VALUE:
        return cudaErrorInvalidValue;
    case CUBLAS_STATUS_ARCH_MISMATCH:
    case CUBLAS_STATUS_NOT_SUPPORTED:
        return cudaErrorNotSupported;
    case CUBLAS_STATUS_EXECUTION_FAILED: {
        /* a kernel of cuBLAS failed: the CUDA error says whether it is sticky */
        cudaError_t e = cudaGetLastError();
        return e != cudaSuccess ? e : cudaErrorLaunchFailure;
    }
    default:
        return cudaErrorUnknown;
    }
}

static cudaError_t fail(const char *what, cublasStatus_t s)
{
    snprintf(last_error, sizeof last_error, "%s: %s (%s)", what, cublasGetStatusString(s), cublasGetStatusName(s));
    fprintf(stderr, "mmprof: cublas: %s\n", last_error);
    return as_cuda_error(s);
}

static cudaError_t ensure_handle(void)
{
    if (created)
        return create_status == CUBLAS_STATUS_SUCCESS ? cudaSuccess : as_cuda_error(create_status);
    created = 1;
    create_status = cublasCreate(&handle);
    if (create_status != CUBLAS_STATUS_SUCCESS)
        return fail("cublasCreate", create_status);
    cublasStatus_t s = cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH);
    cublasMath_t mode = CUBLAS_TF32_TENSOR_OP_MATH;
    if (s == CUBLAS_STATUS_SUCCESS)
        s = cublasGetMathMode(handle, &mode);
    if (s == CUBLAS_STATUS_SUCCESS && mode != CUBLAS_DEFAULT_MATH)
        s = CUBLAS_STATUS_NOT_SUPPORTED;
    if (s != CUBLAS_STATUS_SUCCESS) {
        create_status = s;
        cublasDestroy(handle);
        return fail("cublasSetMathMode(CUBLAS_DEFAULT_MATH)", s);
    }
    return cudaSuccess;
}

/* Row-major C = A B is column-major C^T = B^T A^T: the column-major views
 * of the row-major buffers are exactly B^T (n x k, ld n), A^T (k x m, ld
 * k) and C^T (n x m, ld n), so no transposition is needed. */
cudaError_t cublas_sgemm_rowmajor(const float *a, const float *b, float *c, int m, int n, int k,
                                  cudaStream_t stream)
{
    const float one = 1.0f, zero = 0.0f;
    cudaError_t e = ensure_handle();
    if (e != cudaSuccess)
        return e;
    cublasStatus_t s = cublasSetStream(handle, stream);
    if (s != CUBLAS_STATUS_SUCCESS)
        return fail("cublasSetStream", s);
    s = cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, b, n, a, k, &zero, c, n);
    if (s != CUBLAS_STATUS_SUCCESS)
        return fail("cublasSgemm", s);
    return cudaGetLastError();
}

const char *cublas_last_error(void)
{
    return last_error;
}
