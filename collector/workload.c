#include "collector/workload.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/cuda_check.h"
#include "collector/event_timer.h"
#include "common/rng.h"
#include "common/trace.h"
#include "kernels/launch.h"
#include "kernels/reference_cpu.h"

/* Below this many multiply-adds the CPU reference is quicker than a launch. */
#define CPU_REFERENCE_MAX_FMAS (1L << 21)
#define MAX_ROTATION_SETS 64

enum reference_kind reference_for(const struct variant *v)
{
    return kind_of(v)->reference;
}

static void counts(enum family f, const struct shape *s, size_t *a, size_t *b, size_t *c)
{
    if (f == FAMILY_MATMUL) {
        *a = (size_t)s->m * s->k;
        *b = (size_t)s->k * s->n;
    } else {
        *a = (size_t)s->m * s->n;
        *b = 0;
    }
    *c = (size_t)s->m * s->n;
}

size_t workload_device_bytes(enum family f, const struct shape *s, size_t l2_bytes, int *sets)
{
    size_t a, b, c;
    counts(f, s, &a, &b, &c);
    size_t set_bytes = (a + b + c) * sizeof(float);
    /* Rotate through enough copies that one pass over them is >= 2x L2, as
     * the CUTLASS profiler does, so timed launches start from DRAM. */
    size_t n = set_bytes >= 2 * l2_bytes ? 1 : (2 * l2_bytes + set_bytes - 1) / set_bytes;
    if (n > MAX_ROTATION_SETS)
        n = MAX_ROTATION_SETS;
    if (sets)
        *sets = (int)n;
    return n * set_bytes + c * sizeof(double) + 64;
}

/* Every device buffer of a workload, in one order whoever calls it
 * (workload_create, workload_reserve): verification allocates none later. */
static int alloc_sets(struct workload *w, char *why, size_t why_len)
{
    w->d_a = calloc((size_t)w->sets, sizeof *w->d_a);
    w->d_b = calloc((size_t)w->sets, sizeof *w->d_b);
    w->d_c = calloc((size_t)w->sets, sizeof *w->d_c);
    if (!w->d_a || !w->d_b || !w->d_c) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    for (int i = 0; i < w->sets; i++) {
        CUDA_TRY(cudaMalloc((void **)&w->d_a[i], w->a_count * sizeof(float)), "cudaMalloc A");
        if (w->b_count)
            CUDA_TRY(cudaMalloc((void **)&w->d_b[i], w->b_count * sizeof(float)), "cudaMalloc B");
        CUDA_TRY(cudaMalloc((void **)&w->d_c[i], w->c_count * sizeof(float)), "cudaMalloc C");
    }
    CUDA_TRY(cudaMalloc((void **)&w->d_ref, w->c_count * sizeof(double)), "cudaMalloc reference");
    CUDA_TRY(cudaMalloc((void **)&w->d_sums, 2 * sizeof(double)), "cudaMalloc sums");
    CUDA_TRY(cudaMalloc((void **)&w->d_nonfinite, sizeof(unsigned long long)), "cudaMalloc count");
    /* Where they landed, to compare two runs' layouts (MMPROF_TRACE=1). */
    if (trace_on())
        fprintf(stderr, "mmprof-trace: workload %s %ldx%ldx%ld: %d sets from %p to %p\n", family_name(w->family),
                w->shape.m, w->shape.n, w->shape.k, w->sets, (void *)w->d_a[0], (void *)w->d_nonfinite);
    return 0;
}

static int upload_inputs(struct workload *w, char *why, size_t why_len)
{
    struct event_timer t;
    if (event_timer_start(&t, why, why_len) != 0)
        return -1;
    cudaError_t e = cudaMemcpyAsync(w->d_a[0], w->h_a, w->a_count * sizeof(float), cudaMemcpyHostToDevice, 0);
    if (e == cudaSuccess && w->b_count)
        e = cudaMemcpyAsync(w->d_b[0], w->h_b, w->b_count * sizeof(float), cudaMemcpyHostToDevice, 0);
    if (e != cudaSuccess) {
        event_timer_abort(&t);
        snprintf(why, why_len, "upload inputs: %s (%s)", cudaGetErrorString(e), cudaGetErrorName(e));
        return -1;
    }
    if (event_timer_stop_ms(&t, "upload inputs", &w->h2d_ms, why, why_len) != 0)
        return -1;
    for (int i = 1; i < w->sets; i++) {
        CUDA_TRY(cudaMemcpy(w->d_a[i], w->d_a[0], w->a_count * sizeof(float), cudaMemcpyDeviceToDevice),
                 "copy A");
        if (w->b_count)
            CUDA_TRY(cudaMemcpy(w->d_b[i], w->d_b[0], w->b_count * sizeof(float), cudaMemcpyDeviceToDevice),
                     "copy B");
    }
    return 0;
}

/* The sizes of a workload, nothing allocated yet. */
static void workload_init(struct workload *w, enum family f, const struct shape *s, size_t l2_bytes)
{
    memset(w, 0, sizeof *w);
    w->family = f;
    w->shape = *s;
    w->ref_kind = REF_NONE;
    counts(f, s, &w->a_count, &w->b_count, &w->c_count);
    workload_device_bytes(f, s, l2_bytes, &w->sets);
}

int workload_reserve(struct workload *w, enum family f, const struct shape *s, size_t l2_bytes, char *why,
                     size_t why_len)
{
    workload_init(w, f, s, l2_bytes);
    return alloc_sets(w, why, why_len);
}

int workload_create(struct workload *w, enum family f, const struct shape *s, uint64_t seed,
                    size_t l2_bytes, char *why, size_t why_len)
{
    workload_init(w, f, s, l2_bytes);
    CUDA_TRY(cudaMallocHost((void **)&w->h_a, w->a_count * sizeof(float)), "cudaMallocHost A");
    if (w->b_count)
        CUDA_TRY(cudaMallocHost((void **)&w->h_b, w->b_count * sizeof(float)), "cudaMallocHost B");
    CUDA_TRY(cudaMallocHost((void **)&w->h_c, w->c_count * sizeof(float)), "cudaMallocHost C");
    /* Streams keyed by shape so every size gets its own fresh matrices. */
    uint64_t stream = (uint64_t)s->m * 73856093u ^ (uint64_t)s->n * 19349663u ^ (uint64_t)s->k * 83492791u;
    rng_fill_uniform(w->h_a, w->a_count, seed, 2 * stream + 1);
    if (w->b_count)
        rng_fill_uniform(w->h_b, w->b_count, seed, 2 * stream + 2);
    if (alloc_sets(w, why, why_len) != 0)
        return -1;
    return upload_inputs(w, why, why_len);
}

void workload_destroy(struct workload *w)
{
    for (int i = 0; i < w->sets; i++) {
        if (w->d_a)
            cudaFree(w->d_a[i]);
        if (w->d_b)
            cudaFree(w->d_b[i]);
        if (w->d_c)
            cudaFree(w->d_c[i]);
    }
    free(w->d_a);
    free(w->d_b);
    free(w->d_c);
    cudaFree(w->d_ref);
    cudaFree(w->d_sums);
    cudaFree(w->d_nonfinite);
    cudaFreeHost(w->h_a);
    cudaFreeHost(w->h_b);
    cudaFreeHost(w->h_c);
    memset(w, 0, sizeof *w);
}

struct launch_args workload_args(const struct workload *w, int set)
{
    int i = set % w->sets;
    struct launch_args a = {w->d_a[i], w->b_count ? w->d_b[i] : NULL, w->d_c[i], w->shape};
    return a;
}

static int reference_on_cpu(struct workload *w, enum reference_kind k, char *why, size_t why_len)
{
    double *ref = malloc(w->c_count * sizeof *ref);
    if (!ref) {
        snprintf(why, why_len, "out of host memory for the CPU reference");
        return -1;
    }
    if (k == REF_MATMUL)
        reference_matmul_cpu(w->h_a, w->h_b, ref, w->shape);
    else if (k == REF_TRANSPOSE)
        reference_transpose_cpu(w->h_a, ref, w->shape);
    else
        for (size_t i = 0; i < w->c_count; i++)
            ref[i] = w->h_a[i];
    cudaError_t e = cudaMemcpy(w->d_ref, ref, w->c_count * sizeof *ref, cudaMemcpyHostToDevice);
    free(ref);
    CUDA_TRY(e, "upload CPU reference");
    return 0;
}

static int ensure_reference(struct workload *w, enum reference_kind k, char *why, size_t why_len)
{
    if (w->ref_kind == k)
        return 0;
    long fmas = k == REF_MATMUL ? w->shape.m * w->shape.n * w->shape.k : w->shape.m * w->shape.n;
    if (fmas <= CPU_REFERENCE_MAX_FMAS) {
        if (reference_on_cpu(w, k, why, why_len) != 0)
            return -1;
    } else if (k == REF_MATMUL) {
        CUDA_TRY(reference_matmul_f64(w->d_a[0], w->d_b[0], w->d_ref, w->shape, 0), "FP64 reference matmul");
    } else if (k == REF_TRANSPOSE) {
        CUDA_TRY(reference_transpose_f64(w->d_a[0], w->d_ref, w->shape, 0), "FP64 reference transpose");
    } else {
        CUDA_TRY(reference_copy_f64(w->d_a[0], w->d_ref, w->c_count, 0), "FP64 reference copy");
    }
    CUDA_TRY(cudaDeviceSynchronize(), "FP64 reference");
    w->ref_kind = k;
    return 0;
}

int workload_compare(struct workload *w, enum reference_kind k, double *rel_err,
                     unsigned long long *nonfinite, char *why, size_t why_len)
{
    double sums[2];
    if (ensure_reference(w, k, why, why_len) != 0)
        return -1;
    CUDA_TRY(compare_f32_f64(w->d_c[0], w->d_ref, w->c_count, w->d_sums, w->d_nonfinite, 0), "compare");
    CUDA_TRY(cudaMemcpy(sums, w->d_sums, sizeof sums, cudaMemcpyDeviceToHost), "read comparison");
    CUDA_TRY(cudaMemcpy(nonfinite, w->d_nonfinite, sizeof *nonfinite, cudaMemcpyDeviceToHost),
             "read comparison");
    /* ||ref|| is never 0 for random inputs; guard anyway so 0/0 is not "ok". */
    *rel_err = sums[1] > 0 ? sqrt(sums[0] / sums[1]) : sqrt(sums[0]);
    return 0;
}

/* MMPROF_INJECT_FAULT=VARIANT, a debugging switch (docs/restricted.md): that
 * variant's verification launch writes through an unmapped address, a real
 * kernel fault that loses the CUDA context, so a GPU test can check how
 * collect survives one. */
static int fault_injected(const struct variant *v)
{
    const char *name = getenv("MMPROF_INJECT_FAULT");
    return name && strcmp(name, v->name) == 0;
}

int workload_verify(struct workload *w, const struct variant *v, double *rel_err,
                    unsigned long long *nonfinite, int *sticky, char *why, size_t why_len)
{
    struct launch_args a = workload_args(w, 0);
    *sticky = 0;
    /* 0xFF bytes are NaN floats: any element the kernel does not write fails. */
    CUDA_TRY(cudaMemset(w->d_c[0], 0xFF, w->c_count * sizeof(float)), "poison output");
    if (fault_injected(v))
        a.c = (float *)(uintptr_t)0x10; /* the null page: never mapped */
    cudaError_t e = variant_launch(v, &a, 0);
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        *sticky = cuda_error_is_sticky(e);
        snprintf(why, why_len, "launch failed: %s (%s)", cudaGetErrorString(e), cudaGetErrorName(e));
        return -1;
    }
    return workload_compare(w, reference_for(v), rel_err, nonfinite, why, why_len);
}

int workload_download_ms(struct workload *w, double *ms, char *why, size_t why_len)
{
    struct event_timer t;
    if (event_timer_start(&t, why, why_len) != 0)
        return -1;
    cudaError_t e = cudaMemcpyAsync(w->h_c, w->d_c[0], w->c_count * sizeof(float), cudaMemcpyDeviceToHost, 0);
    if (e != cudaSuccess) {
        event_timer_abort(&t);
        snprintf(why, why_len, "download C: %s (%s)", cudaGetErrorString(e), cudaGetErrorName(e));
        return -1;
    }
    return event_timer_stop_ms(&t, "download C", ms, why, why_len);
}
