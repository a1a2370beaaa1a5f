#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "rundir/run_files.h"
#include "cli/seed_option.h"
#include "cli/variant_select.h"
#include "common/rng.h"
#include "collector/cupti/metric_set.h"
#include "collector/l2_flush.h"
#include "collector/placement.h"
#include "common/help.h"
#include "common/util.h"
#include "rundir/run_create.h"
#include "rundir/run_json.h"

enum {
    OPT_MNK = 256,
    OPT_BUDGET,
    OPT_WARMUP,
    OPT_METRICS,
    OPT_ADD_METRICS,
    OPT_NO_PROFILE,
    OPT_PROFILE_ONLY,
    OPT_CPU_LIMIT,
    OPT_DEVICE,
    OPT_NO_CEILINGS,
    OPT_SHARD,
    OPT_RESUME,
    OPT_REPLAY,
    OPT_REPLAY_DELAY,
    OPT_DEVICES,
    OPT_ONE_CONFIG_IMAGE,
    OPT_BUFFER_OFFSET,
    OPT_LOCAL_MEMORY_OFFSET,
    OPT_SETTLE,
    OPT_REQUIRE,
    OPT_SOURCE,
    OPT_CPU_ALONE,
};

/* The one table of collect's options: its getopt array and its --help. */
static const struct help_option collect_options[] = {
    {"variants", required_argument, 'v', "V",
     "all (default), names, families (matmul, transpose), globs\n"
     "(rt_b16_*), comma-separated (`mmprof list` names them)"},
    {"sizes", required_argument, 's', "S,...", "square sizes: matmul SxSxS, transposes SxS (default 2048)"},
    {"mnk", required_argument, OPT_MNK, "M,N,K",
     "one shape MxNxK: C (MxN) = A (MxK) * B (KxN); transposes MxN"},
    {"reps", required_argument, 'r', "N",
     "at least N timed launches (default 10; more for short\n"
     "kernels, bounded by --budget-ms)"},
    {"budget-ms", required_argument, OPT_BUDGET, "MS", "timed GPU time to aim for per variant x size (default 200)"},
    {"warmup", required_argument, OPT_WARMUP, "N", "untimed launches first (default 2)"},
    {"seed", required_argument, 'S', "S", SEED_HELP_TEXT},
    {"out", required_argument, 'o', "DIR", "run directory (default results/<time>-<gpu>; never overwritten)"},
    {"device", required_argument, OPT_DEVICE, "N", "CUDA device (default 0)"},
    {"metrics", required_argument, OPT_METRICS, "M",
     "replace the metric set: LIST, @FILE or a group name (default,\n"
     "roofline, stalls, nvprof, l2)"},
    {"add-metrics", required_argument, OPT_ADD_METRICS, "M", "add metrics to the set"},
    {"no-profile", no_argument, OPT_NO_PROFILE, NULL, "timing only, no hardware counters"},
    {"profile-only", no_argument, OPT_PROFILE_ONLY, NULL, "hardware counters only: no timing, no ceilings"},
    {"require", required_argument, OPT_REQUIRE, "counters",
     "stop (exit 1) when counters cannot be read here, instead\n"
     "of verifying and timing without them (docs/restricted.md)"},
    {"one-config-image", no_argument, OPT_ONE_CONFIG_IMAGE, NULL,
     "schedule all metrics in one CUPTI config image (CUPTI\n"
     "splits it over passes; some totals are then scaled from\n"
     "part of the units). Default: counters measured to stay\n"
     "whole in a split image share one, the others get one-pass\n"
     "images (the default set on GH100: 2 images, 5 passes)"},
    {"buffer-offset-mb", required_argument, OPT_BUFFER_OFFSET, "N",
     "allocate N MiB of device memory before every other\n"
     "buffer, moving them in physical memory (DRAM/L2 totals of\n"
     "kernels whose data nearly fill L2 depend on placement;\n"
     "scripts/ncu-crosscheck.sh --repeat samples several)"},
    {"local-memory-offset-mb", required_argument, OPT_LOCAL_MEMORY_OFFSET, "N",
     "allocate N MiB before the local memory reservation, as a\n"
     "profiler that holds memory in the process does (spilling\n"
     "kernels follow where it lands: scripts/ncu-crosscheck.sh\n"
     "passes what ncu holds; docs/fidelity.md). Default 0"},
    {"settle-ms", required_argument, OPT_SETTLE, "MS",
     "after each L2 flush, leave the GPU idle 4x the kernel's\n"
     "duration, at most MS (default 0: the counters cover the\n"
     "kernel alone and need no wait; docs/fidelity.md)"},
    {"source", no_argument, OPT_SOURCE, NULL,
     "after each verified kernel, one more launch under CUPTI PC\n"
     "sampling: samples and stall reasons per SASS instruction and\n"
     "CUDA source line into " SOURCE_CSV " (`mmprof source RUN`)"},
    {"no-ceilings", no_argument, OPT_NO_CEILINGS, NULL, "skip the DRAM/L2/shared/FP32 ceiling micro-benchmarks"},
    {"cpu-limit-s", required_argument, OPT_CPU_LIMIT, "S", "skip cpu_blas where it would take longer (default 10)"},
    {"shard", required_argument, OPT_SHARD, "I/N",
     "run only shard I (0..N-1) of N, balanced by estimated cost;\n"
     "each shard is a valid run directory (`mmprof merge` joins them)"},
    {"cpu-alone", no_argument, OPT_CPU_ALONE, NULL,
     "with --shard, when shards share a host: the CPU rows all go to\n"
     "the last shard, to be run alone after the others\n"
     "(--devices and scripts/slurm --shared-host do this)"},
    {"resume", required_argument, OPT_RESUME, "DIR", "complete a killed or interrupted run without redoing its rows"},
    {"devices", required_argument, OPT_DEVICES, "L",
     "one worker process per GPU in L (e.g. 0,1,2,3), each a shard;\n"
     "merged into --out at the end, shards kept in OUT/shards/"},
    {"replay-from", required_argument, OPT_REPLAY, "RUN",
     "tests only: no GPU; copy each row from a recorded run"},
    {"replay-delay-ms", required_argument, OPT_REPLAY_DELAY, "MS", "tests only: wait MS per replayed row"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help collect_help = {
    .command = "collect",
    .usage = "[--variants V] [--sizes S,S... | --mnk M,N,K] [options]",
    .about = "Verifies every selected variant against an FP64 reference, times it with CUDA\n"
             "events and reads its hardware counters (CUPTI), one " RESULTS_CSV " row per\n"
             "variant x size, appended as each finishes. Needs a GPU.\n",
    .options = collect_options,
    .exit_status = "0 collected (rows that failed verification or were skipped are rows,\n"
                   "not errors), 1 runtime failure (no GPU, a write failed), 2 bad usage\n"
                   "(unknown option, variant or metric; --out already holds a run)\n",
    .examples = {"mmprof collect --variants all --sizes 1024,2048     # what `mmprof run` collects",
                 "mmprof collect --variants 'tiled_*',naive --mnk 1000,3000,700 --out results/odd",
                 "mmprof collect --resume results/odd                 # finish a killed run"},
};

/* --devices LIST: cmd_collect hands the whole command to collect_devices. */
static const char *devices_spec;

static int parse_sizes(struct collect_args *a, const char *s, char *why, size_t why_len)
{
    long v[MAX_SHAPES];
    char inner[256];
    int n = parse_positive_list(s, MAX_SIDE, v, MAX_SHAPES, inner, sizeof inner);
    if (n < 0) {
        snprintf(why, why_len, "--sizes %s: %s", s, inner);
        return -1;
    }
    for (int i = 0; i < n; i++)
        a->shapes[i] = (struct shape){v[i], v[i], v[i]};
    a->opt.nshapes = (size_t)n;
    return 0;
}

static int parse_mnk(struct collect_args *a, const char *s, char *why, size_t why_len)
{
    long v[3];
    char inner[256];
    int n = parse_positive_list(s, MAX_SIDE, v, 3, inner, sizeof inner);
    if (n != 3) {
        snprintf(why, why_len, "--mnk %s: %s", s, n < 0 ? inner : "give three numbers M,N,K");
        return -1;
    }
    a->shapes[0] = (struct shape){v[0], v[1], v[2]};
    a->opt.nshapes = 1;
    return 0;
}

static int parse_int_opt(const char *name, const char *s, long max, long *out, char *why, size_t why_len)
{
    char inner[256];
    if (parse_positive(s, max, out, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s: %s", name, inner);
        return -1;
    }
    return 0;
}

/* A count that may be 0 (--warmup, --device). */
static int parse_count_opt(const char *name, const char *s, long max, long *out, char *why, size_t why_len)
{
    char inner[256];
    if (strcmp(s, "0") == 0) {
        *out = 0;
        return 0;
    }
    if (parse_positive(s, max, out, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s %s: give a whole number from 0 to %ld", name, s, max);
        return -1;
    }
    return 0;
}

static int parse_shard(struct collect_args *a, const char *s, char *why, size_t why_len)
{
    long i, n;
    char inner[128], *slash = strchr(s, '/');
    char head[32];
    if (!slash || (size_t)(slash - s) >= sizeof head) {
        snprintf(why, why_len, "--shard %s: give I/N, e.g. 0/4 (I from 0 to N-1)", s);
        return -1;
    }
    memcpy(head, s, (size_t)(slash - s));
    head[slash - s] = '\0';
    if (parse_positive(slash + 1, 100000, &n, inner, sizeof inner) != 0 ||
        (strcmp(head, "0") != 0 && parse_positive(head, n - 1, &i, inner, sizeof inner) != 0)) {
        snprintf(why, why_len, "--shard %s: give I/N with 0 <= I < N", s);
        return -1;
    }
    a->opt.shard_index = strcmp(head, "0") == 0 ? 0 : (int)i;
    a->opt.shard_count = (int)n;
    return 0;
}

static void defaults(struct collect_args *a)
{
    memset(a, 0, sizeof *a);
    a->opt.timing = (struct timing_options){.warmup = 2, .min_reps = 10, .max_reps = 10000, .budget_ms = 200};
    a->opt.seed = rng_fresh_seed();
    a->opt.profile = 1;
    a->opt.settle_cap_ms = L2_SETTLE_CAP_MS_DEFAULT;
    a->opt.ceilings = 1;
    a->opt.time_kernels = 1;
    a->opt.cpu_limit_s = 10;
    a->opt.variants = a->variants;
    a->opt.shapes = a->shapes;
    a->opt.shard_count = 1;
    a->shapes[0] = (struct shape){2048, 2048, 2048};
    a->opt.nshapes = 1;
}

static int apply(struct collect_args *a, int c, const char *arg, const char *opt_name, const char **variants_spec,
                 int *sized, char *why, size_t why_len)
{
    long v;
    switch (c) {
    case 'v':
        *variants_spec = arg;
        return 0;
    case 's':
    case OPT_MNK:
        if ((*sized)++) {
            snprintf(why, why_len, "give one of --sizes and --mnk, once");
            return -1;
        }
        return c == 's' ? parse_sizes(a, arg, why, why_len) : parse_mnk(a, arg, why, why_len);
    case 'r':
        if (parse_int_opt("--reps", arg, 1000000, &v, why, why_len) != 0)
            return -1;
        a->opt.timing.min_reps = (int)v;
        if (a->opt.timing.max_reps < v)
            a->opt.timing.max_reps = (int)v;
        return 0;
    case OPT_BUDGET:
        if (parse_int_opt("--budget-ms", arg, 3600000, &v, why, why_len) != 0)
            return -1;
        a->opt.timing.budget_ms = (double)v;
        return 0;
    case OPT_WARMUP:
        if (parse_count_opt("--warmup", arg, 1000, &v, why, why_len) != 0)
            return -1;
        a->opt.timing.warmup = (int)v;
        return 0;
    case 'S':
        return parse_seed(arg, &a->opt.seed, why, why_len);
    case 'o':
        if (arg[0] == '\0') {
            snprintf(why, why_len, "--out '': give a directory for the run, e.g. --out results/my-run");
            return -1;
        }
        a->opt.out_dir = arg;
        return 0;
    case OPT_DEVICE:
        if (parse_count_opt("--device", arg, 1023, &v, why, why_len) != 0)
            return -1;
        a->opt.device = (int)v;
        return 0;
    case OPT_METRICS:
        a->opt.metrics_spec = arg;
        return 0;
    case OPT_ADD_METRICS:
        a->opt.add_metrics_spec = arg;
        return 0;
    case OPT_NO_PROFILE:
        a->opt.profile = 0;
        return 0;
    case OPT_REQUIRE:
        if (strcmp(arg, "counters") != 0) {
            snprintf(why, why_len, "--require %s: the one thing collect can require is 'counters'", arg);
            return -1;
        }
        a->opt.require_counters = 1;
        return 0;
    case OPT_SOURCE:
        a->opt.source = 1;
        return 0;
    case OPT_ONE_CONFIG_IMAGE:
        a->opt.one_config_image = 1;
        return 0;
    case OPT_BUFFER_OFFSET:
        if (parse_count_opt("--buffer-offset-mb", arg, PLACEMENT_OFFSET_MAX_MIB, &v, why, why_len) != 0)
            return -1;
        a->opt.buffer_offset_mib = v;
        return 0;
    case OPT_LOCAL_MEMORY_OFFSET:
        if (parse_count_opt("--local-memory-offset-mb", arg, PLACEMENT_OFFSET_MAX_MIB, &v, why, why_len) != 0)
            return -1;
        a->opt.local_memory_offset_mib = v;
        return 0;
    case OPT_SETTLE:
        if (parse_count_opt("--settle-ms", arg, L2_SETTLE_CAP_MS_MAX, &v, why, why_len) != 0)
            return -1;
        a->opt.settle_cap_ms = v;
        return 0;
    case OPT_SHARD:
        return parse_shard(a, arg, why, why_len);
    case OPT_CPU_ALONE:
        a->opt.cpu_alone = 1;
        return 0;
    case OPT_RESUME:
        a->opt.resume_dir = arg;
        return 0;
    case OPT_DEVICES:
        devices_spec = arg;
        return 0;
    case OPT_REPLAY:
        a->opt.replay_dir = arg;
        return 0;
    case OPT_REPLAY_DELAY:
        if (parse_int_opt("--replay-delay-ms", arg, 3600000, &v, why, why_len) != 0)
            return -1;
        a->opt.replay_delay_ms = (double)v;
        return 0;
    case OPT_NO_CEILINGS:
        a->opt.ceilings = 0;
        return 0;
    case OPT_PROFILE_ONLY:
        /* The ceilings are timed micro-benchmarks: no timing, no ceilings
         * (the roofline then uses the datasheet's). */
        a->opt.time_kernels = 0;
        a->opt.ceilings = 0;
        return 0;
    case OPT_CPU_LIMIT:
        if (parse_int_opt("--cpu-limit-s", arg, 86400, &v, why, why_len) != 0)
            return -1;
        a->opt.cpu_limit_s = (double)v;
        return 0;
    case 'h':
        a->help = 1;
        return 0;
    case ':':
        snprintf(why, why_len, "option '%s' needs a value (see `mmprof collect --help`)", opt_name);
        return -1;
    default:
        snprintf(why, why_len, "unknown or incomplete option (see `mmprof collect --help`)");
        return -1;
    }
}

/* Metric names, aliases, groups and @FILEs resolve without a GPU (only a
 * Perfworks name outside mmprof's table needs the chip): a typo is a usage
 * error here, before the device is looked for. */
static int check_metric_specs(const struct collect_args *a, char *why, size_t why_len)
{
    struct metric_set ms;
    char inner[768];
    const char *opt = "--metrics";
    metric_set_init(&ms);
    int rc = metric_set_parse(&ms, a->opt.metrics_spec ? a->opt.metrics_spec : "default", inner, sizeof inner);
    if (rc == METRIC_SET_OK && a->opt.add_metrics_spec) {
        opt = "--add-metrics";
        rc = metric_set_add(&ms, a->opt.add_metrics_spec, inner, sizeof inner);
    }
    metric_set_free(&ms);
    if (rc == METRIC_SET_OK)
        return 0;
    snprintf(why, why_len, "%s: %s", opt, inner);
    return rc == METRIC_SET_NO_MEMORY ? EXIT_RUNTIME : EXIT_USAGE;
}

int collect_parse(int argc, char **argv, struct collect_args *a, char *why, size_t why_len)
{
    const char *variants_spec = "all";
    int sized = 0, c;
    defaults(a);
    devices_spec = NULL;
    command_line_join(argc, argv, a->command_line, sizeof a->command_line);
    a->opt.command_line = a->command_line;
    a->opt.argc = argc - 1;
    a->opt.argv = argv + 1;
    struct option longopts[HELP_MAX_OPTIONS];
    if (help_long_options(&collect_help, longopts, HELP_MAX_OPTIONS) < 0) {
        snprintf(why, why_len, "more than %d options in collect's help table", HELP_MAX_OPTIONS);
        return EXIT_RUNTIME;
    }
    optind = 0; /* GNU getopt: full reset, so parsing can run more than once */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1)
        if (apply(a, c, optarg, argv[optind - 1], &variants_spec, &sized, why, why_len) != 0) {
            if (c == '?') /* "-x", "--frob", or "--no-profile=1" on an option that takes no value */
                help_unknown_option(&collect_help, argv[optind - 1], why, why_len);
            return EXIT_USAGE;
        }
    if (optind < argc) {
        snprintf(why, why_len, "unexpected argument '%s' (see `mmprof collect --help`)", argv[optind]);
        return EXIT_USAGE;
    }
    if (!a->opt.profile && !a->opt.time_kernels) {
        snprintf(why, why_len, "--no-profile and --profile-only together leave nothing to measure");
        return EXIT_USAGE;
    }
    if (!a->opt.profile && a->opt.require_counters) {
        snprintf(why, why_len, "--no-profile and --require counters contradict each other: drop one");
        return EXIT_USAGE;
    }
    int n = select_variants(variants_spec, a->variants, sizeof a->variants / sizeof a->variants[0], why, why_len);
    if (n < 0)
        return EXIT_USAGE;
    a->opt.nvariants = (size_t)n;
    return check_metric_specs(a, why, why_len);
}

/* --resume DIR: parse the arguments the run was started with, plus its
 * seed, so the remaining rows are measured exactly as the first ones were. */
static int resume_args(const char *dir, struct collect_args *a, char *why, size_t why_len)
{
    static char **stored; /* kept for the run: opt.argv points into it */
    static char *argv2[512];
    static char seed_text[32];
    int n = 0, complete = 0;
    unsigned long long seed = 0;
    int rc = rundir_read_args(dir, &n, &stored, &seed, &complete, why, why_len);
    if (rc != 0)
        return rc;
    if (complete) {
        snprintf(why, why_len, "%s is already complete: nothing to resume", dir);
        return -1;
    }
    if (n + 4 > (int)(sizeof argv2 / sizeof argv2[0])) {
        snprintf(why, why_len, "--resume %s: too many stored arguments", dir);
        return EXIT_USAGE;
    }
    argv2[0] = "collect";
    for (int i = 0; i < n; i++)
        argv2[i + 1] = stored[i];
    snprintf(seed_text, sizeof seed_text, "%llu", seed);
    argv2[n + 1] = "--seed";
    argv2[n + 2] = seed_text;
    argv2[n + 3] = NULL;
    rc = collect_parse(n + 3, argv2, a, why, why_len);
    a->opt.argc = n; /* run.json keeps the original arguments */
    a->opt.argv = stored;
    a->opt.resume_dir = dir;
    return rc;
}

int cmd_collect(int argc, char **argv)
{
    static struct collect_args a; /* large: keep it off the stack */
    char why[512] = "";
    int rc = collect_parse(argc, argv, &a, why, sizeof why);
    if (rc == 0 && a.opt.resume_dir && !a.help) {
        if (argc != 3 && !(argc == 2 && strncmp(argv[1], "--resume=", 9) == 0)) {
            msg_error("--resume DIR takes no other options: the run's own are reused");
            return EXIT_USAGE;
        }
        const char *dir = a.opt.resume_dir;
        rc = resume_args(dir, &a, why, sizeof why);
        if (rc < 0) {
            fprintf(stderr, "mmprof: %s\n", why);
            return EXIT_OK;
        }
    }
    if (rc != 0) {
        msg_error("%s", why);
        return rc;
    }
    if (a.help) {
        help_print(&collect_help, stdout);
        return EXIT_OK;
    }
    /* An --out that already holds a run is refused whether or not there is a GPU. */
    if (a.opt.out_dir && !a.opt.resume_dir && !devices_spec && (rc = rundir_check_new(a.opt.out_dir, why, sizeof why))) {
        msg_error("%s", why);
        return rc;
    }
    if (devices_spec)
        return collect_devices(argc, argv, devices_spec, &a);
    return collect_run(&a.opt);
}
