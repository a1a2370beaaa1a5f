/* mmprof launch: its options, help and exit status; the launches themselves
 * are collector/launch_run.c's. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/seed_option.h"
#include "cli/variant_select.h"
#include "collector/launch_run.h"
#include "collector/placement.h"
#include "common/help.h"
#include "common/rng.h"
#include "common/shape_text.h"
#include "common/util.h"

static const struct help_option launch_options[] = {
    {"mnk", required_argument, 'm', "M,N,K", "the shape MxNxK: C (MxN) = A (MxK) * B (KxN); transposes MxN"},
    {"sizes", required_argument, 's', "S", "a square shape SxSxS (one size: launch runs one shape)"},
    {"seed", required_argument, 'S', "S", SEED_HELP_TEXT},
    {"count", required_argument, 'c', "N", "launches of each variant (default 1)"},
    {"warmup", required_argument, 'W', "N",
     "before a variant's first profiled launch, N launches\n"
     "outside the profiler start/stop, after the verification's\n"
     "(default 0: as collect, whose counters see a kernel that\n"
     "verification ran once on its buffers)"},
    {"device", required_argument, 'd', "N", "CUDA device (default 0)"},
    {"l2-flush", no_argument, 'F', NULL,
     "before each launch, read a buffer twice the size of L2\n"
     "and drop its lines, as collect does before each\n"
     "profiled kernel (outside the profiler start/stop)"},
    {"profile-flush", no_argument, 'P', NULL,
     "run that flush inside the start/stop bracket, so\n"
     "`ncu --profile-from-start off` profiles it too (ncu\n"
     "then sees the kernel as collect's counters do)"},
    {"buffer-offset-mb", required_argument, 'B', "N[,N...]",
     "allocate N MiB before the inputs, moving them in\n"
     "physical memory (as collect --buffer-offset-mb). With a\n"
     "list (up to 10), every variant runs once per offset,\n"
     "offset by offset, with buffers allocated afresh: one\n"
     "process, several placements (scripts/ncu-crosscheck.sh\n"
     "profiles every variant of a shape at a few placements\n"
     "in one ncu process this way)"},
    {"local-memory-offset-mb", required_argument, 'L', "N",
     "allocate N MiB before the local memory reservation (as\n"
     "collect --local-memory-offset-mb). launch says on stderr\n"
     "how much device memory is in use before it: under a\n"
     "profiler, the profiler's share is the difference"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help launch_help = {
    .command = "launch",
    .usage = "VARIANT[,VARIANT...] (--mnk M,N,K | --sizes S) [options]",
    .about = "Makes the buffers as `collect --profile-only` does (seeded inputs, rotation\n"
             "copies, the FP64 reference), family by family, verifying each variant once,\n"
             "with as much memory in use before each buffer as collect; then launches\n"
             "each VARIANT's kernel --count times (default 1), in the order given, each\n"
             "bracketed by cudaProfilerStart/Stop, so `ncu --profile-from-start off`\n"
             "profiles only those launches (verification stays outside). For ncu\n"
             "--cache-control all and compute-sanitizer. Needs a GPU.\n",
    .options = launch_options,
    .exit_status = "0 launched, 1 no GPU, a launch failed or a variant gave wrong results,\n"
                   "2 bad usage (unknown variant, bad shape, a variant that cannot run at it)\n",
    .examples = {"mmprof launch naive --sizes 2048                        # one launch",
                 "ncu --profile-from-start off mmprof launch best --mnk 1000,3000,700 --l2-flush",
                 "compute-sanitizer mmprof launch tr_padded --mnk 67,129,1"},
};

/* "0,2,6": whole numbers from 0, at most LAUNCH_MAX_OFFSETS of them. */
static int parse_offsets(const char *list, struct launch_opts *o, char *why, size_t why_len)
{
    char item[32];
    o->noffsets = 0;
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        if (o->noffsets == LAUNCH_MAX_OFFSETS) {
            snprintf(why, why_len, "more than %d offsets", LAUNCH_MAX_OFFSETS);
            return -1;
        }
        if (n == 0 || n >= sizeof item) {
            snprintf(why, why_len, n ? "'%.20s...' is not a whole number" : "empty number", p);
            return -1;
        }
        memcpy(item, p, n);
        item[n] = '\0';
        long *v = &o->offsets_mib[o->noffsets++];
        *v = 0;
        if (item[0] == '-') {
            snprintf(why, why_len, "'%s' is negative: give whole numbers from 0 to %ld", item, PLACEMENT_OFFSET_MAX_MIB);
            return -1;
        }
        if (strcmp(item, "0") != 0 && parse_positive(item, PLACEMENT_OFFSET_MAX_MIB, v, why, why_len) != 0)
            return -1;
        p += n;
        if (*p == '\0')
            return 0;
    }
}

/* "a,b,c": variant names, kept in the order given (the order of the launches,
 * which is how a profiler's report tells them apart). */
static int parse_variants(const char *list, struct launch_opts *o, char *why, size_t why_len)
{
    char item[128];
    o->nvariants = 0;
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof item) {
            snprintf(why, why_len, n ? "'%.20s...' is not a variant name (see `mmprof list`)" : "'%s': empty variant name",
                     n ? p : list);
            return EXIT_USAGE;
        }
        if (o->nvariants == LAUNCH_MAX_VARIANTS) {
            snprintf(why, why_len, "more than %d variants", LAUNCH_MAX_VARIANTS);
            return EXIT_USAGE;
        }
        memcpy(item, p, n);
        item[n] = '\0';
        const struct variant *v = registry_find(item);
        if (!v) {
            const struct variant *sel[1];
            /* the unknown-variant message with the closest names */
            if (select_variants(item, sel, 1, why, why_len) >= 0)
                snprintf(why, why_len, "'%s' is not a variant name: launch takes names, comma-separated (see `mmprof list`)",
                         item);
            return EXIT_USAGE;
        }
        if (!variant_on_gpu(v)) {
            snprintf(why, why_len, "'%s' is not a GPU variant (see `mmprof list`)", item);
            return EXIT_USAGE;
        }
        o->v[o->nvariants++] = v;
        p += n;
        if (*p == '\0')
            return 0;
    }
}

static int parse(int argc, char **argv, struct launch_opts *o, char *why, size_t why_len)
{
    struct option opts[HELP_MAX_OPTIONS];
    if (help_long_options(&launch_help, opts, HELP_MAX_OPTIONS) < 0) {
        snprintf(why, why_len, "more than %d options in launch's help table", HELP_MAX_OPTIONS);
        return EXIT_RUNTIME;
    }
    long v[3];
    int c, n, sized = 0, seeded = 0;
    char inner[256];
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'm':
        case 's':
            n = parse_positive_list(optarg, MAX_SIDE, v, 3, inner, sizeof inner);
            if (n != (c == 'm' ? 3 : 1)) {
                snprintf(why, why_len, "%s %s: %s", c == 'm' ? "--mnk" : "--sizes", optarg,
                         n < 0       ? inner
                         : c == 's' ? "launch runs one shape: give one size"
                                    : "wrong number of values");
                return EXIT_USAGE;
            }
            o->s = c == 'm' ? (struct shape){v[0], v[1], v[2]} : (struct shape){v[0], v[0], v[0]};
            sized = 1;
            break;
        case 'S':
            if (parse_seed(optarg, &o->seed, why, why_len) != 0)
                return EXIT_USAGE;
            seeded = 1;
            break;
        case 'c':
        case 'd':
        case 'W':
            /* 0 is a device, or no warm-up, not a count */
            if ((c == 'd' || c == 'W') && strcmp(optarg, "0") == 0) {
                v[0] = 0;
            } else if (parse_positive(optarg, c == 'd' ? 1023 : c == 'W' ? 1000 : 1L << 40, &v[0], inner,
                                      sizeof inner) != 0) {
                snprintf(why, why_len, "%s %s: %s", c == 'c' ? "--count" : c == 'W' ? "--warmup" : "--device", optarg,
                         inner);
                return EXIT_USAGE;
            }
            if (c == 'c')
                o->count = v[0];
            else if (c == 'W')
                o->warmup = v[0];
            else
                o->device = (int)v[0];
            break;
        case 'F':
            o->l2_flush = 1;
            break;
        case 'P':
            o->profile_flush = 1;
            break;
        case 'L':
            if (strcmp(optarg, "0") == 0) {
                o->local_memory_offset_mib = 0;
            } else if (parse_positive(optarg, PLACEMENT_OFFSET_MAX_MIB, &v[0], inner, sizeof inner) != 0) {
                snprintf(why, why_len, "--local-memory-offset-mb %s: %s", optarg, inner);
                return EXIT_USAGE;
            } else {
                o->local_memory_offset_mib = v[0];
            }
            break;
        case 'B':
            if (parse_offsets(optarg, o, inner, sizeof inner) != 0) {
                snprintf(why, why_len, "--buffer-offset-mb %s: %s", optarg, inner);
                return EXIT_USAGE;
            }
            break;
        case ':':
            help_missing_value(&launch_help, argv[optind - 1], optopt, why, why_len);
            return EXIT_USAGE;
        case 'h':
            help_print(&launch_help, stdout);
            return -1;
        default:
            help_unknown_option(&launch_help, argv[optind - 1], why, why_len);
            return EXIT_USAGE;
        }
    }
    if (o->profile_flush && !o->l2_flush) {
        snprintf(why, why_len, "--profile-flush needs --l2-flush: it says where that flush runs");
        return EXIT_USAGE;
    }
    if (optind != argc - 1 || !sized) {
        snprintf(why, why_len, "give VARIANT[,VARIANT...] and --mnk or --sizes (see `mmprof launch --help`)");
        return EXIT_USAGE;
    }
    if (!seeded) {
        o->seed = rng_fresh_seed();
        o->seed_fresh = 1;
    }
    return parse_variants(argv[optind], o, why, why_len);
}

int cmd_launch(int argc, char **argv)
{
    struct launch_opts o = {.count = 1, .noffsets = 1};
    char why[512] = "";
    int rc = parse(argc, argv, &o, why, sizeof why);
    if (rc != 0) {
        if (rc > 0)
            msg_error("%s", why);
        return rc > 0 ? rc : EXIT_OK;
    }
    rc = launch_run(&o, why, sizeof why);
    if (rc != 0)
        msg_error("%s", why);
    return rc;
}
