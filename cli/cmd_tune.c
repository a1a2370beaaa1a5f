/* `mmprof tune`: picks the `best` matmul's tile per size on this GPU and
 * stores the choice where `collect` (through best's launch) finds it. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/seed_option.h"
#include "collector/tune.h"
#include "common/help.h"
#include "common/rng.h"
#include "common/util.h"

#define TUNE_MAX_SHAPES 64

enum { OPT_MNK = 256, OPT_TUNE_FILE, OPT_BUDGET, OPT_WARMUP, OPT_SEED, OPT_DEVICE, OPT_DRY_RUN };

static const struct help_option tune_options[] = {
    {"sizes", required_argument, 's', "S,...", "square sizes SxSxS (default 4096,8192)"},
    {"mnk", required_argument, OPT_MNK, "M,N,K", "one shape MxNxK: C (MxN) = A (MxK) * B (KxN)"},
    {"tune-file", required_argument, OPT_TUNE_FILE, "F",
     "the table to update (default\n"
     "${XDG_CACHE_HOME:-~/.cache}/mmprof/tune-<gpu>.txt); entries for\n"
     "other sizes are kept"},
    {"budget-ms", required_argument, OPT_BUDGET, "MS", "timed GPU time per tile x size (default 100)"},
    {"warmup", required_argument, OPT_WARMUP, "N", "untimed launches first (default 2)"},
    {"seed", required_argument, OPT_SEED, "S", SEED_HELP_TEXT},
    {"device", required_argument, OPT_DEVICE, "N", "CUDA device (default 0)"},
    {"dry-run", no_argument, OPT_DRY_RUN, NULL, "measure and print; write nothing"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help tune_help = {
    .command = "tune",
    .usage = "[--sizes S,S... | --mnk M,N,K] [--tune-file F] [options]",
    .about = "Times every compiled-in tile of the `best` matmul (model/best_configs.def)\n"
             "at each size, each verified against the FP64 reference first, and stores the\n"
             "fastest per size in the tune file. `best` reads that file on its first launch:\n"
             "--tune-file F here, $MMPROF_TUNE_FILE, else the default path below; sizes not\n"
             "in the file use the default tile. Needs a GPU.\n",
    .options = tune_options,
    .exit_status = "0 tuned (or --dry-run measured), 1 no GPU or a measurement failed,\n"
                   "2 bad usage\n",
    .examples = {"mmprof tune                             # 4096 and 8192, into the cache",
                 "mmprof tune --sizes 2048 --dry-run      # the tiles' times; write nothing",
                 "mmprof tune --mnk 1000,3000,700 --tune-file t.txt   # then MMPROF_TUNE_FILE=t.txt"},
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
        return parse_seed(arg, &a->opt.seed, why, why_len);
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
    default: /* a code of tune's table without a case here */
        snprintf(why, why_len, "option code %d not handled (see `mmprof tune --help`)", c);
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
    a->opt.seed = rng_fresh_seed();
    a->opt.timing = (struct timing_options){.warmup = 2, .min_reps = 10, .max_reps = 1000, .budget_ms = 100};
    struct option opts[HELP_MAX_OPTIONS];
    if (help_long_options(&tune_help, opts, HELP_MAX_OPTIONS) < 0) {
        snprintf(why, why_len, "more than %d options in tune's help table", HELP_MAX_OPTIONS);
        return -1;
    }
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == ':' || c == '?') { /* the word getopt stopped at names it */
            if (c == ':')
                help_missing_value(&tune_help, argv[optind - 1], optopt, why, why_len);
            else
                help_unknown_option(&tune_help, argv[optind - 1], why, why_len);
            return -1;
        }
        if (parse_one(a, c, optarg, why, why_len) != 0)
            return -1;
    }
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
        help_print(&tune_help, stdout);
        return EXIT_OK;
    }
    return tune_run(&a.opt);
}
