/* The CPU baseline: cblas_sgemm from whatever CBLAS the system has, found
 * with dlopen so that mmprof builds and starts without one. */
#include "kernels/cpu_blas.h"

#include "kernels/kernel_table.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* CBLAS constants, spelled out so no cblas.h is needed at build time. */
enum { CBLAS_ROW_MAJOR = 101, CBLAS_NO_TRANS = 111 };

typedef void (*sgemm_fn)(int order, int trans_a, int trans_b, int m, int n, int k, float alpha,
                         const float *a, int lda, const float *b, int ldb, float beta, float *c,
                         int ldc);
typedef int (*int_fn)(void);
typedef char *(*str_fn)(void);

/* Tried in order: OpenBLAS first (threaded, the seed's kind of baseline),
 * then a generic CBLAS, then libblas, which on Debian carries the CBLAS
 * symbols and may itself be OpenBLAS through alternatives. */
static const char *const candidates[] = {"libopenblas.so.0", "libopenblas.so", "libcblas.so.3",
                                         "libblas.so.3"};

static const char *lib_name;
static sgemm_fn sgemm;
static int_fn get_num_threads;
static str_fn get_config;

/* dlsym returns an object pointer; copying its bytes into a function pointer
 * is the POSIX-sanctioned conversion and keeps -pedantic quiet. */
static void sym(void *handle, const char *name, void *fn_ptr, size_t fn_size)
{
    void *p = dlsym(handle, name);
    if (fn_size == sizeof p)
        memcpy(fn_ptr, &p, sizeof p);
}

int cpu_blas_open(char *why, size_t why_len)
{
    if (sgemm)
        return 0;
    const char *without_sgemm = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        void *h = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        if (h == NULL)
            continue;
        sgemm_fn f = NULL;
        sym(h, "cblas_sgemm", &f, sizeof f);
        if (f == NULL) {
            without_sgemm = candidates[i];
            dlclose(h);
            continue;
        }
        /* h stays open for the life of the process */
        lib_name = candidates[i];
        sgemm = f;
        sym(h, "openblas_get_num_threads", &get_num_threads, sizeof get_num_threads);
        sym(h, "openblas_get_config", &get_config, sizeof get_config);
        return 0;
    }
    if (why != NULL && why_len > 0) {
        if (without_sgemm != NULL)
            snprintf(why, why_len,
                     "no CPU BLAS with cblas_sgemm found (%s has none; install libopenblas0: "
                     "apt-get install libopenblas0)",
                     without_sgemm);
        else
            snprintf(why, why_len,
                     "no CPU BLAS found (tried libopenblas.so.0, libopenblas.so, libcblas.so.3, "
                     "libblas.so.3; install libopenblas0: apt-get install libopenblas0)");
    }
    return -1;
}

const char *cpu_blas_library(void)
{
    return lib_name != NULL ? lib_name : "none";
}

int cpu_blas_threads(void)
{
    return get_num_threads != NULL ? get_num_threads() : 0;
}

const char *cpu_blas_config(void)
{
    const char *c = get_config != NULL ? get_config() : NULL;
    return c != NULL ? c : "";
}

void cpu_blas_sgemm(const float *a, const float *b, float *c, struct shape s)
{
    int m = (int)s.m, n = (int)s.n, k = (int)s.k;
    sgemm(CBLAS_ROW_MAJOR, CBLAS_NO_TRANS, CBLAS_NO_TRANS, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
}

/* The kernel table's entry of the CPU kind: it runs on the host
 * (measure_cpu.c calls cpu_blas_sgemm), so there is nothing to launch. */
const struct kind_kernels kernels_MM_CPU = {NULL, NULL, NULL};
