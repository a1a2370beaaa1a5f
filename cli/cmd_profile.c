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

#include "cli/commands.h"
#include "collector/device.h"
#include "collector/device_facts.h"
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
#include "profile/launch_times.h"
#include "profile/profile_json.h"
#include "profile/replay_join.h"
#include "profile/row_timing.h"
#include "rundir/run_create.h"
#include "rundir/run_files.h"

enum { OPT_SKIP = 256, OPT_NVTX, OPT_MODEL, OPT_METRICS, OPT_LIST, OPT_OUT, OPT_NO_CEILINGS, OPT_SOURCE, OPT_MEMORY_OFFSET,
       OPT_PER_KERNEL, OPT_REPLAY, OPT_TIMING };

static const struct help_option profile_options[] = {
    {"kernel-name", required_argument, 'k', "NAME",
     "profile only kernels named NAME (the base name, e.g. ns::gemm,\n"
     "the demangled or the mangled name), or regex:EXPR (POSIX\n"
     "extended, on the demangled name)"},
    {"launch-skip", required_argument, OPT_SKIP, "N", "skip the first N launches that pass the filters"},
    {"launches-per-kernel", required_argument, OPT_PER_KERNEL, "N",
     "counters of each kernel (name, grid, block) from its first N\n"
     "launches that pass the filters; its later launches are timed\n"
     "only, and its row holds their times (default 1; 0 = every launch)"},
    {"launch-count", required_argument, 'c', "N", "then profile at most N launches in all (default 500; 0 = all)"},
    {"replay-mode", required_argument, OPT_REPLAY, "MODE",
     "kernel (default): each profiled launch replayed, one app run;\n"
     "application: the app run once per one-pass config image, its\n"
     "launches measured in place (it must launch the same kernels\n"
     "each run; its output is shown once); range: each repeat of one\n"
     "NVTX range (--nvtx-include NAME/, or mmprof.h's iteration mark)\n"
     "is a pass, its kernels measured in place in the app's own cache\n"
     "state"},
    {"kernel-timing", required_argument, OPT_TIMING, "HOW",
     "how every launch is timed (CUPTI's kernel records): serial\n"
     "(default): kernels one at a time, as ncu runs them, each\n"
     "record ~2 us over the kernel's own run; concurrent: kernels\n"
     "keep their overlap across streams, but CUPTI instruments each\n"
     "block, which slows kernels of many short blocks"},
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
     "stall reasons per source line in " SOURCE_CSV " (`mmprof source RUN`;\n"
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
             "cooperative, CUDA graph nodes, cuBLAS/CUB kernels, child processes) is seen\n"
             "and timed on the GPU (CUPTI activity records); each kernel's first launches\n"
             "that the filters pass are profiled with collect's metric set, L2 flushed\n"
             "before each pass and device memory restored between passes, one row each in\n"
             RESULTS_CSV " with the times of all the kernel's launches. analyze, plot,\n"
             "report and diff read the run directory as a collect run's. The app's\n"
             "output is its own (docs/profile.md).\n",
    .options = profile_options,
    .shorts = profile_shorts,
    .exit_status = "0 ok; 1 the app failed, no launch matched, or counters failed (rows\n"
                   "kept); 2 bad usage, APP not found or not executable\n",
    .examples = {"mmprof profile -- ./my_app --size 4096           # each kernel's first launch, all timed",
                 "mmprof profile --list -- ./my_app                # which kernels, how often, how long",
                 "mmprof profile --launches-per-kernel 0 -c 0 --replay-mode application -- ./my_app"},
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
    case OPT_PER_KERNEL:
        return parse_count("--launches-per-kernel", val, &s->per_kernel, why, why_len);
    case OPT_REPLAY:
        if (replay_mode_parse(val, &s->replay) != 0) {
            snprintf(why, why_len, "--replay-mode '%s': give kernel, application or range", val);
            return EXIT_USAGE;
        }
        return 0;
    case OPT_TIMING:
        if (kernel_timing_parse(val, &s->timing) != 0) {
            snprintf(why, why_len, "--kernel-timing '%s': give serial or concurrent", val);
            return EXIT_USAGE;
        }
        return 0;
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
    if (a->set.replay == REPLAY_RANGE && (a->set.kernel[0] || a->set.nnvtx > 1 || a->set.launch_skip)) {
        snprintf(why, why_len, "--replay-mode range measures every kernel of one range: give at most one "
                 "--nvtx-include (the range; default mmprof.h's iteration mark), no -k or --launch-skip");
        return EXIT_USAGE;
    }
    if (a->set.replay != REPLAY_KERNEL && (a->set.list_only || a->set.source)) {
        snprintf(why, why_len, "--replay-mode %s measures counters: drop %s", replay_mode_name(a->set.replay),
                 a->set.list_only ? "--list" : "--source (it samples in kernel replay)");
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
                               f->found ? &f->dev : NULL, f->driver, profiler_cupti_api_version(),
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
 * it: the collector's message, which names the fix); the failed rows. */
static long first_failure(const char *dir, char *out, size_t len)
{
    char path[4200], err[300];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    snprintf(out, len, "see the reason column of " RESULTS_CSV);
    struct table *t = results_read(path, err, sizeof err);
    long failed = 0;
    for (size_t r = 0; t && r < t->nrows; r++) {
        if (strcmp(table_str(t, r, table_col(t, "status")), "failed") == 0 && !failed++)
            snprintf(out, len, "%s: %s", table_str(t, r, table_col(t, "variant")),
                     table_str(t, r, table_col(t, "reason")));
    }
    table_free(t);
    return failed;
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

/* --replay-mode application: the app once per config image of the metric
 * set on the device's chip; 0 with the runs' status, or 1 with why. */
static int run_per_image(struct profile_args *a, char **argv, const char *app_path, const struct device_facts *f,
                         const struct app_injection *inj, struct app_status *st, long *failed_image, char *why,
                         size_t why_len)
{
    if (!f->chip[0] || f->configs == 0) {
        snprintf(why, why_len, "--replay-mode application needs the metric set's config images on the "
                 "device's chip, and CUPTI gave none (no device, or counters refused: see above); "
                 "use --replay-mode kernel");
        return 1;
    }
    fprintf(stderr, "mmprof: application replay: the app runs %zu times, once per config image; the "
            "output of runs after the first goes to %s/replay-K.log\n", f->configs, a->set.dir);
    return app_run_per_image(app_path, argv + a->app_index, &a->set, inj, (long)f->configs, st, failed_image,
                             why, why_len);
}

/* The application replay's runs paired and their counters joined into the
 * rows; 0, or -1 after saying why (the first differing launch). */
static int replay_joined(const struct profile_args *a, const char *dir, long images)
{
    char why[1024];
    int rc = replay_join(dir, images, a->set.metrics[0] ? a->set.metrics : "default", why, sizeof why);
    if (rc)
        msg_error("%s", why);
    return rc ? -1 : 0;
}

struct passes_job {
    const struct device_facts_opts *opts;
    struct device_facts *facts;
};

static void passes_while_app_runs(void *ctx)
{
    struct passes_job *j = ctx;
    device_facts_passes(j->opts, j->facts);
}

/* Runs the app in the prepared run directory; the exit code. */
static int profile_app(struct profile_args *a, char **argv, const char *app_path,
                       const char *dir)
{
    char why[1024];
    double t0 = now_ms();
    struct device_facts f;
    struct device_facts_opts fo = {a->set.list_only, a->no_ceilings, a->set.metrics[0] ? a->set.metrics : "default",
                                   profile_schedule(&a->set), a->set.replay == REPLAY_APPLICATION};
    if (device_facts(&fo, &f) != 0) {
        device_facts_free(&f);
        return EXIT_RUNTIME;
    }
    /* application replay runs the app once per config image: it needs them
       first; the other modes need the passes only for run.json's end */
    struct passes_job passes = {&fo, &f};
    if (a->set.replay == REPLAY_APPLICATION)
        device_facts_passes(&fo, &f);
    trace_since("profile: device facts (ceilings or their cache; passes in application replay)", t0);
    if (record(a, argv, app_path, "running", NULL, NULL, 0, &f) != 0) {
        device_facts_free(&f);
        return EXIT_RUNTIME;
    }
    struct app_injection inj = {MMPROF_INJECT_LIBRARY, MMPROF_CUPTI_LIBRARY, NULL,
                                a->set.replay == REPLAY_APPLICATION || a->set.list_only ? NULL : passes_while_app_runs,
                                &passes};
    struct app_status st;
    struct launch_summary sum;
    double t_app = now_ms();
    long failed_image = -1;
    int ran = a->set.replay == REPLAY_APPLICATION
                  ? run_per_image(a, argv, app_path, &f, &inj, &st, &failed_image, why, sizeof why)
                  : app_run(app_path, argv + a->app_index, &a->set, &inj, &st, why, sizeof why);
    trace_since("profile: the app under injection", t_app);
    t_app = now_ms();
    /* the runs joined before the rows are timed: the drift check reads their elapsed cycles */
    int joined = ran == 0 && a->set.replay == REPLAY_APPLICATION && failed_image < 0 && app_status_ok(&st)
                     ? replay_joined(a, dir, (long)f.configs)
                     : 0;
    if (ran != 0 || launch_times_join(dir, NULL, why, sizeof why) != 0 ||
        row_timing_apply(dir, a->set.timing, why, sizeof why) != 0 || launch_log_summarize(dir, &sum, why, sizeof why) != 0) {
        msg_error("%s", why);
        device_facts_free(&f);
        return EXIT_RUNTIME;
    }
    trace_since("profile: launch times joined", t_app);
    if (failed_image > 0)
        msg_error("in the app's run for config image %ld of the application replay (its output: "
                  "%s/" REPLAY_LOG_FMT ")", failed_image, dir, failed_image);
    int rc = outcome(a, &st, &sum);
    if (rc == EXIT_OK && joined != 0)
        rc = EXIT_RUNTIME;
    char first[600]; /* range replay fails rows, not launches, when a repeat differs */
    if (rc == EXIT_OK && a->set.replay == REPLAY_RANGE && first_failure(dir, first, sizeof first) > 0) {
        msg_error("the range's rows have no counters: %s", first);
        rc = EXIT_RUNTIME;
    }
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
