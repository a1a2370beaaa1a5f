/* `mmprof tune`: picks the `best` matmul's tile per size on this GPU and
 * stores the choice where `collect` (through best's launch) finds it. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "collector/tune.h"
#include "common/util.h"

#define TUNE_MAX_SHAPES 64

static const char tune_help[] =
    "usage: mmprof tune [--sizes S,S... | --mnk M,N,K] [--tune-file F] [options]\n"
    "\n"
    "Times every compiled-in tile of the `best` matmul (model/best_configs.def)\n"
    "at each size, each verified against the FP64 reference first, and stores the\n"
    "fastest per size in the tune file. `best` reads that file on its first launch:\n"
    "--tune-file F here, $MMPROF_TUNE_FILE, else the default path below; sizes not\n"
    "in the file use the default tile.\n"
    "\n"
    "  --sizes S,...     square sizes SxSxS (default 4096,8192)\n"
    "  --mnk M,N,K       one shape: MxK * KxN\n"
    "  --tune-file F     the table to update (default\n"
    "                    ${XDG_CACHE_HOME:-~/.cache}/mmprof/tune-<gpu>.txt); entries for\n"
    "                    other sizes are kept\n"
    "  --budget-ms MS    timed GPU time per tile x size (default 100)\n"
    "  --warmup N        untimed launches first (default 2)\n"
    "  --seed S          input seed (default 1)\n"
    "  --device N        GPU index (default 0)\n"
    "  --dry-run         measure and print; write nothing\n";

enum { OPT_MNK = 256, OPT_TUNE_FILE, OPT_BUDGET, OPT_WARMUP, OPT_SEED, OPT_DEVICE, OPT_DRY_RUN };

static const struct option tune_options_long[] = {
    {"sizes", required_argument, NULL, 's'},
    {"mnk", required_argument, NULL, OPT_MNK},
    {"tune-file", required_argument, NULL, OPT_TUNE_FILE},
    {"budget-ms", required_argument, NULL, OPT_BUDGET},
    {"warmup", required_argument, NULL, OPT_WARMUP},
    {"seed", required_argument, NULL, OPT_SEED},
    {"device", required_argument, NULL, OPT_DEVICE},
    {"dry-run", no_argument, NULL, OPT_DRY_RUN},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

struct tune_args {
    struct tune_options opt;
    struct shape shapes[TUNE_MAX_SHAPES];
    int help;
};

/* A whole number in [min, max] (min may be 0, unlike parse_positive). */
static int parse_count(const char *name, const char *s, long min, long max, long *out, char *why, size_t why_len)
{
    char inner[256];
    if (strcmp(s, "0") == 0 && min == 0) {
        *out = 0;
        return 0;
    }
    if (parse_positive(s, max, out, inner, sizeof inner) != 0 || *out < min) {
        snprintf(why, why_len, "%s %s: give a whole number from %ld to %ld", name, s, min, max);
        return -1;
    }
    return 0;
}

static int parse_shapes(struct tune_args *a, int square, const char *s, char *why, size_t why_len)
{
    long v[TUNE_MAX_SHAPES];
    char inner[256];
    int n = parse_positive_list(s, MAX_SIDE, v, square ? TUNE_MAX_SHAPES : 3, inner, sizeof inner);
    if (n < 0 || (!square && n != 3)) {
        snprintf(why, why_len, "%s %s: %s", square ? "--sizes" : "--mnk", s,
                 n < 0 ? inner : "give three numbers M,N,K");
        return -1;
    }
    if (square) {
        for (int i = 0; i < n; i++)
            a->shapes[i] = (struct shape){v[i], v[i], v[i]};
        a->opt.nshapes = (size_t)n;
    } else {
        a->shapes[0] = (struct shape){v[0], v[1], v[2]};
        a->opt.nshapes = 1;
    }
    return 0;
}

static int parse_one(struct tune_args *a, int c, const char *arg, char *why, size_t why_len)
{
    long v;
    switch (c) {
    case 's':
    case OPT_MNK:
        return parse_shapes(a, c == 's', arg, why, why_len);
    case OPT_TUNE_FILE:
        a->opt.tune_file = arg;
        return 0;
    case OPT_BUDGET:
        if (parse_count("--budget-ms", arg, 1, 3600000, &v, why, why_len) != 0)
            return -1;
        a->opt.timing.budget_ms = (double)v;
        return 0;
    case OPT_WARMUP:
        if (parse_count("--warmup", arg, 0, 1000, &v, why, why_len) != 0)
            return -1;
        a->opt.timing.warmup = (int)v;
        return 0;
    case OPT_SEED:
        if (parse_count("--seed", arg, 0, 2147483647L, &v, why, why_len) != 0)
            return -1;
        a->opt.seed = (uint64_t)v;
        return 0;
    case OPT_DEVICE:
        if (parse_count("--device", arg, 0, 1023, &v, why, why_len) != 0)
            return -1;
        a->opt.device = (int)v;
        return 0;
    case OPT_DRY_RUN:
        a->opt.dry_run = 1;
        return 0;
    case 'h':
        a->help = 1;
        return 0;
    default:
        snprintf(why, why_len, "unknown option; see mmprof tune --help");
        return -1;
    }
}

static int tune_parse(int argc, char **argv, struct tune_args *a, char *why, size_t why_len)
{
    int c;
    memset(a, 0, sizeof *a);
    a->opt.shapes = a->shapes;
    a->shapes[0] = (struct shape){4096, 4096, 4096};
    a->shapes[1] = (struct shape){8192, 8192, 8192};
    a->opt.nshapes = 2;
    a->opt.seed = 1;
    a->opt.timing = (struct timing_options){.warmup = 2, .min_reps = 10, .max_reps = 1000, .budget_ms = 100};
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", tune_options_long, NULL)) != -1)
        if (parse_one(a, c, optarg, why, why_len) != 0)
            return -1;
    if (optind < argc) {
        snprintf(why, why_len, "unexpected argument '%s'", argv[optind]);
        return -1;
    }
    return 0;
}

int cmd_tune(int argc, char **argv)
{
    char why[512];
    struct tune_args a;
    if (tune_parse(argc, argv, &a, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_USAGE;
    }
    if (a.help) {
        fputs(tune_help, stdout);
        return EXIT_OK;
    }
    return tune_run(&a.opt);
}
