/* mmprof profile [options] -- ./app [args]: any CUDA program's launches into
 * a run directory (docs/profile.md). This file parses the options and reports
 * the outcome; the app runs under profile/app_run.c, and what happens inside
 * it is profile/inject/'s. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cuda_runtime_api.h>
#include <cupti_version.h>

#include "cli/commands.h"
#include "collector/ceilings_run.h"
#include "collector/device.h"
#include "collector/placement.h"
#include "collector/cupti/metric_set.h"
#include "collector/cupti/profiler.h"
#include "common/help.h"
#include "rundir/results.h"
#include "rundir/source_csv.h"
#include "common/table.h"
#include "common/trace.h"
#include "common/util.h"
#include "profile/app_run.h"
#include "profile/decl.h"
#include "profile/launch_log.h"
#include "profile/profile_json.h"
#include "rundir/run_create.h"

enum { OPT_SKIP = 256, OPT_NVTX, OPT_MODEL, OPT_METRICS, OPT_LIST, OPT_OUT, OPT_NO_CEILINGS, OPT_SOURCE, OPT_MEMORY_OFFSET };

static const struct help_option profile_options[] = {
    {"kernel-name", required_argument, 'k', "NAME",
     "profile only kernels named NAME (the base name, e.g. ns::gemm,\n"
     "the demangled or the mangled name), or regex:EXPR (POSIX\n"
     "extended, on the demangled name)"},
    {"launch-skip", required_argument, OPT_SKIP, "N", "skip the first N launches that pass the filters"},
    {"launch-count", required_argument, 'c', "N", "then profile at most N (default 500; 0 = all)"},
    {"nvtx-include", required_argument, OPT_NVTX, "[DOMAIN@]A/B/",
     "only launches inside NVTX push/pop range A, with B directly\n"
     "inside it ('*' = one or more ranges); repeatable (any of them)"},
    {"model", required_argument, OPT_MODEL, "FILE",
     "declarations for kernels: lines 'NAME: kind=tiled T=16 M=1024\n"
     "N=1024 K=1024' or 'regex:EXPR: flops=... bytes=...' (mmprof.h\n"
     "declares them in code instead)"},
    {"metrics", required_argument, OPT_METRICS, "SPEC", "metric set, as collect's (default: the default group)"},
    {"list", no_argument, OPT_LIST, NULL, "no counters: the kernels APP launches, with counts and times (fast)"},
    {"source", no_argument, OPT_SOURCE, NULL,
     "also sample each profiled launch's warps (CUPTI PC sampling):\n"
     "stall reasons per source line in source.csv (`mmprof source RUN`;\n"
     "build the app with -lineinfo for lines)"},
    {"memory-offset-mb", required_argument, OPT_MEMORY_OFFSET, "N",
     "hold N MiB of device memory before the app's first\n"
     "allocation, mmprof's own included (its profiler and L2\n"
     "flush buffer take them then), as a profiler that holds\n"
     "memory in the process does: the app's buffers then sit\n"
     "where they do under it (scripts/profile-check.sh passes\n"
     "what ncu holds; docs/profile.md). Default 0: mmprof's own"},
    {"out", required_argument, OPT_OUT, "DIR", "run directory (default results/<UTC time>-profile)"},
    {"no-ceilings", no_argument, OPT_NO_CEILINGS, NULL,
     "do not measure the ceilings before the app (the roofline then\n"
     "draws the datasheet's)"},
    {NULL, 0, 0, NULL, NULL},
};

/* ncu's spellings of the two filters users reach for first */
static const struct help_short profile_shorts[] = {{'k', "kernel-name"}, {'c', "launch-count"}, {0, NULL}};

static const struct help profile_help = {
    .command = "profile",
    .usage = "[options] [--] APP [ARGS...]",
    .about = "Runs APP with mmprof's CUPTI injection library loaded (CUDA_INJECTION64_PATH):\n"
             "every kernel launch it makes (runtime or driver API, cuLaunchKernelEx,\n"
             "cooperative, CUDA graph nodes, cuBLAS/CUB kernels, child processes) is seen;\n"
             "those the filters pass are profiled with collect's metric set, L2 flushed\n"
             "before each pass and device memory restored between passes, one row each in\n"
             "results.csv. analyze, plot, report and diff read the run directory as a\n"
             "collect run's. The app's output is its own (docs/profile.md).\n",
    .options = profile_options,
    .shorts = profile_shorts,
    .exit_status = "0 ok; 1 the app failed, no launch matched, or counters failed (rows\n"
                   "kept); 2 bad usage, APP not found or not executable\n",
    .examples = {"mmprof profile -- ./my_app --size 4096           # every kernel, up to 500 launches",
                 "mmprof profile --list -- ./my_app                # which kernels, how often, how long",
                 "mmprof profile -k regex:gemm -c 3 --model k.txt -- ./my_app"},
};

static int parse_count(const char *opt, const char *s, long *out, char *why, size_t why_len)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < 0 || v > 1000000000L) {
        snprintf(why, why_len, "%s '%s' is not a count from 0 to 1000000000", opt, s);
        return EXIT_USAGE;
    }
    *out = v;
    return 0;
}

static int copy_value(const char *opt, const char *val, char *dst, size_t len, char *why,
                      size_t why_len)
{
    if (!val[0] || strlen(val) >= len) {
        snprintf(why, why_len, "%s: %s value", opt, val[0] ? "too long a" : "an empty");
        return EXIT_USAGE;
    }
    snprintf(dst, len, "%s", val);
    return 0;
}

static int apply(struct profile_args *a, int c, const char *val, const char *word, char *why,
                 size_t why_len)
{
    struct profile_settings *s = &a->set;
    switch (c) {
    case 'k':
        return copy_value("-k/--kernel-name", val, s->kernel, sizeof s->kernel, why, why_len);
    case OPT_SKIP:
        return parse_count("--launch-skip", val, &s->launch_skip, why, why_len);
    case 'c':
        return parse_count("-c/--launch-count", val, &s->launch_count, why, why_len);
    case OPT_NVTX:
        if (s->nnvtx == FILTER_NVTX_MAX) {
            snprintf(why, why_len, "more than %d --nvtx-include filters", FILTER_NVTX_MAX);
            return EXIT_USAGE;
        }
        return copy_value("--nvtx-include", val, s->nvtx[s->nnvtx++], SETTINGS_SPEC_MAX, why,
                          why_len);
    case OPT_MODEL:
        return copy_value("--model", val, s->model, sizeof s->model, why, why_len);
    case OPT_METRICS:
        return copy_value("--metrics", val, s->metrics, sizeof s->metrics, why, why_len);
    case OPT_LIST:
        s->list_only = 1;
        return 0;
    case OPT_SOURCE:
        s->source = 1;
        return 0;
    case OPT_MEMORY_OFFSET:
        if (parse_count("--memory-offset-mb", val, &s->memory_offset_mib, why, why_len))
            return EXIT_USAGE;
        if (s->memory_offset_mib > PLACEMENT_OFFSET_MAX_MIB) {
            snprintf(why, why_len, "--memory-offset-mb %s: give at most %ld MiB", val, PLACEMENT_OFFSET_MAX_MIB);
            return EXIT_USAGE;
        }
        return 0;
    case OPT_OUT:
        a->out = val;
        return 0;
    case OPT_NO_CEILINGS:
        a->no_ceilings = 1;
        return 0;
    case 'h':
        a->help = 1;
        return 0;
    case ':':
        help_missing_value(&profile_help, word, optopt, why, why_len);
        return EXIT_USAGE;
    default:
        help_unknown_option(&profile_help, word, why, why_len);
        return EXIT_USAGE;
    }
}

/* path made absolute into out (the working directory before it, unless it
 * starts with '/'); 0, or -1 with why. */
static int absolute(const char *path, char *out, size_t out_len, char *why, size_t why_len)
{
    char cwd[4096];
    int n = path[0] == '/' ? snprintf(out, out_len, "%s", path)
            : getcwd(cwd, sizeof cwd) ? snprintf(out, out_len, "%s/%s", cwd, path)
                                      : -1;
    if (n < 0 || (size_t)n >= out_len) {
        snprintf(why, why_len, "%.512s: cannot make the path absolute (working directory gone, or too long)",
                 path);
        return -1;
    }
    return 0;
}

/* The settings must hold before the app starts: the injection library would
 * otherwise fail inside it, after its side effects. */
static int validate(struct profile_args *a, char *why, size_t why_len)
{
    struct profile_filter f;
    if (settings_filter(&a->set, &f, why, why_len))
        return EXIT_USAGE;
    filter_free(&f);
    if (a->set.model[0]) {
        struct decl_model m;
        int rc = decl_model_load(&m, a->set.model, why, why_len);
        if (rc)
            return rc;
        decl_model_free(&m);
        char model[sizeof a->set.model];
        if (absolute(a->set.model, model, sizeof model, why, why_len) != 0)
            return EXIT_USAGE;
        snprintf(a->set.model, sizeof a->set.model, "%s", model);
    }
    if (a->set.list_only && a->set.metrics[0]) {
        snprintf(why, why_len, "--list reads no counters: drop --metrics");
        return EXIT_USAGE;
    }
    if (a->set.list_only && a->set.source) {
        snprintf(why, why_len, "--list samples nothing: drop --source");
        return EXIT_USAGE;
    }
    if (a->set.list_only && a->set.memory_offset_mib > 0) {
        snprintf(why, why_len, "--list holds no device memory of its own: drop --memory-offset-mb");
        return EXIT_USAGE;
    }
    struct metric_set ms;
    metric_set_init(&ms);
    int rc = metric_set_parse(&ms, a->set.metrics[0] ? a->set.metrics : "default", why, why_len);
    metric_set_free(&ms);
    return rc == METRIC_SET_OK ? 0 : rc == METRIC_SET_NO_MEMORY ? EXIT_RUNTIME : EXIT_USAGE;
}

int profile_parse(int argc, char **argv, struct profile_args *a, char *why, size_t why_len)
{
    memset(a, 0, sizeof *a);
    settings_init(&a->set);
    command_line_join(argc, argv, a->command_line, sizeof a->command_line);
    optind = 0;
    opterr = 0;
    struct option longopts[HELP_MAX_OPTIONS];
    char shortopts[32];
    if (help_long_options(&profile_help, longopts, HELP_MAX_OPTIONS) < 0) {
        snprintf(why, why_len, "profile: too many options for the help table");
        return EXIT_RUNTIME;
    }
    help_short_options(&profile_help, "+:", shortopts, sizeof shortopts);
    int c;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        int rc = apply(a, c, optarg, argv[optind - 1], why, why_len);
        if (rc)
            return rc;
    }
    if (a->help)
        return 0;
    if (optind >= argc) {
        snprintf(why, why_len, "no app to profile: mmprof profile [options] -- ./app [args]");
        return EXIT_USAGE;
    }
    a->app_index = optind;
    return validate(a, why, why_len);
}

/* Tests only: stand-in apps write launches.tsv as the injection library
 * would, so the command runs end to end without a GPU. */
#define PROFILE_STANDIN_ENV "MMPROF_PROFILE_STANDIN"

/* A GPU, and the CUPTI and injection libraries the app will load, before
 * anything is made: without them no launch could be seen. 0, or 1 with why. */
static int check_gpu(char *why, size_t why_len)
{
    const char *standin = getenv(PROFILE_STANDIN_ENV);
    if (standin && strcmp(standin, "1") == 0)
        return 0;
    char dev[512];
    if (device_count(dev, sizeof dev) <= 0) {
        snprintf(why, why_len, "%s; profile needs a GPU (analyze, plot and report work without one)", dev);
        return EXIT_RUNTIME;
    }
    const char *libs[] = {MMPROF_CUPTI_LIBRARY, MMPROF_INJECT_LIBRARY};
    for (size_t i = 0; i < sizeof libs / sizeof libs[0]; i++)
        if (access(libs[i], R_OK) != 0) {
            snprintf(why, why_len, "%s: %s; profile needs CUPTI and mmprof's injection library (reinstall "
                     "CUDA's CUPTI, or rebuild and reinstall mmprof)", libs[i], strerror(errno));
            return EXIT_RUNTIME;
        }
    return 0;
}

/* The run directory with results.csv's header and launches.tsv's. */
static int make_run_dir(struct profile_args *a, char *dir, size_t dir_len, char *why,
                        size_t why_len)
{
    int rc = rundir_create(a->out, "profile", dir, dir_len, why, why_len);
    if (rc)
        return rc;
    /* absolute: the app may change directory before its CUDA starts the injection */
    if (absolute(dir, a->set.dir, sizeof a->set.dir, why, why_len) != 0 ||
        launch_log_create(dir, why, why_len) != 0)
        return EXIT_RUNTIME;
    if (a->set.list_only)
        return 0;
    if (a->set.source) { /* with its header, before the app's processes append to it */
        FILE *src = source_csv_open(dir, why, why_len);
        if (!src || fclose(src) != 0)
            return EXIT_RUNTIME;
    }
    struct metric_set ms;
    metric_set_init(&ms);
    FILE *f = NULL;
    int usage = 0; /* rundir_create made dir: no other run can hold it */
    rc = metric_set_parse(&ms, a->set.metrics[0] ? a->set.metrics : "default", why, why_len) ||
                 !(f = rundir_open_results(dir, 0, &usage, why, why_len)) ||
                 results_write_header(f, ms.headers, ms.ncols) != 0
             ? EXIT_RUNTIME
             : 0;
    if (f && fclose(f) != 0)
        rc = EXIT_RUNTIME;
    metric_set_free(&ms);
    return rc;
}

/* The GPU the app most likely runs on (device 0 as CUDA_VISIBLE_DEVICES
 * shows it: the injection library profiles the device of each process's
 * first profiled launch), with its datasheet and, unless --no-ceilings, its
 * measured ceilings (collect's micro-benchmarks), for the roofline. The
 * context is released before the app starts, so the app has the GPU, its
 * memory included, to itself. */
struct device_facts {
    struct device_info dev;
    int found;
    char driver[64];                         /* NVML's driver version */
    int clock_before_sm_mhz, clock_before_mem_mhz; /* before the app, -1 = unknown */
    cJSON *ceilings, *datasheet;
    char chip[64];          /* CUPTI's name, "" when not known */
    size_t passes, configs; /* of the metric set on it */
};

/* The chip and the passes the metric set takes on it, as the injection's
 * profiler will schedule them (profiler_offline_check, the Profiler Host API):
 * for run.json; nothing when CUPTI refuses (the rows will say why). */
static void profiler_facts(const struct profile_args *a, struct device_facts *f)
{
    char why[512];
    struct metric_set ms;
    metric_set_init(&ms);
    if (profiler_device_chip(0, f->chip, sizeof f->chip, why, sizeof why) != PROFILER_OK ||
        metric_set_parse(&ms, a->set.metrics[0] ? a->set.metrics : "default", why, sizeof why) != 0 ||
        profiler_offline_check(f->chip, &ms, PROFILER_WHOLE_COUNTERS, &f->passes, &f->configs, why,
                               sizeof why) != PROFILER_OK)
        f->chip[0] = '\0';
    metric_set_free(&ms);
}

static int device_facts(const struct profile_args *a, struct device_facts *f)
{
    char why[512];
    memset(f, 0, sizeof *f);
    if (a->set.list_only) /* no counters, no roofline: the list stays fast */
        return 0;
    if (device_count(why, sizeof why) <= 0 || device_open(0, &f->dev, why, sizeof why) != 0) {
        msg_warn("%s: run.json records no device and no ceilings", why);
        return 0;
    }
    f->found = 1;
    device_driver_string(f->driver, sizeof f->driver);
    f->clock_before_sm_mhz = f->clock_before_mem_mhz = -1;
    device_clocks_mhz(&f->dev, &f->clock_before_sm_mhz, &f->clock_before_mem_mhz);
    int sticky = 0;
    if (!a->no_ceilings) {
        fprintf(stderr, "mmprof: measuring ceilings (DRAM, L2, shared memory, FP32; --no-ceilings "
                        "skips)\n");
        double t0 = now_ms();
        f->ceilings = ceilings_run(&f->dev, &sticky, why, sizeof why);
        trace_since("profile: ceilings", t0);
        if (!f->ceilings)
            msg_warn("%s; continuing without measured ceilings", why);
    }
    if (!f->ceilings)
        f->datasheet = datasheet_json(&f->dev);
    double t0 = now_ms();
    profiler_facts(a, f);
    trace_since("profile: passes of the metric set", t0);
    t0 = now_ms();
    cudaError_t e = cudaDeviceReset();
    trace_since("profile: device reset", t0);
    if (e != cudaSuccess || sticky) {
        msg_error("releasing device 0 before the app starts failed (%s); check the GPU with "
                  "nvidia-smi",
                  cudaGetErrorString(e));
        return EXIT_RUNTIME;
    }
    return 0;
}

static void device_facts_free(struct device_facts *f)
{
    cJSON_Delete(f->ceilings);
    cJSON_Delete(f->datasheet);
}

/* run.json; 0, or -1 after saying why (a run.json left "running" would be
 * taken for a profile still going). */
static int record(const struct profile_args *a, char **argv, const char *app_path,
                  const char *state, const struct app_status *st,
                  const struct launch_summary *sum, double wall_s, const struct device_facts *f)
{
    struct metric_set ms;
    metric_set_init(&ms);
    if (!a->set.list_only &&
        metric_set_parse(&ms, a->set.metrics[0] ? a->set.metrics : "default", NULL, 0) != 0)
        metric_set_free(&ms);
    int after_sm_mhz = -1, after_mem_mhz = -1; /* the app has ended when st is known */
    if (f->found && st)
        device_clocks_mhz(&f->dev, &after_sm_mhz, &after_mem_mhz);
    struct profile_record r = {a->command_line, app_path, argv + a->app_index, &a->set,
                               (const char *const *)ms.headers, ms.ncols, state, st, sum, wall_s,
                               f->found ? &f->dev : NULL, f->driver, CUPTI_API_VERSION,
                               f->clock_before_sm_mhz, f->clock_before_mem_mhz, after_sm_mhz,
                               after_mem_mhz, f->chip, (long)f->passes, (long)f->configs,
                               f->ceilings, f->datasheet};
    char why[512];
    int rc = profile_json_write(a->set.dir, &r, why, sizeof why);
    if (rc != 0)
        msg_error("%s", why);
    metric_set_free(&ms);
    return rc;
}

/* The reason of results.csv's first failed row (the injection library wrote
 * it: the collector's message, which names the fix). */
static void first_failure(const char *dir, char *out, size_t len)
{
    char path[4200], err[300];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    snprintf(out, len, "see the reason column of results.csv");
    struct table *t = results_read(path, err, sizeof err);
    for (size_t r = 0; t && r < t->nrows; r++) {
        if (strcmp(table_str(t, r, table_col(t, "status")), "failed") == 0) {
            snprintf(out, len, "%s: %s", table_str(t, r, table_col(t, "variant")),
                     table_str(t, r, table_col(t, "reason")));
            break;
        }
    }
    table_free(t);
}

/* What the run found, and the exit code it earns. */
static int outcome(const struct profile_args *a, const struct app_status *st,
                   const struct launch_summary *sum)
{
    char status[128];
    app_status_text(st, status, sizeof status);
    int failed_app = !app_status_ok(st);
    if (failed_app)
        msg_error("the app %s; the %ld row(s) written before are kept", status,
                  sum->profiled + sum->failed);
    if (a->set.list_only) {
        launch_log_print(stdout, sum, (size_t)-1);
        printf("%ld launches of %zu kernels in %ld process(es)\n", sum->launches, sum->n,
               sum->processes);
    } else {
        fprintf(stderr, "mmprof: %ld launches seen in %ld process(es), %ld profiled (%ld without "
                "counters); run directory: %s\n",
                sum->launches, sum->processes, sum->profiled + sum->failed, sum->failed, a->set.dir);
    }
    if (failed_app)
        return EXIT_RUNTIME;
    if (sum->launches == 0) {
        msg_error("the app launched no kernel: did it use CUDA, and did the driver load the "
                  "injection library (see its messages above)?");
        return EXIT_RUNTIME;
    }
    if (!a->set.list_only && sum->profiled + sum->failed == 0) {
        msg_error("no kernel matched the filters (%s%s%s%s); the app launched:",
                  a->set.kernel[0] ? "-k " : "", a->set.kernel,
                  a->set.nnvtx ? " --nvtx-include " : "", a->set.nnvtx ? a->set.nvtx[0] : "");
        launch_log_print(stderr, sum, 20);
        return EXIT_RUNTIME;
    }
    if (sum->failed > 0) {
        char first[600];
        first_failure(a->set.dir, first, sizeof first);
        msg_error("%ld profiled launch(es) have no counters; the first: %s", sum->failed, first);
        return EXIT_RUNTIME;
    }
    return EXIT_OK;
}

/* Runs the app in the prepared run directory; the exit code. */
static int profile_app(struct profile_args *a, char **argv, const char *app_path,
                       const char *dir)
{
    char why[1024];
    double t0 = now_ms();
    struct device_facts f;
    if (device_facts(a, &f) != 0) {
        device_facts_free(&f);
        return EXIT_RUNTIME;
    }
    trace_since("profile: device facts (context, ceilings, passes, reset)", t0);
    if (record(a, argv, app_path, "running", NULL, NULL, 0, &f) != 0) {
        device_facts_free(&f);
        return EXIT_RUNTIME;
    }
    struct app_injection inj = {MMPROF_INJECT_LIBRARY, MMPROF_CUPTI_LIBRARY};
    struct app_status st;
    struct launch_summary sum;
    double t_app = now_ms();
    int ran = app_run(app_path, argv + a->app_index, &a->set, &inj, &st, why, sizeof why);
    trace_since("profile: the app under injection", t_app);
    if (ran != 0 || launch_log_summarize(dir, &sum, why, sizeof why) != 0) {
        msg_error("%s", why);
        device_facts_free(&f);
        return EXIT_RUNTIME;
    }
    int rc = outcome(a, &st, &sum);
    if (record(a, argv, app_path, app_status_ok(&st) ? "complete" : "interrupted", &st, &sum,
               (now_ms() - t0) / 1000, &f) != 0)
        rc = EXIT_RUNTIME;
    launch_log_summary_free(&sum);
    device_facts_free(&f);
    return rc;
}

int cmd_profile(int argc, char **argv)
{
    struct profile_args *a = calloc(1, sizeof *a);
    char why[1024] = "", app_path[4096], dir[4096];
    if (!a) {
        msg_error("out of memory");
        return EXIT_RUNTIME;
    }
    int rc = profile_parse(argc, argv, a, why, sizeof why);
    if (rc == 0 && a->help)
        help_print(&profile_help, stdout);
    else if (rc == 0 &&
             (rc = app_resolve(argv[a->app_index], app_path, sizeof app_path, why, sizeof why)) == 0 &&
             (rc = check_gpu(why, sizeof why)) == 0 && (rc = make_run_dir(a, dir, sizeof dir, why, sizeof why)) == 0)
        rc = profile_app(a, argv, app_path, dir);
    else
        msg_error("%s", why);
    free(a);
    return rc;
}
