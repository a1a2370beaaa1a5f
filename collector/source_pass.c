/* collect --source (source_pass.h). One sampled launch per verified GPU row,
 * on the row's own buffers, after its timing and counters, so neither sees
 * the sampling. */
#include "collector/source_pass.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rundir/source_csv.h"
#include "common/util.h"
#include "kernels/launch.h"
#include "rundir/run_files.h"

struct sampled_launch {
    const struct variant *v;
    struct workload *w;
};

/* The kernel once, finished before the sampling range closes. */
static int launch_and_wait(void *arg)
{
    struct sampled_launch *l = arg;
    struct launch_args a = workload_args(l->w, 0);
    if (variant_launch(l->v, &a, 0) != cudaSuccess)
        return -1;
    return cudaDeviceSynchronize() == cudaSuccess ? 0 : -1;
}

static void stop_sampling(struct run *r, const char *why)
{
    msg_warn("--source: no PC samples from here on: %s; the rows are measured as without --source", why);
    pcs_close(r->pcs);
    r->pcs = NULL;
}

int source_pass_open(struct run *r)
{
    char why[1024];
    if (!r->opt->source || r->replay)
        return 0;
    enum profiler_status st = pcs_open(&r->pcs, r->opt->device, why, sizeof why);
    if (st == PROFILER_OK)
        return 0;
    if (!profiler_status_timing_continues(st)) {
        msg_error("--source: %s", why);
        return EXIT_RUNTIME;
    }
    msg_warn("--source: no PC sampling here: %s (docs/restricted.md); collecting without source lines", why);
    return 0;
}

int source_pass_attach(struct run *r)
{
    char why[1024];
    if (!r->pcs)
        return 0;
    enum profiler_status st = pcs_attach(r->pcs, NULL, why, sizeof why);
    if (st == PROFILER_OK)
        return 0;
    if (!profiler_status_timing_continues(st)) {
        msg_error("--source: %s", why);
        return EXIT_RUNTIME;
    }
    stop_sampling(r, why);
    return 0;
}

void source_pass_pause(struct run *r)
{
    pcs_pause(r->pcs);
}

int source_pass_start(struct run *r)
{
    char why[4400];
    if (!r->pcs)
        return 0;
    if (!(r->source = source_csv_open(r->dir, why, sizeof why))) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    return 0;
}

static int write_samples(struct run *r, const struct plan_item *it, struct pcs_result *res)
{
    for (size_t i = 0; i < res->n; i++) {
        res->rows[i].variant = it->v->name;
        res->rows[i].m = it->shape.m;
        res->rows[i].n = it->shape.n;
        res->rows[i].k = it->shape.k;
    }
    if (source_csv_append(r->source, res->rows, res->n) != 0) {
        msg_error("cannot append to %s/%s (disk full?); the rows of " RESULTS_CSV " are safe", r->dir, SOURCE_CSV);
        return -1;
    }
    if (res->n == 0)
        msg_warn("--source: %s got no PC samples (%llu taken in all, %llu dropped)", it->v->name,
                 res->total_samples, res->dropped_samples);
    else if (res->dropped_samples * 100 > res->total_samples)
        msg_warn("--source: %s lost %llu of its %llu PC samples (hardware buffer full): the stall shares may "
                 "lean away from its last instructions", it->v->name, res->dropped_samples, res->total_samples);
    else if (res->pcs_without_line > 0)
        msg_warn("--source: %zu sampled instructions of %s have no source line: its cubin has no line table "
                 "(build with -lineinfo) or was loaded before sampling began", res->pcs_without_line, it->v->name);
    return 0;
}

int source_pass_row(struct run *r, struct workload *w, const struct plan_item *it, const struct result_row *row)
{
    char why[1024];
    if (!r->pcs || !r->source || row->status != STATUS_OK || !variant_on_gpu(it->v))
        return 0;
    struct sampled_launch l = {it->v, w};
    struct pcs_result res;
    unsigned period = pcs_period_log2(row->runtime_ms, r->dev.sm_clock_max_mhz);
    /* The kernel starts from an empty L2, as under ncu's cache control and
       as its counters did: a store-bound transpose drained 13 % of its
       samples from a warm L2 against ncu's 20 % (H100, 2048x2048). */
    if (!r->source_flush_ready &&
        l2_flush_buf_alloc(&r->source_flush, r->dev.l2_bytes, why, sizeof why) != 0) {
        l2_flush_buf_free(&r->source_flush);
        stop_sampling(r, why);
        return 0;
    }
    r->source_flush_ready = 1;
    if (l2_flush_buf_run(&r->source_flush) < 0) {
        stop_sampling(r, "the L2 flush before the sampled launch failed");
        return 0;
    }
    if (r->counters)
        counters_suspend(r->counters);
    enum profiler_status st = pcs_sample(r->pcs, period, launch_and_wait, &l, &res, why, sizeof why);
    int rc = st == PROFILER_OK ? write_samples(r, it, &res) : 0;
    pcs_result_free(&res);
    if (st != PROFILER_OK)
        stop_sampling(r, why);
    if (r->counters && counters_resume(r->counters, why, sizeof why) != 0) {
        msg_error("after PC sampling %s: %s", it->v->name, why);
        return -1;
    }
    return rc;
}

void source_pass_close(struct run *r)
{
    if (r->source_flush_ready)
        l2_flush_buf_free(&r->source_flush);
    r->source_flush_ready = 0;
    if (r->source)
        fclose(r->source);
    r->source = NULL;
    pcs_close(r->pcs);
    r->pcs = NULL;
}
