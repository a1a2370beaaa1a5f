#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/select.h"
#include "common/rng.h"
#include "common/util.h"

static const char collect_help[] =
    "usage: mmprof collect [--variants V] [--sizes S,S... | --mnk M,N,K] [options]\n"
    "\n"
    "Verifies every selected variant against an FP64 reference, times it with CUDA\n"
    "events and reads its hardware counters (CUPTI), one results.csv row per\n"
    "variant x size, appended as each finishes.\n"
    "\n"
    "  --variants V      all (default), names, families (matmul, transpose), globs\n"
    "                    (rt_b16_*), comma-separated\n"
    "  --sizes S,...     square sizes: matmul SxSxS, transposes SxS (default 2048)\n"
    "  --mnk M,N,K       one shape: matmul MxK * KxN; transposes M rows x N cols\n"
    "  --reps N          at least N timed launches (default 10; more for short\n"
    "                    kernels, bounded by --budget-ms)\n"
    "  --budget-ms MS    timed GPU time to aim for per variant x size (default 200)\n"
    "  --warmup N        untimed launches first (default 2)\n"
    "  --seed S          input seed (default: fresh; recorded in run.json)\n"
    "  --out DIR         run directory (default results/<time>-<gpu>; never overwritten)\n"
    "  --device N        CUDA device (default 0)\n"
    "  --metrics M       replace the metric set: LIST, @FILE or a group name\n"
    "  --add-metrics M   add metrics to the set\n"
    "  --no-profile      timing only, no hardware counters\n"
    "  --profile-only    hardware counters only, no timing\n"
    "  --no-ceilings     skip the DRAM/L2/shared/FP32 ceiling micro-benchmarks\n"
    "  --cpu-limit-s S   skip cpu_blas where it would take longer (default 10)\n";

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
};

static const struct option collect_options_long[] = {
    {"variants", required_argument, NULL, 'v'},
    {"sizes", required_argument, NULL, 's'},
    {"mnk", required_argument, NULL, OPT_MNK},
    {"reps", required_argument, NULL, 'r'},
    {"budget-ms", required_argument, NULL, OPT_BUDGET},
    {"warmup", required_argument, NULL, OPT_WARMUP},
    {"seed", required_argument, NULL, 'S'},
    {"out", required_argument, NULL, 'o'},
    {"device", required_argument, NULL, OPT_DEVICE},
    {"metrics", required_argument, NULL, OPT_METRICS},
    {"add-metrics", required_argument, NULL, OPT_ADD_METRICS},
    {"no-profile", no_argument, NULL, OPT_NO_PROFILE},
    {"profile-only", no_argument, NULL, OPT_PROFILE_ONLY},
    {"cpu-limit-s", required_argument, NULL, OPT_CPU_LIMIT},
    {"no-ceilings", no_argument, NULL, OPT_NO_CEILINGS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

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

static int parse_seed(const char *s, uint64_t *seed, char *why, size_t why_len)
{
    char *end;
    if (*s == '\0' || *s == '-' || (*seed = strtoull(s, &end, 10), *end != '\0')) {
        snprintf(why, why_len, "--seed %s: give a non-negative whole number", s);
        return -1;
    }
    return 0;
}

static void defaults(struct collect_args *a)
{
    memset(a, 0, sizeof *a);
    a->opt.timing = (struct timing_options){.warmup = 2, .min_reps = 10, .max_reps = 10000, .budget_ms = 200};
    a->opt.seed = rng_fresh_seed();
    a->opt.profile = 1;
    a->opt.ceilings = 1;
    a->opt.time_kernels = 1;
    a->opt.cpu_limit_s = 10;
    a->opt.variants = a->variants;
    a->opt.shapes = a->shapes;
    a->shapes[0] = (struct shape){2048, 2048, 2048};
    a->opt.nshapes = 1;
}

static int apply(struct collect_args *a, int c, const char *arg, const char **variants_spec, int *sized,
                 char *why, size_t why_len)
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
        if (strcmp(arg, "0") == 0) {
            a->opt.timing.warmup = 0;
            return 0;
        }
        if (parse_int_opt("--warmup", arg, 1000, &v, why, why_len) != 0)
            return -1;
        a->opt.timing.warmup = (int)v;
        return 0;
    case 'S':
        return parse_seed(arg, &a->opt.seed, why, why_len);
    case 'o':
        a->opt.out_dir = arg;
        return 0;
    case OPT_DEVICE:
        if (strcmp(arg, "0") == 0) {
            a->opt.device = 0;
            return 0;
        }
        if (parse_int_opt("--device", arg, 1023, &v, why, why_len) != 0)
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
    case OPT_NO_CEILINGS:
        a->opt.ceilings = 0;
        return 0;
    case OPT_PROFILE_ONLY:
        a->opt.time_kernels = 0;
        return 0;
    case OPT_CPU_LIMIT:
        if (parse_int_opt("--cpu-limit-s", arg, 86400, &v, why, why_len) != 0)
            return -1;
        a->opt.cpu_limit_s = (double)v;
        return 0;
    case 'h':
        a->help = 1;
        return 0;
    default:
        snprintf(why, why_len, "unknown or incomplete option (see `mmprof collect --help`)");
        return -1;
    }
}

int collect_parse(int argc, char **argv, struct collect_args *a, char *why, size_t why_len)
{
    const char *variants_spec = "all";
    int sized = 0, c;
    defaults(a);
    command_line_join(argc, argv, a->command_line, sizeof a->command_line);
    a->opt.command_line = a->command_line;
    optind = 0; /* GNU getopt: full reset, so parsing can run more than once */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+h", collect_options_long, NULL)) != -1)
        if (apply(a, c, optarg, &variants_spec, &sized, why, why_len) != 0) {
            if (c == '?' && optopt == 0)
                snprintf(why, why_len, "unknown option '%s' (see `mmprof collect --help`)", argv[optind - 1]);
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
    int n = select_variants(variants_spec, a->variants, sizeof a->variants / sizeof a->variants[0], why, why_len);
    if (n < 0)
        return EXIT_USAGE;
    a->opt.nvariants = (size_t)n;
    return 0;
}

void command_line_join(int argc, char **argv, char *buf, size_t len)
{
    size_t used = 0;
    int w = snprintf(buf, len, "mmprof");
    used = w > 0 ? (size_t)w : 0;
    for (int i = 0; i < argc && used < len; i++) {
        int plain = strpbrk(argv[i], " \t'\"$*?") == NULL && argv[i][0] != '\0';
        w = snprintf(buf + used, len - used, plain ? " %s" : " '%s'", argv[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

int cmd_collect(int argc, char **argv)
{
    static struct collect_args a; /* large: keep it off the stack */
    char why[512] = "";
    int rc = collect_parse(argc, argv, &a, why, sizeof why);
    if (rc != 0) {
        msg_error("%s", why);
        return rc;
    }
    if (a.help) {
        fputs(collect_help, stdout);
        return EXIT_OK;
    }
    return collect_run(&a.opt);
}
