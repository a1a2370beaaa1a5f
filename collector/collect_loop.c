#include <cuda_runtime_api.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collector/collect_run.h"
#include "collector/measure.h"
#include "collector/workload.h"
#include "common/util.h"
#include "kernels/launch.h"

static void init_row(struct run *r, const struct plan_item *it, char *params, size_t len, struct result_row *row)
{
    result_row_init(row);
    row->variant = it->v->name;
    row->family = family_name(it->v->family);
    row->m = it->shape.m;
    row->n = it->shape.n;
    row->k = it->shape.k;
    row->params = variant_params_at(it->v, &it->shape, params, len);
    row->nmetrics = r->meta.nmetrics;
}

static int append(struct run *r, const struct result_row *row)
{
    if (results_append(r->results, row) == 0)
        return 0;
    msg_error("cannot append to %s/results.csv: %s (disk full?); rows before this one are safe: "
              "`mmprof collect --resume %s` completes the run",
              r->dir, strerror(errno), r->dir);
    return -1;
}

/* Every item of a family at a shape whose buffers could not be made. */
static int write_skipped(struct run *r, const struct plan_item *it, const char *why)
{
    char params[64];
    struct result_row row;
    init_row(r, it, params, sizeof params, &row);
    row.status = STATUS_SKIPPED;
    row_reason(&row, "%s", why);
    progress_row(&r->progress, &row);
    return append(r, &row);
}

static int make_workload(struct run *r, const struct plan_item *it, struct workload *w, char *why, size_t why_len)
{
    size_t free_b = 0, total_b = 0;
    int sets;
    size_t need = workload_device_bytes(it->v->family, &it->shape, r->dev.l2_bytes, &sets);
    /* Checked before allocating, so a too-large size is a clear skip and not
     * an out-of-memory error halfway through. */
    if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess && need > free_b) {
        snprintf(why, why_len, "needs %.2f GiB of device memory, %.2f GiB free (choose smaller --sizes)",
                 need / 1073741824.0, free_b / 1073741824.0);
        return 1;
    }
    if (workload_create(w, it->v->family, &it->shape, r->opt->seed, r->dev.l2_bytes, why, why_len) != 0) {
        workload_destroy(w);
        return -1;
    }
    return 0;
}

static int measure_item(struct run *r, const struct plan_item *it, struct workload *w)
{
    char params[64];
    struct result_row row;
    struct measure_ctx mc = {r->opt, &r->dev, r->counters, r->metric_values};
    init_row(r, it, params, sizeof params, &row);
    progress_start(&r->progress, it->v->name, &it->shape);
    int rc = variant_on_gpu(it->v) ? measure_gpu_variant(&mc, it->v, w, &row) : measure_cpu_variant(&mc, it->v, w, &row);
    progress_row(&r->progress, &row);
    if (append(r, &row) != 0)
        return -1;
    if (rc != 0)
        msg_error("the CUDA context was lost (%s); stopping: rows so far are in %s (--resume completes it)",
                  row.reason, r->dir);
    return rc;
}

static int replay_item(struct run *r, const struct plan_item *it)
{
    char params[64];
    struct result_row row;
    init_row(r, it, params, sizeof params, &row);
    progress_start(&r->progress, it->v->name, &it->shape);
    if (r->opt->replay_delay_ms > 0) {
        struct timespec ts = {(time_t)(r->opt->replay_delay_ms / 1e3),
                              (long)((long long)(r->opt->replay_delay_ms * 1e6) % 1000000000LL)};
        nanosleep(&ts, NULL);
    }
    int rc = replay_row(r->replay, it->v, &it->shape, r->results, &row);
    progress_row(&r->progress, &row);
    if (rc != 0)
        msg_error("cannot append to %s/results.csv (disk full?)", r->dir);
    return rc;
}

static int wanted(const struct run *r, const struct plan_item *it)
{
    return !it->done && it->shard == r->opt->shard_index;
}

static int same_group(const struct plan_item *a, const struct plan_item *b)
{
    return a->v->family == b->v->family && a->shape.m == b->shape.m && a->shape.n == b->shape.n &&
           a->shape.k == b->shape.k;
}

/* Items [first, end) share a family and a shape, so they share one workload. */
static int run_group(struct run *r, size_t first, size_t end)
{
    char why[512] = "";
    struct workload w;
    int made = 1, rc = 0, have = 0;
    for (size_t i = first; i < end && rc == 0 && !collect_stop_requested; i++) {
        const struct plan_item *it = &r->plan.items[i];
        if (!wanted(r, it))
            continue;
        if (r->replay) {
            rc = replay_item(r, it);
            continue;
        }
        if (!have) {
            have = 1;
            made = make_workload(r, it, &w, why, sizeof why);
            if (made < 0) {
                msg_error("%s", why);
                return -1;
            }
        }
        rc = made == 0 ? measure_item(r, it, &w) : write_skipped(r, it, why);
    }
    if (have && made == 0)
        workload_destroy(&w);
    return rc;
}

int collect_items(struct run *r)
{
    size_t first = 0;
    while (first < r->plan.n && !collect_stop_requested) {
        size_t end = first + 1;
        while (end < r->plan.n && same_group(&r->plan.items[first], &r->plan.items[end]))
            end++;
        if (run_group(r, first, end) != 0)
            return -1;
        first = end;
    }
    return 0;
}
