#include "collector/launch_run.h"

#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>
#include <stdio.h>

#include "collector/cuda_check.h"
#include "collector/device.h"
#include "collector/l2_flush.h"
#include "collector/local_memory.h"
#include "collector/measure.h"
#include "collector/placement.h"
#include "collector/workload.h"
#include "common/shape_text.h"
#include "common/util.h"
#include "kernels/launch.h"
#include "rundir/plan.h"
#include "rundir/results.h"

static int run_flush(const struct l2_flush_buf *flush, long i, char *why, size_t why_len)
{
    if (l2_flush_buf_run(flush) >= 0)
        return 0;
    snprintf(why, why_len, "L2 flush before launch %ld failed: %s", i + 1, cudaGetErrorString(cudaGetLastError()));
    return -1;
}

/* Launch i (from 0), synchronised, between cudaProfilerStart and Stop, after
 * the flush when there is one. The flush goes inside that bracket only with
 * --profile-flush: a Stop ends ncu's profiling even when it started with the
 * application, so a flush outside is profiled before the first launch and
 * never after. */
static int launch_profiled(const struct launch_opts *o, const struct variant *v, const struct launch_args *a,
                           const struct l2_flush_buf *flush, long i, char *why, size_t why_len)
{
    if (flush && !o->profile_flush && run_flush(flush, i, why, why_len) != 0)
        return -1;
    CUDA_TRY(cudaProfilerStart(), "cudaProfilerStart");
    if (flush && o->profile_flush && run_flush(flush, i, why, why_len) != 0) {
        cudaProfilerStop();
        return -1;
    }
    CUDA_TRY(variant_launch(v, a, 0), v->name);
    CUDA_TRY(cudaDeviceSynchronize(), v->name);
    CUDA_TRY(cudaProfilerStop(), "cudaProfilerStop");
    return 0;
}

static int launch_all(const struct launch_opts *o, const struct variant *v, const struct launch_args *a,
                      const struct l2_flush_buf *flush, char *why, size_t why_len)
{
    for (long i = 0; i < o->warmup; i++) { /* outside the profiler bracket */
        CUDA_TRY(variant_launch(v, a, 0), v->name);
        CUDA_TRY(cudaDeviceSynchronize(), v->name);
    }
    int rc = 0;
    for (long i = 0; i < o->count && rc == 0; i++)
        rc = launch_profiled(o, v, a, flush, i, why, why_len);
    return rc;
}

/* One placement, laid out as a `collect --profile-only` run lays it out
 * (collect_loop.c's batch): the offset, the flush buffer, then each family's
 * workload in plan order, made and its variants verified before the next
 * family's is made (which also loads their code and, for cublas, its handle,
 * where collect does); then the profiled launches, in the order given: as much
 * memory in use before each buffer as in collect (under ncu the addresses
 * differ: docs/fidelity.md). */
static int launch_placement(const struct launch_opts *o, const struct plan *plan, long offset_mib,
                            const struct device_info *d, char *why, size_t why_len)
{
    void *offset = NULL;
    if (placement_offset_alloc("--buffer-offset-mb", offset_mib, &offset, why, why_len) != 0)
        return EXIT_USAGE;
    struct l2_flush_buf flush = {0};
    struct workload w[FAMILY_TRANSPOSE + 1]; /* by family */
    int made[FAMILY_TRANSPOSE + 1] = {0};
    struct collect_options verify_only = {.time_kernels = 0};
    struct measure_ctx mc = {&verify_only, d};
    int rc = o->l2_flush && l2_flush_buf_alloc(&flush, d->l2_bytes, why, why_len) != 0 ? EXIT_RUNTIME : 0;
    for (size_t i = 0; i < plan->n && rc == 0; i++) {
        const struct plan_item *it = &plan->items[i];
        enum family f = it->v->family;
        if (!made[f]) {
            made[f] = 1;
            if (workload_create(&w[f], f, &it->shape, o->seed, d->l2_bytes, why, why_len) != 0) {
                rc = EXIT_RUNTIME;
                break;
            }
        }
        struct result_row row;
        result_row_init(&row);
        int lost = measure_gpu_variant(&mc, it->v, &w[f], &row) != 0;
        if (lost || row.status != STATUS_OK) {
            char shape[64];
            shape_text(shape, sizeof shape, it->shape.m, it->shape.n, it->shape.k);
            snprintf(why, why_len, "%s %s at %s: %s", it->v->name,
                     row.status == STATUS_SKIPPED ? "cannot launch on this device" : "failed its verification",
                     shape, row.reason);
            rc = row.status == STATUS_SKIPPED ? EXIT_USAGE : EXIT_RUNTIME;
        }
    }
    for (int j = 0; j < o->nvariants && rc == 0; j++) {
        const struct workload *vw = &w[o->v[j]->family];
        struct launch_args a = workload_args(vw, 0);
        rc = launch_all(o, o->v[j], &a, o->l2_flush ? &flush : NULL, why, why_len) == 0 ? 0 : EXIT_RUNTIME;
    }
    for (int f = 0; f <= FAMILY_TRANSPOSE; f++)
        if (made[f])
            workload_destroy(&w[f]);
    l2_flush_buf_free(&flush);
    cudaFree(offset);
    return rc;
}

int launch_run(const struct launch_opts *o, char *why, size_t why_len)
{
    struct device_info d;
    struct plan plan = {0};
    int rc;
    if (plan_build(&plan, o->v, (size_t)o->nvariants, &o->s, 1) != 0) {
        snprintf(why, why_len, "out of memory planning %d launches", o->nvariants);
        return EXIT_RUNTIME;
    }
    if (device_count(why, why_len) <= 0 || device_open(o->device, &d, why, why_len) != 0) {
        plan_free(&plan);
        return EXIT_RUNTIME;
    }
    if (o->seed_fresh)
        fprintf(stderr, "mmprof: launch: input seed %llu (--seed to repeat)\n", (unsigned long long)o->seed);
    /* As collect does, first of all (local_memory.h). */
    const struct variant *vs[LAUNCH_MAX_VARIANTS];
    struct shape shapes[LAUNCH_MAX_VARIANTS];
    struct local_memory local;
    for (size_t i = 0; i < plan.n; i++) {
        vs[i] = plan.items[i].v;
        shapes[i] = plan.items[i].shape;
    }
    rc = local_memory_reserve(vs, shapes, plan.n, &d, o->local_memory_offset_mib, 0, &local, why, why_len);
    if (rc != 0) {
        local_memory_release(&local);
        plan_free(&plan);
        return rc == LOCAL_MEMORY_BAD_OFFSET ? EXIT_USAGE : EXIT_RUNTIME;
    }
    fprintf(stderr,
            "mmprof: launch: %zu MiB of device memory in use before the local memory reservation (%zu bytes a "
            "thread)\n",
            local.in_use_bytes >> 20, local.per_thread_bytes);
    for (int i = 0; i < o->noffsets && rc == 0; i++)
        rc = launch_placement(o, &plan, o->offsets_mib[i], &d, why, why_len);
    local_memory_release(&local);
    plan_free(&plan);
    return rc;
}
