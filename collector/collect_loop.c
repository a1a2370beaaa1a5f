#include <cuda_runtime_api.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "collector/collect_loop.h"
#include "collector/group_walk.h"
#include "collector/measure.h"
#include "collector/row_times.h"
#include "collector/source_pass.h"
#include "collector/workload.h"
#include "common/cuda_sticky.h"
#include "rundir/samples.h"
#include "common/trace.h"
#include "common/util.h"
#include "kernels/launch.h"
#include "rundir/run_files.h"

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
        return append_failed(r, SAMPLES_CSV);
    return results_append(r->results, row) == 0 ? 0 : append_failed(r, RESULTS_CSV);
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

/* 0 made, 1 too large for the free device memory (why says so), -1 a CUDA
 * failure. reserve: its device buffers only (workload_reserve). */
static int make_workload(struct run *r, const struct plan_item *it, int reserve, struct workload *w, char *why,
                         size_t why_len)
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
    int rc = reserve ? workload_reserve(w, it->v->family, &it->shape, r->dev.l2_bytes, why, why_len)
                     : workload_create(w, it->v->family, &it->shape, r->opt->seed, r->dev.l2_bytes, why, why_len);
    if (rc != 0) {
        workload_destroy(w);
        return -1;
    }
    return 0;
}

static int wanted(const struct run *r, const struct plan_item *it)
{
    return group_item_wanted(it, r->opt->shard_index);
}

/* A GPU shard of a split run makes every group's device buffers as the whole
 * plan's run does (group_walk.h); a replay has none. */
static int whole_layout(const struct run *r)
{
    return !r->replay && shard_lays_out_whole_plan(r->opt->shard_index, r->opt->shard_count, r->opt->cpu_alone);
}

/* Where the whole plan's run first launches a library call (cuBLAS makes its
 * handle and workspace then) and this shard does not measure that item: one
 * launch of it on the group's buffers, nothing measured, so the library's
 * device memory lands where the whole run's does. Output unchecked (a
 * measured row's verification poisons and rewrites it). */
static void launch_library_first(struct run *r, const struct group_step *s, struct workload *w)
{
    if (!whole_layout(r) || s->library_first == GROUP_NO_ITEM || wanted(r, &r->plan.items[s->library_first]))
        return;
    const struct variant *v = r->plan.items[s->library_first].v;
    struct launch_args a = workload_args(w, 0);
    cudaError_t e = variant_launch(v, &a, 0);
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e != cudaSuccess)
        msg_warn("%s, launched where the whole plan first does so that this shard's buffers land as in the whole "
                 "run, failed: %s; this shard's device memory may be laid out differently",
                 v->name, cudaGetErrorString(e));
}

/* Verifies and times one item into row (no counters yet). */
static int measure_row(struct run *r, const struct plan_item *it, struct workload *w, struct result_row *row,
                       char *params, size_t params_len)
{
    struct measure_ctx mc = {r->opt, &r->dev};
    init_row(r, it, params, params_len, row);
    progress_start(&r->progress, it->v->name, &it->shape);
    double t0 = now_ms();
    int rc = variant_on_gpu(it->v) ? measure_gpu_variant(&mc, it->v, w, row) : measure_cpu_variant(&mc, it->v, w, row);
    row_times_add(r->opt->shard_index, it->v, &it->shape, t0);
    return rc;
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

/* A row of a profiled batch, held until the batch's counters are in. */
struct held_row {
    const struct plan_item *it;
    struct workload *w; /* its group's, alive until the batch is written */
    struct result_row row;
    char params[64];
    char range[128];
    long launch; /* its index in the counters batch, -1 = not profiled */
};

/* Groups verified and timed one after another, then profiled in one counters
 * batch; where batches break is group_walk's. */
struct batch {
    struct workload w[BATCH_GROUPS_MAX]; /* measured and reserved groups' */
    size_t nw;
    struct held_row *held;
    size_t nheld, cap;
};

/* The held rows that verified on the GPU become one counters batch; each row
 * gets its values (pointing into values) or the reason it has none. */
static void count_held(struct run *r, struct held_row *held, size_t nheld, struct counters_range *cr,
                       double *values)
{
    size_t ncols = counters_columns(r->counters), n = 0;
    for (size_t i = 0; i < nheld; i++) {
        struct held_row *h = &held[i];
        h->launch = -1;
        if (h->row.status != STATUS_OK || !variant_on_gpu(h->it->v))
            continue;
        range_name(h->it->v, &h->it->shape, h->range, sizeof h->range);
        cr[n] = (struct counters_range){.v = h->it->v, .w = h->w, .range = h->range, .values = &values[n * ncols]};
        h->launch = (long)n++;
    }
    if (n > 0) {
        char what[96];
        snprintf(what, sizeof what, "hardware counters of %zu kernel%s (%ld passes each)", n, n == 1 ? "" : "s",
                 counters_passes(r->counters));
        progress_phase(&r->progress, what);
        source_pass_pause(r);
        counters_measure_batch(r->counters, cr, n);
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

/* Counts the batch's rows, writes them, runs their source pass, and frees the
 * workloads. lost: the last held row faulted; it is written, failed with the
 * CUDA error; the rows held before it are not, as they lack their counters,
 * so --resume measures them whole. */
static int batch_finish(struct run *r, struct batch *b, int lost)
{
    size_t ncols = counters_columns(r->counters), nheld = b->nheld;
    struct counters_range *cr = calloc(nheld ? nheld : 1, sizeof *cr);
    double *values = calloc((nheld ? nheld : 1) * (ncols ? ncols : 1), sizeof *values);
    int rc = 0;
    if (!cr || !values) {
        msg_error("out of memory holding the counters of %zu rows", nheld);
        rc = -1;
    }
    double t0 = now_ms();
    if (rc == 0 && !lost && nheld > 0)
        count_held(r, b->held, nheld, cr, values);
    trace_since("collect: counters of a batch", t0);
    for (size_t i = lost ? nheld - 1 : 0; rc == 0 && i < nheld; i++) {
        progress_row(&r->progress, &b->held[i].row);
        rc = append(r, &b->held[i].row);
    }
    for (size_t i = 0; rc == 0 && !lost && i < nheld; i++)
        rc = source_pass_row(r, b->held[i].w, b->held[i].it, &b->held[i].row);
    if (rc == 0 && lost)
        rc = context_lost(r, b->held[nheld - 1].row.reason, nheld - 1);
    for (size_t i = 0; i < nheld; i++)
        free(b->held[i].row.samples_ms);
    for (size_t k = 0; k < b->nw; k++)
        workload_destroy(&b->w[k]);
    free(cr);
    free(values);
    b->nw = b->nheld = 0;
    return rc;
}

/* Room in b to hold rows more rows. */
static int batch_hold_room(struct batch *b, size_t rows)
{
    if (b->nheld + rows <= b->cap)
        return 0;
    size_t cap = b->nheld + rows > BATCH_ROWS_MAX ? b->nheld + rows : BATCH_ROWS_MAX;
    struct held_row *held = realloc(b->held, cap * sizeof *held);
    if (!held) {
        msg_error("out of memory holding the rows of %zu items", cap);
        return -1;
    }
    b->held = held;
    b->cap = cap;
    return 0;
}

/* One group into the batch (the batch written first where s breaks it): the
 * workload made or reserved (a group too large for the memory the batch
 * leaves free is tried again once the batch is written), then each wanted
 * item verified and timed. */
static int batch_add_group(struct run *r, struct batch *b, const struct group_step *s)
{
    size_t first = s->first, end = s->end;
    const struct plan_item *it0 = &r->plan.items[first];
    int reserve = s->what == GROUP_RESERVE;
    if ((s->batch_break && b->nw > 0 && batch_finish(r, b, 0) != 0) || batch_hold_room(b, s->wanted) != 0)
        return -1;
    char why[512] = "";
    struct workload *w = &b->w[b->nw];
    double t_workload = now_ms();
    int made = make_workload(r, it0, reserve, w, why, sizeof why);
    trace_since("collect: make a workload", t_workload);
    if (made == 1 && b->nw > 0) {
        if (batch_finish(r, b, 0) != 0)
            return -1;
        w = &b->w[0];
        made = make_workload(r, it0, reserve, w, why, sizeof why);
    }
    if (made < 0) {
        msg_error("%s", why);
        batch_finish(r, b, 0);
        return -1;
    }
    for (size_t i = first; made == 1 && i < end; i++)
        if (wanted(r, &r->plan.items[i]) && write_skipped(r, &r->plan.items[i], why) != 0)
            return -1;
    if (made == 1)
        return 0;
    b->nw++;
    launch_library_first(r, s, w);
    if (reserve)
        return 0;
    double t0 = now_ms();
    for (size_t i = first; i < end && !collect_stop_requested; i++) {
        if (!wanted(r, &r->plan.items[i]))
            continue;
        struct held_row *h = &b->held[b->nheld++];
        h->it = &r->plan.items[i];
        h->w = w;
        if (measure_row(r, h->it, w, &h->row, h->params, sizeof h->params) != 0) {
            trace_since("collect: verify and time a group", t0);
            batch_finish(r, b, 1);
            return -1;
        }
    }
    trace_since("collect: verify and time a group", t0);
    return 0;
}

static int replay_item(struct run *r, const struct plan_item *it)
{
    char params[64];
    struct result_row row;
    init_row(r, it, params, sizeof params, &row);
    progress_start(&r->progress, it->v->name, &it->shape);
    double t0 = now_ms();
    sleep_ms(r->opt->replay_delay_ms);
    int rc = replay_row(r->replay, it->v, &it->shape, r->meta.nmetrics, r->results, &row);
    row_times_add(r->opt->shard_index, it->v, &it->shape, t0);
    progress_row(&r->progress, &row);
    if (rc != 0)
        return append_failed(r, RESULTS_CSV);
    /* A recorded fault stops the replay where it stopped the GPU. */
    return row.status == STATUS_FAILED && cuda_sticky_error_in(row.reason) ? context_lost(r, row.reason, 0) : 0;
}

/* The items of s share a family and a shape, so they share one workload
 * (without counters: each row is written as soon as it is measured). */
static int run_group(struct run *r, const struct group_step *s)
{
    size_t first = s->first, end = s->end;
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
            made = make_workload(r, it, 0, &w, why, sizeof why);
            if (made < 0) {
                msg_error("%s", why);
                return -1;
            }
            if (made == 0)
                launch_library_first(r, s, &w);
        }
        rc = made != 0 ? write_skipped(r, it, why) : measure_item(r, it, &w);
    }
    if (have && made == 0)
        workload_destroy(&w);
    return rc;
}

/* A group no item of this run needs: its device buffers made and freed as
 * the whole plan's run makes and frees its workload (without counters). */
static int reserve_group(struct run *r, const struct group_step *s)
{
    char why[512] = "";
    struct workload w;
    int made = make_workload(r, &r->plan.items[s->first], 1, &w, why, sizeof why);
    if (made < 0) {
        msg_error("%s", why);
        return -1;
    }
    if (made == 0) {
        launch_library_first(r, s, &w);
        workload_destroy(&w);
    }
    return 0;
}

/* With counters: groups gathered into batches (struct batch). */
static int collect_profiled(struct run *r, struct group_walk *g)
{
    struct batch b = {.nw = 0};
    struct group_step s;
    int rc = 0;
    while (rc == 0 && !collect_stop_requested && group_walk_next(g, &s))
        if (s.what != GROUP_SKIP)
            rc = batch_add_group(r, &b, &s);
    if (rc == 0 && b.nw > 0)
        rc = batch_finish(r, &b, 0);
    free(b.held);
    return rc;
}

int collect_items(struct run *r)
{
    struct group_walk g;
    struct group_step s;
    group_walk_start(&g, &r->plan, r->opt->shard_index, whole_layout(r), r->dev.l2_bytes);
    if (r->counters && !r->replay)
        return collect_profiled(r, &g);
    while (!collect_stop_requested && group_walk_next(&g, &s)) {
        int rc = s.what == GROUP_MEASURE   ? run_group(r, &s)
                 : s.what == GROUP_RESERVE ? reserve_group(r, &s)
                                           : 0;
        if (rc != 0)
            return -1;
    }
    return 0;
}
