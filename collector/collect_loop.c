#include <cuda_runtime_api.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "collector/collect_loop.h"
#include "collector/measure.h"
#include "collector/source_pass.h"
#include "collector/workload.h"
#include "common/cuda_sticky.h"
#include "common/samples.h"
#include "common/trace.h"
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

/* A row the disk did not take (results_append took it back whole). */
static int append_failed(struct run *r, const char *file)
{
    msg_error("cannot append to %s/%s: %s (disk full?); rows before this one are safe: "
              "`mmprof collect --resume %s` completes the run",
              r->dir, file, strerror(errno), r->dir);
    return -1;
}

/* The samples first: a row in results.csv always has its line (samples.h). */
static int append(struct run *r, const struct result_row *row)
{
    if (row->nsamples > 0 && r->samples &&
        samples_append(r->samples, row->variant, row->m, row->n, row->k, row->samples_ms, row->nsamples) != 0)
        return append_failed(r, SAMPLES_FILE);
    return results_append(r->results, row) == 0 ? 0 : append_failed(r, "results.csv");
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

static int wanted(const struct run *r, const struct plan_item *it)
{
    return !it->done && it->shard == r->opt->shard_index;
}

/* Verifies and times one item into row (no counters yet). */
static int measure_row(struct run *r, const struct plan_item *it, struct workload *w, struct result_row *row,
                       char *params, size_t params_len)
{
    struct measure_ctx mc = {r->opt, &r->dev};
    init_row(r, it, params, params_len, row);
    progress_start(&r->progress, it->v->name, &it->shape);
    return variant_on_gpu(it->v) ? measure_gpu_variant(&mc, it->v, w, row) : measure_cpu_variant(&mc, it->v, w, row);
}

/* After a kernel fault no later launch can run in this process: the run
 * stops, and a --resume (a new process, a new context) measures the rest. */
static int context_lost(struct run *r, const char *reason, size_t unwritten)
{
    char held[160] = "";
    if (unwritten > 0)
        snprintf(held, sizeof held, "; the %zu row%s measured before it in its group, without counters yet, will be "
                 "measured again", unwritten, unwritten == 1 ? "" : "s");
    r->context_lost = 1;
    msg_error("the CUDA context was lost (%s); stopping: rows so far are in %s, `mmprof collect --resume %s` "
              "measures the rest%s",
              reason, r->dir, r->dir, held);
    return -1;
}

static int finish_row(struct run *r, const struct result_row *row, int rc)
{
    progress_row(&r->progress, row);
    if (append(r, row) != 0)
        return -1;
    return rc != 0 ? context_lost(r, row->reason, 0) : 0;
}

static int measure_item(struct run *r, const struct plan_item *it, struct workload *w)
{
    char params[64];
    struct result_row row;
    int rc = measure_row(r, it, w, &row, params, sizeof params);
    rc = finish_row(r, &row, rc);
    if (rc == 0)
        rc = source_pass_row(r, w, it, &row);
    free(row.samples_ms);
    return rc;
}

/* A row of a profiled group, held until the group's counters are in. */
struct held_row {
    const struct plan_item *it;
    struct result_row row;
    char params[64];
    char range[128];
    long launch; /* its index in the counters batch, -1 = not profiled */
};

/* The held rows that verified on the GPU become one counters batch; each row
 * gets its values (pointing into values) or the reason it has none. */
static void count_held(struct run *r, struct workload *w, struct held_row *held, size_t nheld,
                       struct counters_range *cr, double *values)
{
    size_t ncols = counters_columns(r->counters), n = 0;
    for (size_t i = 0; i < nheld; i++) {
        struct held_row *h = &held[i];
        h->launch = -1;
        if (h->row.status != STATUS_OK || !variant_on_gpu(h->it->v))
            continue;
        range_name(h->it->v, &h->it->shape, h->range, sizeof h->range);
        cr[n] = (struct counters_range){.v = h->it->v, .range = h->range, .values = &values[n * ncols]};
        h->launch = (long)n++;
    }
    if (n > 0) {
        source_pass_pause(r);
        counters_measure_batch(r->counters, w, cr, n);
    }
    for (size_t i = 0; i < nheld; i++) {
        struct held_row *h = &held[i];
        if (h->launch < 0)
            continue;
        if (cr[h->launch].failed)
            row_reason(&h->row, "counters not collected: %s", cr[h->launch].why);
        else
            h->row.metrics = cr[h->launch].values;
    }
}

/* Items [first, end) sharing workload w, with counters: each is verified and
 * timed as usual, then all are profiled in one batch, so the config images are
 * switched once per group rather than once per item; then the rows are
 * written. A lost context stops the measuring: the faulting row is written,
 * failed with the CUDA error; the rows held before it are not, as they lack
 * their counters, so --resume measures them whole. */
static int measure_group_profiled(struct run *r, size_t first, size_t end, struct workload *w)
{
    size_t cap = end - first, ncols = counters_columns(r->counters), nheld = 0;
    struct held_row *held = calloc(cap, sizeof *held);
    struct counters_range *cr = calloc(cap, sizeof *cr);
    double *values = calloc(cap * (ncols ? ncols : 1), sizeof *values);
    int rc = 0, lost = 0;
    double t0 = now_ms();
    if (!held || !cr || !values) {
        msg_error("out of memory holding the rows of %zu items", cap);
        rc = -1;
    }
    for (size_t i = first; i < end && rc == 0 && !lost && !collect_stop_requested; i++) {
        if (!wanted(r, &r->plan.items[i]))
            continue;
        struct held_row *h = &held[nheld++];
        h->it = &r->plan.items[i];
        lost = measure_row(r, h->it, w, &h->row, h->params, sizeof h->params) != 0;
    }
    trace_since("collect: verify and time a group", t0);
    t0 = now_ms();
    if (rc == 0 && !lost && nheld > 0)
        count_held(r, w, held, nheld, cr, values);
    trace_since("collect: counters of a group", t0);
    for (size_t i = lost ? nheld - 1 : 0; rc == 0 && i < nheld; i++) {
        progress_row(&r->progress, &held[i].row);
        rc = append(r, &held[i].row);
    }
    for (size_t i = 0; rc == 0 && !lost && i < nheld; i++)
        rc = source_pass_row(r, w, held[i].it, &held[i].row);
    if (rc == 0 && lost)
        rc = context_lost(r, held[nheld - 1].row.reason, nheld - 1);
    for (size_t i = 0; i < nheld; i++)
        free(held[i].row.samples_ms);
    free(held);
    free(cr);
    free(values);
    return rc;
}

static int replay_item(struct run *r, const struct plan_item *it)
{
    char params[64];
    struct result_row row;
    init_row(r, it, params, sizeof params, &row);
    progress_start(&r->progress, it->v->name, &it->shape);
    sleep_ms(r->opt->replay_delay_ms);
    int rc = replay_row(r->replay, it->v, &it->shape, r->meta.nmetrics, r->results, &row);
    progress_row(&r->progress, &row);
    if (rc != 0)
        return append_failed(r, "results.csv");
    /* A recorded fault stops the replay where it stopped the GPU. */
    return row.status == STATUS_FAILED && cuda_sticky_error_in(row.reason) ? context_lost(r, row.reason, 0) : 0;
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
        if (made != 0) {
            rc = write_skipped(r, it, why);
        } else if (r->counters) {
            rc = measure_group_profiled(r, i, end, &w); /* the rest of the group */
            break;
        } else {
            rc = measure_item(r, it, &w);
        }
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
