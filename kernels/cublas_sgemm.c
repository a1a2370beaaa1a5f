/* The `cublas` variant: cublasSgemm in plain FP32, the ceiling the
 * hand-written kernels are read against.
 *
 * cuBLAS is loaded with dlopen on the first launch of the variant, not
 * linked: mmprof then starts (list, analyze, report) where there is no
 * driver or no cuBLAS at all, and programs that never run the variant do
 * not map its 600 MB of libraries (valgrind takes ~23 s per start with them
 * linked). The library is the one of the toolkit we were built with
 * (libcublas.so.<CUBLAS_VER_MAJOR>), looked up the usual way and then next
 * to the libcudart we run with. A failed load or handle creation is
 * remembered and every later launch fails with the same message.
 *
 * Math mode CUBLAS_DEFAULT_MATH: SGEMM then runs FP32 FFMA kernels; TF32
 * tensor cores are used only under CUBLAS_TF32_TENSOR_OP_MATH (or
 * NVIDIA_TF32_OVERRIDE), which we never set. The mode is read back after
 * setting it so that a changed default is caught. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cublas_v2.h>

#include "kernels/kernel_table.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define CUBLAS_SONAME "libcublas.so." STR(CUBLAS_VER_MAJOR)

/* The entry points we use, by their exported (_v2) names. */
struct cublas_api {
    cublasStatus_t (*create)(cublasHandle_t *);
    cublasStatus_t (*destroy)(cublasHandle_t);
    cublasStatus_t (*set_stream)(cublasHandle_t, cudaStream_t);
    cublasStatus_t (*set_math_mode)(cublasHandle_t, cublasMath_t);
    cublasStatus_t (*get_math_mode)(cublasHandle_t, cublasMath_t *);
    cublasStatus_t (*sgemm)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int, const float *,
                            const float *, int, const float *, int, const float *, float *, int);
    const char *(*status_string)(cublasStatus_t);
    const char *(*status_name)(cublasStatus_t);
};

static struct cublas_api api;
static cublasHandle_t handle;
static int tried;            /* first launch done: the state below is final */
static cudaError_t ready_err = cudaSuccess;
static char last_error[512];

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
    snprintf(last_error, sizeof last_error, "%s: %s (%s)", what, api.status_string(s), api.status_name(s));
    fprintf(stderr, "mmprof: cublas: %s\n", last_error);
    return as_cuda_error(s);
}

/* dlopen by soname (LD_LIBRARY_PATH, the executable's RUNPATH, ldconfig),
 * else from the directory of the libcudart this process uses. */
static void *open_cublas(void)
{
    void *lib = dlopen(CUBLAS_SONAME, RTLD_NOW | RTLD_LOCAL);
    Dl_info info;
    if (lib)
        return lib;
    if (dladdr((void *)cudaGetDeviceCount, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
        char path[4096];
        snprintf(path, sizeof path, "%s", info.dli_fname);
        strcpy(strrchr(path, '/') + 1, CUBLAS_SONAME);
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    return lib;
}

/* Resolves every entry point; 0, or -1 with last_error set. */
static int load_api(void)
{
    void *lib = open_cublas();
    if (!lib) {
        snprintf(last_error, sizeof last_error, "cannot load %s: %s", CUBLAS_SONAME, dlerror());
        return -1;
    }
    struct {
        const char *name;
        void **slot;
    } syms[] = {
        {"cublasCreate_v2", (void **)&api.create},
        {"cublasDestroy_v2", (void **)&api.destroy},
        {"cublasSetStream_v2", (void **)&api.set_stream},
        {"cublasSetMathMode", (void **)&api.set_math_mode},
        {"cublasGetMathMode", (void **)&api.get_math_mode},
        {"cublasSgemm_v2", (void **)&api.sgemm},
        {"cublasGetStatusString", (void **)&api.status_string},
        {"cublasGetStatusName", (void **)&api.status_name},
    };
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        *syms[i].slot = dlsym(lib, syms[i].name);
        if (!*syms[i].slot) {
            snprintf(last_error, sizeof last_error, "%s has no %s", CUBLAS_SONAME, syms[i].name);
            return -1;
        }
    }
    return 0;
}

/* Registered after the CUDA runtime's own exit handler, so it runs first,
 * while the context the handle's buffers live in still exists. Without it
 * compute-sanitizer reports cuBLAS's workspace as leaked. */
static void destroy_handle(void)
{
    api.destroy(handle);
}

static cudaError_t make_handle(void)
{
    if (load_api() != 0) {
        fprintf(stderr, "mmprof: cublas: %s\n", last_error);
        return cudaErrorSharedObjectInitFailed;
    }
    cublasStatus_t s = api.create(&handle);
    if (s != CUBLAS_STATUS_SUCCESS)
        return fail("cublasCreate", s);
    s = api.set_math_mode(handle, CUBLAS_DEFAULT_MATH);
    cublasMath_t mode = CUBLAS_TF32_TENSOR_OP_MATH;
    if (s == CUBLAS_STATUS_SUCCESS)
        s = api.get_math_mode(handle, &mode);
    if (s == CUBLAS_STATUS_SUCCESS && mode != CUBLAS_DEFAULT_MATH)
        s = CUBLAS_STATUS_NOT_SUPPORTED;
    if (s != CUBLAS_STATUS_SUCCESS) {
        api.destroy(handle);
        return fail("cublasSetMathMode(CUBLAS_DEFAULT_MATH)", s);
    }
    atexit(destroy_handle);
    return cudaSuccess;
}

/* Row-major C = A B is column-major C^T = B^T A^T: the column-major views
 * of the row-major buffers are exactly B^T (n x k, ld n), A^T (k x m, ld
 * k) and C^T (n x m, ld n), so no transposition is needed. */
static cudaError_t cublas_sgemm_rowmajor(const float *a, const float *b, float *c, int m, int n, int k,
                                         cudaStream_t stream)
{
    const float one = 1.0f, zero = 0.0f;
    if (!tried) {
        tried = 1;
        ready_err = make_handle();
    }
    if (ready_err != cudaSuccess)
        return ready_err;
    cublasStatus_t s = api.set_stream(handle, stream);
    if (s != CUBLAS_STATUS_SUCCESS)
        return fail("cublasSetStream", s);
    s = api.sgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k, &one, b, n, a, k, &zero, c, n);
    if (s != CUBLAS_STATUS_SUCCESS)
        return fail("cublasSgemm", s);
    return cudaGetLastError();
}

/* What the last failure said: cuBLAS's status, or why it could not load. */
static const char *cublas_last_error(void)
{
    return last_error;
}

/* The shape fits int (launch.cu checked it). */
static cudaError_t cublas_launch(const struct launch_args *a, cudaStream_t stream)
{
    return cublas_sgemm_rowmajor(a->a, a->b, a->c, (int)a->shape.m, (int)a->shape.n, (int)a->shape.k, stream);
}

/* The kernel table's entry of the cublas kind: a library call, no kernel of
 * ours (cuBLAS picks its own launches). */
const struct kind_kernels kernels_MM_CUBLAS = {NULL, cublas_launch, cublas_last_error};
