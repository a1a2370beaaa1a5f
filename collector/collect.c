#include "collector/collect.h"

#include <cuda_runtime_api.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collector/ceilings_run.h"
#include "collector/collect_loop.h"
#include "collector/l2_flush.h"
#include "collector/local_memory.h"
#include "collector/placement.h"
#include "collector/source_pass.h"
#include "collector/workload.h"
#include "rundir/results.h"
#include "rundir/samples.h"
#include "common/shape_text.h"
#include "common/trace.h"
#include "common/util.h"
#include "collector/cupti/profiler.h"
#include "rundir/resume.h"
#include "rundir/run_files.h"

volatile sig_atomic_t collect_stop_requested;

/* The first Ctrl-C or SIGTERM lets the row in progress finish and marks the
 * run interrupted; a second one ends the process at once (a row can take
 * seconds), leaving the run as a kill does: "running", whole rows, resumable. */
static void on_signal(int sig)
{
    if (collect_stop_requested) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    collect_stop_requested = 1;
}

/* Restricted mode: no counters. Verification, timing, the theory, the launch
 * geometry and the occupancy API need none, so the run goes on, unless
 * --require counters. Said here, once: the rows do not repeat it. */
static int without_counters(struct run *r, const char *why)
{
    static char state[1100];
    if (r->opt->require_counters) {
        msg_error("%s; --require counters makes that an error (without it the run verifies and times the kernels, "
                  "without counters)",
                  why);
        return EXIT_RUNTIME;
    }
    msg_warn("no hardware counters: %s", why);
    if (!r->opt->time_kernels) {
        r->opt_own.time_kernels = 1; /* --profile-only with no counters would measure nothing */
        fprintf(stderr, "mmprof: --profile-only without counters: timing the kernels instead\n");
    }
    fprintf(stderr, "mmprof: still measured: verification, timing; computed: theory, launch geometry, occupancy "
                    "(occupancy API). Missing: every counter column (measured CGMA, L1/L2/DRAM traffic, achieved "
                    "occupancy, stalls); the report marks the estimates that stand in for them. "
                    "--require counters makes this an error\n");
    snprintf(state, sizeof state, "refused: %s", why);
    r->meta.profiling = state;
    r->meta.metrics = NULL;
    r->meta.nmetrics = 0;
    r->counters = NULL;
    return 0;
}

static int open_counters(struct run *r)
{
    char why[1024] = "";
    const struct collect_options *o = r->opt;
    if (!o->profile) {
        if (!r->replay)
            r->meta.profiling = "off (--no-profile)";
        return 0;
    }
    if (counters_forced_off(why, sizeof why))
        return without_counters(r, why);
    if (r->replay)
        return 0; /* the recording's counters stand for the GPU's */
    size_t in_use_before = placement_in_use_bytes();
    enum counters_open_result rc = counters_open(&r->counters, o->metrics_spec, o->add_metrics_spec,
                                                 o->one_config_image, (double)o->settle_cap_ms, &r->dev, why,
                                                 sizeof why);
    if (rc == COUNTERS_BAD_USAGE) {
        msg_error("%s", why);
        return EXIT_USAGE;
    }
    if (rc != COUNTERS_OK)
        return without_counters(r, why);
    size_t in_use_after = placement_in_use_bytes();
    r->profiler_held_bytes = in_use_before && in_use_after > in_use_before ? in_use_after - in_use_before : 0;
    r->meta.profiling = "on";
    r->meta.metrics = counters_headers(r->counters);
    r->meta.nmetrics = counters_columns(r->counters);
    r->meta.passes = counters_passes(r->counters);
    r->meta.configs = counters_configs(r->counters);
    r->meta.schedule = counters_schedule(r->counters);
    r->meta.chip = counters_chip(r->counters);
    fprintf(stderr,
            "mmprof: profiling %zu metrics (%zu counters) on %s in %ld passes per range (%ld config image%s)\n",
            r->meta.nmetrics, counters_raw(r->counters), r->meta.chip, r->meta.passes, r->meta.configs,
            r->meta.configs == 1 ? "" : "s");
    return 0;
}

static int gpu_items_to_run(const struct run *r)
{
    for (size_t i = 0; i < r->plan.n; i++) {
        const struct plan_item *it = &r->plan.items[i];
        if (!it->done && it->shard == r->opt->shard_index && variant_on_gpu(it->v))
            return 1;
    }
    return 0;
}

/* Before any variant, so the roofline's roofs come from this run. */
static int measure_ceilings(struct run *r)
{
    char why[512];
    int sticky = 0;
    if (r->replay) {
        r->meta.ceilings = replay_ceilings(r->replay);
        return 0;
    }
    if (!r->opt->ceilings || !gpu_items_to_run(r)) { /* CPU rows alone need no GPU roofs */
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
    r->meta.argc = o->argc;
    r->meta.argv = (const char *const *)o->argv;
    r->meta.variants = (const struct variant *const *)o->variants;
    r->meta.nvariants = o->nvariants;
    r->meta.shapes = o->shapes;
    r->meta.nshapes = o->nshapes;
    r->meta.seed = o->seed;
    r->meta.device = &r->dev;
    r->meta.shard_index = o->shard_index;
    r->meta.shard_count = o->shard_count;
    r->meta.cpu_alone = o->cpu_alone;
    r->meta.clock_before_sm_mhz = r->meta.clock_after_sm_mhz = -1;
    if (r->replay) {
        snprintf(r->meta.driver, sizeof r->meta.driver, "replayed from %s", o->replay_dir);
    } else {
        device_driver_string(r->meta.driver, sizeof r->meta.driver);
        device_clocks_mhz(&r->dev, &r->meta.clock_before_sm_mhz, &r->meta.clock_before_mem_mhz);
    }
    r->meta.warmup = o->timing.warmup;
    r->meta.min_reps = o->timing.min_reps;
    r->meta.max_reps = o->timing.max_reps;
    r->meta.budget_ms = o->timing.budget_ms;
    r->meta.state = "running";
    r->meta.buffer_offset_mib = o->buffer_offset_mib;
    r->meta.local_memory_offset_mib = o->local_memory_offset_mib;
    r->meta.settle_cap_ms = o->settle_cap_ms;
    r->meta.chip = "";
    r->meta.cupti_api_version = profiler_cupti_api_version();
    r->meta.settle_per_kernel = L2_SETTLE_PER_KERNEL;
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

/* The run's lock (rundir_open_results) comes before any write: a second
 * collect into the same directory stops there, having changed nothing. */
static int open_results(struct run *r)
{
    char why[1024];
    int usage = 0;
    r->results = rundir_open_results(r->dir, !r->opt->resume_dir, &usage, why, sizeof why);
    if (r->results)
        return 0;
    msg_error("%s", why);
    return usage ? EXIT_USAGE : EXIT_RUNTIME;
}

static int start_run(struct run *r)
{
    char why[1024];
    int rc;
    if (r->opt->resume_dir) {
        snprintf(r->dir, sizeof r->dir, "%s", r->opt->resume_dir);
        if ((rc = open_results(r)) != 0)
            return rc;
        rc = resume_prepare(r->dir, r->meta.metrics, r->meta.nmetrics, &r->plan, why, sizeof why);
        if (rc != 0) {
            msg_error("%s", why);
            return rc;
        }
    } else {
        rc = rundir_create(r->opt->out_dir, r->dev.name, r->dir, sizeof r->dir, why, sizeof why);
        if (rc != 0) {
            msg_error("%s", why);
            return rc == 2 ? EXIT_USAGE : EXIT_RUNTIME;
        }
        if ((rc = open_results(r)) != 0)
            return rc;
    }
    if (write_meta(r) != 0) {
        if (!r->opt->resume_dir) { /* never leave an empty run behind */
            char path[4200];
            run_path(path, sizeof path, r->dir, RESULTS_CSV);
            unlink(path);
            rmdir(r->dir);
        }
        return EXIT_RUNTIME;
    }
    if (!r->opt->resume_dir && results_write_header(r->results, r->meta.metrics, r->meta.nmetrics) != 0) {
        msg_error("cannot write %s/" RESULTS_CSV ": %s (disk full?)", r->dir, strerror(errno));
        return EXIT_RUNTIME;
    }
    /* replayed rows are copies without launch times */
    if (!r->replay && !(r->samples = samples_open(r->dir, why, sizeof why))) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    return source_pass_start(r);
}

static int finish_run(struct run *r, int failed)
{
    if (!r->replay)
        device_clocks_mhz(&r->dev, &r->meta.clock_after_sm_mhz, &r->meta.clock_after_mem_mhz);
    r->meta.state = failed ? "aborted" : collect_stop_requested ? "interrupted" : "complete";
    int rc = write_meta(r);
    progress_done(&r->progress, r->dir);
    if (collect_stop_requested && !failed)
        fprintf(stderr, "mmprof: interrupted; `mmprof collect --resume %s` completes the run\n", r->dir);
    if (failed || rc != 0)
        return EXIT_RUNTIME;
    return collect_stop_requested ? EXIT_RUNTIME : EXIT_OK;
}

/* The GPU, or the recorded run that stands in for it. */
static int open_device(struct run *r)
{
    char why[512];
    if (r->opt->replay_dir) {
        if (replay_open(&r->replay, r->opt->replay_dir, &r->dev, why, sizeof why) != 0) {
            msg_error("%s", why);
            return EXIT_USAGE;
        }
        r->meta.metrics = replay_metric_headers(r->replay);
        r->meta.nmetrics = replay_metric_count(r->replay);
        r->meta.profiling = "replayed";
        r->meta.chip = "";
        return 0;
    }
    if (device_count(why, sizeof why) <= 0) {
        msg_error("%s; collect needs a GPU (analyze, plot and report work without one)", why);
        return EXIT_RUNTIME;
    }
    int rc = source_pass_open(r); /* before any module loads: it keeps their cubins */
    if (rc != 0)
        return rc;
    if (device_open(r->opt->device, &r->dev, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    return source_pass_attach(r); /* the context exists; no kernel module has loaded */
}

/* First of all but the profiler, so that it sits in the same place in every
 * run: see local_memory.h. The profiler's own device memory counts in
 * --local-memory-offset-mb, as ncu's does in `mmprof launch`'s process. */
static int reserve_local_memory(struct run *r)
{
    char why[512];
    if (r->replay)
        return 0;
    const struct variant **vs = malloc((r->plan.n + 1) * sizeof *vs);
    struct shape *shapes = malloc((r->plan.n + 1) * sizeof *shapes);
    int rc = vs && shapes ? 0 : -1;
    snprintf(why, sizeof why, "out of memory");
    for (size_t i = 0; rc == 0 && i < r->plan.n; i++) {
        vs[i] = r->plan.items[i].v;
        shapes[i] = r->plan.items[i].shape;
    }
    if (rc == 0)
        rc = local_memory_reserve(vs, shapes, r->plan.n, &r->dev, r->opt->local_memory_offset_mib,
                                  r->profiler_held_bytes, &r->local, why, sizeof why);
    r->meta.local_bytes_per_thread = r->local.per_thread_bytes;
    if (rc == 0 && r->opt->local_memory_offset_mib > 0)
        fprintf(stderr,
                "mmprof: %zu MiB of device memory in use before the local memory reservation, %zu MiB of it the "
                "profiler's; %ld MiB allocated for --local-memory-offset-mb %ld\n",
                r->local.in_use_bytes >> 20, r->profiler_held_bytes >> 20, r->local.padding_mib,
                r->opt->local_memory_offset_mib);
    free(vs);
    free(shapes);
    if (rc != 0)
        msg_error("%s", why);
    return rc == 0 ? 0 : rc == LOCAL_MEMORY_BAD_OFFSET ? EXIT_USAGE : EXIT_RUNTIME;
}

/* Before every other allocation but the profiler and local memory, so that
 * all the run's buffers move; then the L2 flush buffer, in the order
 * `mmprof launch` allocates them (offset, flush, workloads). */
static int offset_buffers(struct run *r)
{
    char why[512];
    if (r->replay)
        return 0;
    if (placement_offset_alloc("--buffer-offset-mb", r->opt->buffer_offset_mib, &r->offset_buf, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_USAGE;
    }
    if (r->counters && counters_alloc_flush(r->counters, &r->dev, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    return 0;
}

/* A size that cannot fit is bad input: say so before any file is made. */
static int check_memory(struct run *r)
{
    size_t free_b = 0, total_b = 0;
    if (r->replay || cudaMemGetInfo(&free_b, &total_b) != cudaSuccess)
        return 0;
    for (size_t i = 0; i < r->plan.n; i++) {
        const struct plan_item *it = &r->plan.items[i];
        size_t need = workload_device_bytes(it->v->family, &it->shape, r->dev.l2_bytes, NULL);
        if (need > free_b) {
            char shape[64];
            msg_error("%s at %s needs %.1f GiB of device memory, %s has %.1f GiB free: choose smaller --sizes or --mnk",
                      family_name(it->v->family), shape_text(shape, sizeof shape, it->shape.m, it->shape.n, it->shape.k),
                      need / 1073741824.0, r->dev.name, free_b / 1073741824.0);
            return EXIT_USAGE;
        }
    }
    return 0;
}

static size_t todo_count(const struct run *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->plan.n; i++)
        n += !r->plan.items[i].done && r->plan.items[i].shard == r->opt->shard_index;
    return n;
}

static int build_plan(struct run *r)
{
    const struct collect_options *o = r->opt;
    if (plan_build(&r->plan, o->variants, o->nvariants, o->shapes, o->nshapes) != 0) {
        msg_error("out of memory planning %zu items", o->nvariants * o->nshapes);
        return EXIT_RUNTIME;
    }
    plan_shard(&r->plan, o->shard_count > 0 ? o->shard_count : 1, o->cpu_alone);
    return 0;
}

static void release(struct run *r)
{
    /* On a lost context CUPTI's teardown has nothing left to undo and may
     * not return: the process ends, and the driver frees what it held. */
    if (r->counters && !r->context_lost)
        counters_close(r->counters);
    if (!r->context_lost)
        source_pass_close(r);
    replay_close(r->replay);
    cJSON_Delete(r->ceilings);
    cJSON_Delete(r->datasheet);
    plan_free(&r->plan);
    cudaFree(r->offset_buf);
    local_memory_release(&r->local);
}

int collect_run(const struct collect_options *o)
{
    struct run r;
    memset(&r, 0, sizeof r);
    r.opt_own = *o;
    r.opt = &r.opt_own;
    r.t0_ms = now_ms();
    /* A file-size limit (ulimit -f) then fails the write with EFBIG, said
     * like a full disk, instead of killing the run mid-row. */
    signal(SIGXFSZ, SIG_IGN);
    signal(SIGINT, on_signal); /* from the start: a stop during the setup is an interruption too */
    signal(SIGTERM, on_signal);
    int rc = build_plan(&r);
    if (rc == 0) {
        double t_open_device = now_ms();
        rc = open_device(&r);
        trace_since("collect: device", t_open_device);
    }
    if (rc == 0) {
        fill_meta(&r);
        double t_open_counters = now_ms();
        rc = open_counters(&r);
        trace_since("collect: profiler open", t_open_counters);
    }
    if (rc == 0) {
        double t_reserve = now_ms();
        rc = reserve_local_memory(&r);
        trace_since("collect: local memory", t_reserve);
    }
    if (rc == 0)
        rc = offset_buffers(&r);
    if (rc == 0)
        rc = check_memory(&r);
    if (rc == 0 && collect_stop_requested) {
        msg_error("interrupted before the run started: nothing was written");
        rc = EXIT_RUNTIME;
    }
    if (rc == 0)
        rc = start_run(&r);
    if (rc == 0) {
        double t_measure_ceilings = now_ms();
        rc = measure_ceilings(&r);
        trace_since("collect: ceilings", t_measure_ceilings);
    }
    if (rc == 0)
        rc = write_meta(&r) == 0 ? 0 : EXIT_RUNTIME;
    if (rc != 0) {
        if (r.results)
            fclose(r.results);
        if (r.samples)
            fclose(r.samples);
        release(&r);
        return rc;
    }
    progress_init(&r.progress, todo_count(&r), &r.dev);
    int failed = collect_items(&r) != 0;
    fclose(r.results);
    if (r.samples)
        fclose(r.samples);
    /* run.json's metric list points into the counters: write it first. */
    rc = finish_run(&r, failed);
    release(&r);
    trace_since("collect: the whole run", r.t0_ms);
    return rc;
}
