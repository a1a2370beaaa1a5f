/* tr_copy (and the fast transposes) against cudaMemcpy device-to-device on
 * the same buffers, timed the same way as `collect` times variants (CUDA
 * events per launch, warm-up, median, buffer sets rotated so one pass over
 * them is >= 2x L2). Bandwidth counts bytes read + bytes written.
 *
 *   bench_d2d [ROWSxCOLS ...]     (default 4096x4096 8192x8192)
 *
 * Prints one line per shape; as a ctest (label gpu) it checks only that
 * everything ran. Skips (77) without a GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/cuda_check.h"
#include "collector/device.h"
#include "collector/timing.h"
#include "collector/workload.h"

#define MAX_SHAPES 32

static const struct timing_options timing = {.warmup = 3, .min_reps = 20, .max_reps = 2000, .budget_ms = 200};

/* Median ms of cudaMemcpyAsync D2D of the input of set i into the output of
 * set i, i rotating, as time_variant rotates launches. */
static int time_memcpy(struct workload *w, struct timing_stats *st, char *why, size_t why_len)
{
    size_t bytes = w->a_count * sizeof(float);
    int reps = timing.min_reps;
    for (int i = 0; i < timing.warmup; i++)
        CUDA_TRY(cudaMemcpyAsync(w->d_c[i % w->sets], w->d_a[i % w->sets], bytes, cudaMemcpyDeviceToDevice, 0),
                 "warm-up memcpy");
    cudaEvent_t ev[2001];
    double *ms = malloc(sizeof *ms * 2000);
    if (!ms) {
        snprintf(why, why_len, "out of host memory");
        return -1;
    }
    /* enough repetitions for the budget, as timing_reps decides for kernels */
    CUDA_TRY(cudaDeviceSynchronize(), "warm-up");
    for (int i = 0; i <= 1; i++)
        CUDA_TRY(cudaEventCreate(&ev[i]), "cudaEventCreate");
    CUDA_TRY(cudaEventRecord(ev[0], 0), "cudaEventRecord");
    CUDA_TRY(cudaMemcpyAsync(w->d_c[0], w->d_a[0], bytes, cudaMemcpyDeviceToDevice, 0), "memcpy");
    CUDA_TRY(cudaEventRecord(ev[1], 0), "cudaEventRecord");
    CUDA_TRY(cudaEventSynchronize(ev[1]), "estimate");
    float est = 0;
    CUDA_TRY(cudaEventElapsedTime(&est, ev[0], ev[1]), "cudaEventElapsedTime");
    reps = timing_reps(&timing, est);
    if (reps > 2000)
        reps = 2000;
    for (int i = 2; i <= reps; i++)
        CUDA_TRY(cudaEventCreate(&ev[i]), "cudaEventCreate");
    CUDA_TRY(cudaEventRecord(ev[0], 0), "cudaEventRecord");
    for (int i = 0; i < reps; i++) {
        int s = (i + 1) % w->sets;
        CUDA_TRY(cudaMemcpyAsync(w->d_c[s], w->d_a[s], bytes, cudaMemcpyDeviceToDevice, 0), "memcpy");
        CUDA_TRY(cudaEventRecord(ev[i + 1], 0), "cudaEventRecord");
    }
    CUDA_TRY(cudaEventSynchronize(ev[reps]), "memcpy runs");
    for (int i = 0; i < reps; i++) {
        float t;
        CUDA_TRY(cudaEventElapsedTime(&t, ev[i], ev[i + 1]), "cudaEventElapsedTime");
        ms[i] = t;
    }
    for (int i = 0; i <= reps; i++)
        cudaEventDestroy(ev[i]);
    timing_summarize(ms, reps, st);
    free(ms);
    return 0;
}

static int bench_shape(const struct device_info *d, const struct shape *s, char *why, size_t why_len)
{
    static const char *const names[] = {"tr_copy", "tr_vectorized", "tr_swizzled", "tr_padded"};
    struct workload w;
    struct timing_stats mc, st;
    double bytes = 2.0 * 4.0 * s->m * s->n;
    if (workload_create(&w, FAMILY_TRANSPOSE, s, 99, d->l2_bytes, why, why_len) != 0) {
        workload_destroy(&w);
        return -1;
    }
    if (time_memcpy(&w, &mc, why, why_len) != 0) {
        workload_destroy(&w);
        return -1;
    }
    double memcpy_gbs = bytes / (mc.median_ms * 1e6);
    printf("%6ld x %-6ld memcpy_d2d %8.1f GB/s", s->m, s->n, memcpy_gbs);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const struct variant *v = registry_find(names[i]);
        if (!v || time_variant(v, &w, &timing, &st, why, why_len) != 0) {
            workload_destroy(&w);
            if (!v)
                snprintf(why, why_len, "%s is not in the registry", names[i]);
            return -1;
        }
        double gbs = bytes / (st.median_ms * 1e6);
        free(st.samples_ms); /* time_variant keeps every launch's time */
        st.samples_ms = NULL;
        printf("  %s %8.1f (%.3f)", names[i], gbs, gbs / memcpy_gbs);
    }
    printf("   [GB/s (ratio to memcpy)] sets=%d\n", w.sets);
    workload_destroy(&w);
    return 0;
}

int main(int argc, char **argv)
{
    char why[512];
    struct device_info d;
    struct shape shapes[MAX_SHAPES];
    int n = 0;
    for (int i = 1; i < argc && n < MAX_SHAPES; i++) {
        long r, c;
        if (sscanf(argv[i], "%ldx%ld", &r, &c) != 2 || r < 1 || c < 1) {
            fprintf(stderr, "usage: bench_d2d [ROWSxCOLS ...]\n");
            return 2;
        }
        shapes[n++] = (struct shape){r, c, 0};
    }
    if (n == 0) {
        shapes[n++] = (struct shape){4096, 4096, 0};
        shapes[n++] = (struct shape){8192, 8192, 0};
    }
    if (device_count(why, sizeof why) <= 0) {
        printf("SKIPPED: %s\n", why);
        return 77;
    }
    if (device_open(0, &d, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        return 1;
    }
    printf("bench_d2d on %s: bandwidth = (bytes read + bytes written) / median time\n", d.name);
    for (int i = 0; i < n; i++)
        if (bench_shape(&d, &shapes[i], why, sizeof why) != 0) {
            fprintf(stderr, "bench_d2d: %ldx%ld: %s\n", shapes[i].m, shapes[i].n, why);
            return 1;
        }
    return 0;
}
