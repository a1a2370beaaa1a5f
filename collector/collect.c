#include "collector/collect.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/ceilings_run.h"
#include "collector/counters.h"
#include "collector/cuda_check.h"
#include "collector/device.h"
#include "collector/measure.h"
#include "collector/progress.h"
#include "collector/rundir.h"
#include "common/results.h"
#include "common/util.h"

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

struct run {
    const struct collect_options *opt;
    struct device_info dev;
    struct run_meta meta;
    char dir[4096];
    FILE *results;
    struct counters *counters;
    double *metric_values;
    struct progress progress;
    double t0_ms;
    cJSON *ceilings;
    cJSON *datasheet;
};

static int open_counters(struct run *r)
{
    char why[1024] = "";
    const struct collect_options *o = r->opt;
    r->meta.profiling = "off (--no-profile)";
    if (!o->profile)
        return 0;
    enum counters_open_result rc = counters_open(&r->counters, o->metrics_spec, o->add_metrics_spec, &r->dev,
                                                 why, sizeof why);
    if (rc == COUNTERS_BAD_USAGE) {
        msg_error("%s", why);
        return EXIT_USAGE;
    }
    if (rc != COUNTERS_OK) {
        /* Timing is still worth having when only profiling is refused. */
        msg_warn("%s", why);
        static char state[1100];
        snprintf(state, sizeof state, "refused: %s", why);
        r->meta.profiling = state;
        r->counters = NULL;
        return 0;
    }
    r->meta.profiling = "on";
    r->meta.metrics = counters_headers(r->counters);
    r->meta.nmetrics = counters_columns(r->counters);
    r->meta.passes = counters_passes(r->counters);
    r->meta.chip = counters_chip(r->counters);
    r->metric_values = calloc(r->meta.nmetrics ? r->meta.nmetrics : 1, sizeof *r->metric_values);
    fprintf(stderr, "mmprof: profiling %zu metrics on %s in %ld passes per range\n", r->meta.nmetrics,
            r->meta.chip, r->meta.passes);
    return r->metric_values ? 0 : EXIT_RUNTIME;
}

/* Before any variant, so the roofline's roofs come from this run. */
static int measure_ceilings(struct run *r)
{
    char why[512];
    int sticky = 0;
    if (!r->opt->ceilings) {
        r->datasheet = datasheet_json(&r->dev);
        r->meta.datasheet = r->datasheet;
        return 0;
    }
    fprintf(stderr, "mmprof: measuring ceilings (DRAM, L2, shared memory, FP32; --no-ceilings skips)\n");
    r->ceilings = ceilings_run(&r->dev, &sticky, why, sizeof why);
    if (!r->ceilings) {
        msg_warn("%s; continuing without measured ceilings", why);
        r->datasheet = datasheet_json(&r->dev);
        r->meta.datasheet = r->datasheet;
        return sticky ? EXIT_RUNTIME : 0;
    }
    r->meta.ceilings = r->ceilings;
    return 0;
}

static void fill_meta(struct run *r)
{
    const struct collect_options *o = r->opt;
    r->meta.command_line = o->command_line;
    r->meta.seed = o->seed;
    r->meta.device = &r->dev;
    device_driver_string(r->meta.driver, sizeof r->meta.driver);
    r->meta.clock_before_sm_mhz = r->meta.clock_after_sm_mhz = -1;
    device_clocks_mhz(&r->dev, &r->meta.clock_before_sm_mhz, &r->meta.clock_before_mem_mhz);
    r->meta.warmup = o->timing.warmup;
    r->meta.min_reps = o->timing.min_reps;
    r->meta.max_reps = o->timing.max_reps;
    r->meta.budget_ms = o->timing.budget_ms;
    r->meta.state = "running";
    r->meta.chip = "";
}

static int write_meta(struct run *r)
{
    char why[512];
    r->meta.wall_s = (now_ms() - r->t0_ms) / 1e3;
    if (rundir_write_meta(r->dir, &r->meta, why, sizeof why) != 0) {
        msg_error("%s", why);
        return -1;
    }
    return 0;
}

static int start_run(struct run *r)
{
    char why[1024];
    int rc = rundir_create(r->opt->out_dir, r->dev.name, r->dir, sizeof r->dir, why, sizeof why);
    if (rc != 0) {
        msg_error("%s", why);
        return rc == 2 ? EXIT_USAGE : EXIT_RUNTIME;
    }
    if (write_meta(r) != 0)
        return EXIT_RUNTIME;
    r->results = rundir_open_results(r->dir, why, sizeof why);
    if (!r->results || results_write_header(r->results, r->meta.metrics, r->meta.nmetrics) != 0) {
        msg_error("%s", r->results ? "cannot write results.csv" : why);
        return EXIT_RUNTIME;
    }
    return 0;
}

static void init_row(struct run *r, const struct variant *v, const struct shape *s, char *params, size_t len,
                     struct result_row *row)
{
    result_row_init(row);
    row->variant = v->name;
    row->family = family_name(v->family);
    row->m = s->m;
    row->n = s->n;
    row->k = s->k;
    row->params = variant_params(v, params, len);
    row->nmetrics = r->meta.nmetrics;
}

static struct shape shape_for(const struct variant *v, const struct shape *s)
{
    struct shape t = *s;
    if (v->family == FAMILY_TRANSPOSE)
        t.k = 0;
    return t;
}

/* Skips every variant of a family at a shape whose workload could not be made. */
static int write_skipped(struct run *r, const struct variant *v, const struct shape *s, const char *why)
{
    char params[64];
    struct result_row row;
    init_row(r, v, s, params, sizeof params, &row);
    row.status = STATUS_SKIPPED;
    row_reason(&row, "%s", why);
    progress_row(&r->progress, &row);
    return results_append(r->results, &row);
}

static int make_workload(struct run *r, enum family f, const struct shape *s, struct workload *w, char *why,
                         size_t why_len)
{
    size_t free_b = 0, total_b = 0;
    int sets;
    size_t need = workload_device_bytes(f, s, r->dev.l2_bytes, &sets);
    if (cudaMemGetInfo(&free_b, &total_b) == cudaSuccess && need > free_b) {
        snprintf(why, why_len, "needs %.2f GiB of device memory, %.2f GiB free (choose smaller --sizes)",
                 need / 1073741824.0, free_b / 1073741824.0);
        return 1;
    }
    if (workload_create(w, f, s, r->opt->seed, r->dev.l2_bytes, why, why_len) != 0) {
        workload_destroy(w);
        return -1;
    }
    return 0;
}

static int measure_one(struct run *r, const struct variant *v, struct workload *w)
{
    char params[64];
    struct result_row row;
    struct measure_ctx mc = {r->opt, &r->dev, r->counters, r->metric_values};
    init_row(r, v, &w->shape, params, sizeof params, &row);
    progress_start(&r->progress, v->name, &w->shape);
    int rc = variant_on_gpu(v) ? measure_gpu_variant(&mc, v, w, &row) : measure_cpu_variant(&mc, v, w, &row);
    progress_row(&r->progress, &row);
    if (results_append(r->results, &row) != 0) {
        msg_error("cannot append to %s/results.csv (disk full?)", r->dir);
        return -1;
    }
    if (rc != 0)
        msg_error("the CUDA context was lost (%s); stopping: rows so far are in %s", row.reason, r->dir);
    return rc;
}

/* All selected variants of one family at one shape, sharing one workload. */
static int run_family(struct run *r, enum family f, const struct shape *s)
{
    char why[512] = "";
    struct workload w;
    int have = 0, made = 0, rc = 0;
    for (size_t i = 0; i < r->opt->nvariants && !stop_requested && rc == 0; i++) {
        const struct variant *v = r->opt->variants[i];
        struct shape vs = shape_for(v, s);
        if (v->family != f)
            continue;
        if (!have) {
            have = 1;
            made = make_workload(r, f, &vs, &w, why, sizeof why);
            if (made < 0) {
                msg_error("%s", why);
                return -1;
            }
        }
        rc = made == 0 ? measure_one(r, v, &w) : write_skipped(r, v, &vs, why);
    }
    if (have && made == 0)
        workload_destroy(&w);
    return rc;
}

static int run_all(struct run *r)
{
    for (size_t i = 0; i < r->opt->nshapes && !stop_requested; i++) {
        if (run_family(r, FAMILY_MATMUL, &r->opt->shapes[i]) != 0)
            return -1;
        if (run_family(r, FAMILY_TRANSPOSE, &r->opt->shapes[i]) != 0)
            return -1;
    }
    return 0;
}

static int finish_run(struct run *r, int failed)
{
    device_clocks_mhz(&r->dev, &r->meta.clock_after_sm_mhz, &r->meta.clock_after_mem_mhz);
    r->meta.state = failed ? "aborted" : stop_requested ? "interrupted" : "complete";
    int rc = write_meta(r);
    progress_done(&r->progress, r->dir);
    if (failed || rc != 0)
        return EXIT_RUNTIME;
    return stop_requested ? EXIT_RUNTIME : EXIT_OK;
}

static size_t count_items(const struct collect_options *o)
{
    return o->nvariants * o->nshapes;
}

int collect_run(const struct collect_options *o)
{
    char why[512];
    struct run r;
    memset(&r, 0, sizeof r);
    r.opt = o;
    r.t0_ms = now_ms();
    if (device_count(why, sizeof why) <= 0) {
        msg_error("%s; collect needs a GPU (analyze, plot and report work without one)", why);
        return EXIT_RUNTIME;
    }
    if (device_open(o->device, &r.dev, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    fill_meta(&r);
    int rc = open_counters(&r);
    if (rc == 0)
        rc = start_run(&r);
    if (rc == 0)
        rc = measure_ceilings(&r);
    if (rc == 0)
        rc = write_meta(&r) == 0 ? 0 : EXIT_RUNTIME;
    if (rc != 0) {
        if (r.counters)
            counters_close(r.counters);
        free(r.metric_values);
        cJSON_Delete(r.ceilings);
        cJSON_Delete(r.datasheet);
        return rc;
    }
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    progress_init(&r.progress, count_items(o), &r.dev);
    int failed = run_all(&r) != 0;
    fclose(r.results);
    /* run.json's metric list points into the counters: write it first. */
    rc = finish_run(&r, failed);
    if (r.counters)
        counters_close(r.counters);
    free(r.metric_values);
    cJSON_Delete(r.ceilings);
    cJSON_Delete(r.datasheet);
    return rc;
}
