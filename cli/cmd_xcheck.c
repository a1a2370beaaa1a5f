/* The `xcheck` subcommand: options, then one of the comparison (the table,
 * crosscheck.csv, the summary), --noisy (which series need more runs),
 * --elapsed-misses (which kernels the referee should time at other placements),
 * --list-ok (which variants ncu should launch), --check (what each file
 * holds), --join (earlier comparisons as one) or --ncu-metrics (what to ask
 * ncu for). */
#include "cli/commands.h"
#include "rundir/run_files.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/help.h"
#include "common/util.h"
#include "xcheck/compare.h"
#include "analysis/findings_vs_ncu.h"
#include "xcheck/inputs.h"
#include "xcheck/join.h"
#include "xcheck/ncu_csv.h"
#include "xcheck/output.h"
#include "xcheck/referee.h"
#include "xcheck/tolerance.h"

/* Largest --failed-runs: a count the shell passes on, far above any real one. */
#define FAILED_RUNS_MAX 1000000L
/* Largest --floor-sectors: 9 digits, as the cross-check script accepts. */
#define FLOOR_SECTORS_MAX 999999999L

enum {
    OPT_MMPROF = 256, OPT_MMPROF2, OPT_NCU, OPT_NCU2, OPT_METRICS, OPT_FLOOR, OPT_OUT, OPT_CPU_ONLY, OPT_FAILED,
    OPT_NOISY, OPT_LIST_OK, OPT_CHECK, OPT_JOIN, OPT_NCU_METRICS, OPT_TIMING, OPT_PLACEMENTS, OPT_ELAPSED_MISSES,
    OPT_FINDINGS, OPT_NCU_DETAILS, OPT_NCU_RAW
};

struct opts {
    struct xc_sources src;
    struct xc_args join, cpu_only;
    const char *out;
    long floor_sectors, failed_runs;
    double noisy_pct;
    int noisy, list_ok, check, ncu_metrics, elapsed_misses;
    int failed_runs_given; /* --failed-runs N: a script's comparison, whatever N */
    const char *findings, *ncu_details, *ncu_raw; /* --findings mode (analysis/findings_vs_ncu.h) */
};

static const struct help_option xcheck_options[] = {
    {"mmprof", required_argument, OPT_MMPROF, "RUN_DIR[,...]",
     "`mmprof collect --profile-only` run directories, one per\n"
     "placement (--buffer-offset-mb); rows with status ok count.\n"
     "Or a `mmprof profile` run: its launches pair with ncu's by\n"
     "launch number (ncu over the same app, every launch), and each\n"
     "launch's activity record is the referee of elapsed cycles"},
    {"ncu", required_argument, OPT_NCU, "[VARIANTS@MxNxK:]CSV[,...]",
     "`ncu --import REP --csv --page details --print-units base` of\n"
     "ncu over `mmprof launch VARIANTS --mnk M,N,K\n"
     "--l2-flush --profile-flush --buffer-offset-mb O1,O2,...`, with\n"
     "the metrics --ncu-metrics prints: the flush kernels\n"
     "split the samples, which go to VARIANTS in launch's order\n"
     "(every variant at O1, then at O2, ...). Without the prefix:\n"
     "the variants the mmprof runs measured ok, at their one shape,\n"
     "or for a profile run its launches. Without flush kernels,\n"
     "VARIANTS names every sample."},
    {"ncu2", required_argument, OPT_NCU2, "[VARIANTS@MxNxK:]CSV[,...]",
     "a second ncu measurement: compares ncu with itself"},
    {"mmprof2", required_argument, OPT_MMPROF2, "RUN_DIR[,...]",
     "a second mmprof measurement: compares mmprof with itself\n"
     "(--mmprof then only says which variants ran)"},
    {"metrics", required_argument, OPT_METRICS, "LIST", "Perfworks names to compare (default: the first input's)"},
    {"floor-sectors", required_argument, OPT_FLOOR, "N",
     "DRAM/L2/LRC totals within N sectors (N x 32 bytes) pass too\n"
     "(default " HELP_STR(XC_FLOOR_SECTORS_DEFAULT) "; 0: the 2 % alone)"},
    {"out", required_argument, OPT_OUT, "DIR", "write DIR/crosscheck.csv, not-compared.txt and failures"},
    {"cpu-only", required_argument, OPT_CPU_ONLY, "LIST", "variants listed as not compared (no kernel for ncu)"},
    {"timing", required_argument, OPT_TIMING, "RUN_DIR[,...]",
     "`mmprof collect` runs with timing (runtime_ms): where the\n"
     "elapsed class misses, the kernel's unprofiled duration as\n"
     "cycles at mmprof's clock and each side's distance from it,\n"
     "after the table (kernels of at least " HELP_STR(XC_REFEREE_MIN_MS) " ms)"},
    {"timing-placements", required_argument, OPT_PLACEMENTS, "RUN_DIR[,...]",
     "the same timing runs with local memory elsewhere (other\n"
     "--local-memory-offset-mb): the note adds the kernel's range\n"
     "over them and where each side's cycles fall in it"},
    {"failed-runs", required_argument, OPT_FAILED, "N", "measurements that failed before this comparison: counted"},
    {"noisy", required_argument, OPT_NOISY, "PCT",
     "instead of comparing, print 'VARIANT MxNxK SE METRIC' for each\n"
     "variant and shape whose medians cannot resolve the 2 % limit of\n"
     "a total or a time-based metric: robust standard error of their\n"
     "difference (1.2533 x 1.4826 MAD / sqrt(n) a side) above PCT %\n"
     "(a percentage's against 1 point where that is more than 2 %;\n"
     "the cross-check uses 0.5)"},
    {"elapsed-misses", no_argument, OPT_ELAPSED_MISSES, NULL,
     "instead of comparing, print 'VARIANT MxNxK' for each variant\n"
     "and shape whose elapsed class misses (with --timing: of kernels\n"
     "of at least " HELP_STR(XC_REFEREE_MIN_MS) " ms unprofiled): what to time at other placements"},
    {"list-ok", no_argument, OPT_LIST_OK, NULL,
     "print 'MxNxK V1,V2,...': the variants the mmprof runs measured\n"
     "ok, per shape (what to give `mmprof launch`)"},
    {"check", no_argument, OPT_CHECK, NULL, "read and check every input, say what each holds; compare nothing"},
    {"ncu-metrics", no_argument, OPT_NCU_METRICS, NULL,
     "print the --metrics list to give ncu: the list, then the counters\n"
     "of the ratios ncu prints to two decimals (IPC's), which the\n"
     "comparison then takes from them"},
    {"findings", required_argument, OPT_FINDINGS, "RUN_DIR",
     "instead of counters, findings: for each kernel of the `mmprof\n"
     "profile` run (its first launch), the top finding of `analyze\n"
     "--findings` beside ncu's rule of highest estimated speedup and\n"
     "its SOL bottleneck on the same launch (launch=N of " RESULTS_CSV "\n"
     "is ncu's N-th), as limiters (xcheck/limiters.def), and how many\n"
     "kernels agree. With --ncu-details and/or --ncu-raw"},
    {"ncu-details", required_argument, OPT_NCU_DETAILS, "CSV",
     "ncu's `--csv --page details` export of the same app (rules\n"
     "and SOL; NVTX columns, short rule rows, units base or not)"},
    {"ncu-raw", required_argument, OPT_NCU_RAW, "CSV",
     "ncu's `--csv --page raw` export of the same app (SOL only;\n"
     "with --ncu-details: checked to hold the same launches)"},
    {"join", required_argument, OPT_JOIN, "DIR|CSV[,...]",
     "print the comparisons written by earlier --out runs (disjoint\n"
     "variant sets) as one table, counted again; --out gets the join.\n"
     "Each a --out directory, or a comparison's CSV of any name"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help xcheck_help = {
    .command = "xcheck",
    .usage = "--mmprof RUN_DIR[,RUN_DIR...] --ncu [VARIANTS@MxNxK:]NCU.csv[,...] [OPTIONS]\n"
             "       mmprof xcheck --join DIR|CSV[,...] [--out DIR]\n"
             "       mmprof xcheck --findings RUN_DIR --ncu-details CSV [--ncu-raw CSV]",
    .about = "Compares mmprof's counters with Nsight Compute's on the same kernels: per variant,\n"
             "shape and metric, the median over the runs given (one run a buffer placement)\n"
             "of each side, the relative difference |mmprof - ncu| / |ncu| (/ 1 where ncu is 0) against the\n"
             "metric's limit, each side's spread (max - min) / median, and Welch's t of the two\n"
             "means (|t| < 2 on a miss: within the runs' own noise). Limits:\n"
             "  requests, sectors, instructions, shared wavefronts net of bank conflicts  0.1 %\n"
             "  DRAM read, L2 sectors by operation, LRC requested sectors   2 % or --floor-sectors\n"
             "  .pct_of_peak_sustained_*, .per_cycle_active, elapsed cycles, clock  2 % or 1 point\n"
             "  everything else: information only (docs/fidelity.md says why)\n"
             "An elapsed-class miss of a `mmprof profile` launch whose CUPTI activity record (its\n"
             "unprofiled duration) agrees with mmprof's elapsed cycles within 2 % is 'refereed':\n"
             "counted apart, not a miss; not in an application replay, whose records come from\n"
             "one of its counting runs, under CUPTI's kernel timing.\n"
             "Each input option may be given more than once. A variant and shape must have as\n"
             "many runs on both sides; one that does not is a failure.\n"
             "scripts/ncu-crosscheck.sh measures both sides and calls this.\n",
    .options = xcheck_options,
    .exit_status = "0 every value within its limit or refereed, 1 a miss or a failure, 2 bad usage\n"
                   "or a missing or damaged input (one line names the file, the line and the fix)\n",
    .examples = {"mmprof xcheck --mmprof r1,r2,r3 --ncu naive,best@1000x3000x700:ncu.csv --out cmp",
                 "mmprof xcheck --join cmp-a,cmp-b --out cmp   # disjoint variant sets as one",
                 "mmprof xcheck --mmprof r1,r2 --list-ok        # what to give `mmprof launch`"},
};

static int add_arg(struct xc_args *a, const char *v, const char *opt)
{
    if (a->n == sizeof a->v / sizeof a->v[0]) {
        msg_error("xcheck: %s given more than %zu times: join the values with commas", opt, a->n);
        return -1;
    }
    a->v[a->n++] = v;
    return 0;
}

static int parse_count(const char *s, long max, long *out, const char *opt)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s < '0' || *s > '9' || *end != '\0' || v > max) {
        msg_error("xcheck: %s '%s': give a whole number from 0 to %ld", opt, s, max);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_option(int c, const char *arg, struct opts *o)
{
    switch (c) {
    case OPT_MMPROF: return add_arg(&o->src.mmprof, arg, "--mmprof");
    case OPT_MMPROF2: return add_arg(&o->src.mmprof2, arg, "--mmprof2");
    case OPT_NCU: return add_arg(&o->src.ncu, arg, "--ncu");
    case OPT_NCU2: return add_arg(&o->src.ncu2, arg, "--ncu2");
    case OPT_JOIN: return add_arg(&o->join, arg, "--join");
    case OPT_CPU_ONLY: return add_arg(&o->cpu_only, arg, "--cpu-only");
    case OPT_TIMING: return add_arg(&o->src.timing, arg, "--timing");
    case OPT_PLACEMENTS: return add_arg(&o->src.placements, arg, "--timing-placements");
    case OPT_ELAPSED_MISSES: o->elapsed_misses = 1; return 0;
    case OPT_METRICS: o->src.metrics = arg; return 0;
    case OPT_OUT: o->out = arg; return 0;
    case OPT_FLOOR: return parse_count(arg, FLOOR_SECTORS_MAX, &o->floor_sectors, "--floor-sectors");
    case OPT_FAILED:
        o->failed_runs_given = 1;
        return parse_count(arg, FAILED_RUNS_MAX, &o->failed_runs, "--failed-runs");
    case OPT_LIST_OK: o->list_ok = 1; return 0;
    case OPT_CHECK: o->check = 1; return 0;
    case OPT_NCU_METRICS: o->ncu_metrics = 1; return 0;
    case OPT_FINDINGS: o->findings = arg; return 0;
    case OPT_NCU_DETAILS: o->ncu_details = arg; return 0;
    case OPT_NCU_RAW: o->ncu_raw = arg; return 0;
    case OPT_NOISY: {
        char *end;
        o->noisy_pct = strtod(arg, &end);
        o->noisy = 1;
        if (end == arg || *end != '\0' || !(o->noisy_pct >= 0 && o->noisy_pct <= 100)) {
            msg_error("xcheck: --noisy '%s': give a percentage from 0 to 100, e.g. --noisy 0.5", arg);
            return -1;
        }
        return 0;
    }
    default: return -1;
    }
}

/* The combinations that make sense; one line for any other. A comparison of
 * mmprof's runs needs ncu's side (or a second mmprof), except where the
 * cross-check script counts failed measurements (--failed-runs): each series
 * of the other side is then a failure (the cross-check's ncu may have failed for a whole shape). The
 * listing modes (--check, --list-ok, --noisy, --elapsed-misses) take either
 * side alone. */
static int check_combination(const struct opts *o)
{
    const struct xc_sources *s = &o->src;
    int inputs = s->mmprof.n || s->mmprof2.n || s->ncu.n || s->ncu2.n;
    const char *why = NULL;
    int findings_inputs = o->ncu_details || o->ncu_raw;
    if (o->findings && (inputs || o->join.n || o->ncu_metrics || !findings_inputs))
        why = "--findings RUN_DIR takes --ncu-details CSV and/or --ncu-raw CSV alone";
    else if (o->findings)
        return 0;
    else if (findings_inputs)
        why = "--ncu-details and --ncu-raw go with --findings RUN_DIR";
    else if (o->ncu_metrics && (inputs || o->join.n || !s->metrics))
        why = "--ncu-metrics takes --metrics LIST alone";
    else if (o->ncu_metrics)
        return 0;
    else if (o->join.n && (inputs || s->timing.n || s->placements.n))
        why = "--join reads earlier comparisons; give it no --mmprof, --ncu or --timing";
    else if (o->join.n)
        return 0;
    else if (o->list_ok && !s->mmprof.n)
        why = "--list-ok: name the collect runs with --mmprof";
    else if (!inputs)
        why = "give mmprof's run directories with --mmprof and ncu's CSV with --ncu";
    else if (s->mmprof.n && !s->ncu.n && !s->ncu2.n && !s->mmprof2.n && !o->check && !o->noisy && !o->list_ok &&
             !o->elapsed_misses && !o->failed_runs_given)
        why = "--mmprof is compared with ncu: give ncu's CSV with --ncu (or a second mmprof measurement with "
              "--mmprof2)";
    else if (s->ncu2.n && s->mmprof2.n)
        why = "--ncu2 and --mmprof2: compare one tool with itself at a time";
    else if (s->mmprof2.n && s->ncu.n)
        why = "--mmprof2 compares mmprof with itself; leave out --ncu";
    else if ((s->timing.n || s->placements.n) && (s->ncu2.n || s->mmprof2.n))
        why = "--timing weighs mmprof's elapsed cycles against ncu's, not a tool against itself";
    else if (s->placements.n && !s->timing.n)
        why = "--timing-placements widens the --timing note: give --timing too";
    if (why)
        msg_error("xcheck: %s; see `mmprof xcheck --help`", why);
    return why ? -1 : 0;
}

/* Returns -1 to go on, or the exit status to stop with. */
static int parse_args(int argc, char **argv, struct opts *o)
{
    struct option longopts[HELP_MAX_OPTIONS];
    if (help_long_options(&xcheck_help, longopts, HELP_MAX_OPTIONS) < 0) {
        msg_error("xcheck: more than %d options in its help table", HELP_MAX_OPTIONS);
        return EXIT_RUNTIME;
    }
    int c;
    o->floor_sectors = XC_FLOOR_SECTORS_DEFAULT;
    optind = 1;
    opterr = 0; /* our own one-line messages */
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        if (c == 'h') {
            help_print(&xcheck_help, stdout);
            return EXIT_OK;
        }
        if (c == ':' || c == '?') {
            char why[600];
            if (c == ':')
                help_missing_value(&xcheck_help, argv[optind - 1], optopt, why, sizeof why);
            else
                help_unknown_option(&xcheck_help, argv[optind - 1], why, sizeof why);
            msg_error("%s", why);
            return EXIT_USAGE;
        }
        if (parse_option(c, optarg, o) != 0)
            return EXIT_USAGE;
    }
    if (optind < argc) {
        msg_error("xcheck: unexpected argument '%s': inputs go after --mmprof and --ncu", argv[optind]);
        return EXIT_USAGE;
    }
    return check_combination(o) == 0 ? -1 : EXIT_USAGE;
}

/* --list-ok: per shape, in the order read, the variants measured ok (a
 * transpose, K = 0, with the matmuls of its M and N). */
static int list_ok(const struct xc_inputs *in)
{
    const struct xc_statuses *st = &in->statuses;
    for (size_t i = 0; i < st->n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = xc_shape_match(&st->s[j].shape, &st->s[i].shape);
        if (seen)
            continue;
        struct xc_shape shape = st->s[i].shape;
        for (size_t j = i; j < st->n && shape.k == 0; j++)
            if (xc_shape_match(&st->s[j].shape, &shape))
                shape = st->s[j].shape;
        char text[64];
        xc_shape_text(&shape, text, sizeof text);
        printf("%s ", text);
        int n = 0;
        for (size_t j = i; j < st->n; j++)
            if (xc_shape_match(&st->s[j].shape, &shape) && strcmp(st->s[j].status, "ok") == 0)
                printf("%s%s", n++ ? "," : "", st->s[j].variant);
        printf("\n");
    }
    return EXIT_OK;
}

/* The series of both sides that can be compared: as many runs a side. */
static const struct xc_series *partner(const struct xc_inputs *in, const struct xc_series *a)
{
    const struct xc_series *b = xc_side_match(&in->b, a->variant, &a->shape);
    return b && b->runs == a->runs ? b : NULL;
}

/* --noisy: the series whose medians cannot resolve the 2 % limit. */
static int list_noisy(const struct xc_inputs *in, double pct)
{
    for (size_t i = 0; i < in->a.n; i++) {
        const struct xc_series *a = &in->a.series[i], *b = partner(in, a);
        const char *metric;
        if (!b)
            continue;
        double se = xc_worst_median_diff_se(a, b, &in->metrics, &metric);
        if (se > pct) {
            char shape[64];
            xc_shape_text(xc_row_shape(a, b), shape, sizeof shape);
            printf("%s %s %.2f %s\n", a->variant, shape, se, metric);
        }
    }
    return EXIT_OK;
}

struct emit_ctx {
    struct xc_output *out; /* NULL: only look */
    int elapsed_miss;      /* a row of the elapsed class missed in this series */
    int upheld;            /* the referee upholds mmprof's elapsed class (xc_referee_upholds) */
};

static void emit_row(const struct xc_row *row, void *ctx)
{
    struct emit_ctx *e = ctx;
    char limit[32];
    xc_limit_text(METRIC_ELAPSED, 0, limit, sizeof limit);
    int elapsed_miss = strcmp(row->limit, limit) == 0 && strncmp(row->result, "MISS", 4) == 0;
    e->elapsed_miss |= elapsed_miss;
    if (!e->out)
        return;
    struct xc_row refereed;
    if (elapsed_miss && e->upheld) {
        refereed = *row;
        snprintf(refereed.result, sizeof refereed.result, "%s", XC_REFEREED);
        row = &refereed;
    }
    xc_output_row(e->out, row);
}

/* The referee's durations from the inputs (referee.h). */
static struct xc_referee_sources referee_sources(const struct xc_inputs *in)
{
    return (struct xc_referee_sources){&in->activity, &in->timing, &in->placements, in->activity_with_counters,
                                       in->activity_serial};
}

/* --elapsed-misses: the kernels whose elapsed class misses, long enough for
 * the referee's events when --timing says how long. */
static int list_elapsed_misses(const struct opts *opt, const struct xc_inputs *in)
{
    const struct xc_referee_sources sources = referee_sources(in);
    for (size_t i = 0; i < in->a.n; i++) {
        const struct xc_series *a = &in->a.series[i], *b = partner(in, a);
        struct emit_ctx e = {NULL, 0, 0};
        if (b)
            xc_compare_series(a, b, &in->metrics, opt->floor_sectors, emit_row, &e);
        int exact;
        double ms = xc_referee_ms(&sources, a, &exact);
        if (!e.elapsed_miss || (in->timing.n && !exact && !(ms >= XC_REFEREE_MIN_MS)))
            continue;
        char shape[64];
        xc_shape_text(xc_row_shape(a, b), shape, sizeof shape);
        printf("%s %s\n", a->variant, shape);
    }
    return EXIT_OK;
}

static void runs_mismatch(struct xc_output *o, const struct xc_inputs *in, const struct xc_series *s, size_t runs_a,
                          size_t runs_b)
{
    char shape[64], why[256];
    xc_shape_text(&s->shape, shape, sizeof shape);
    if (s->variant[0] == '#' && runs_b == 0) /* a profile run's launch */
        snprintf(why, sizeof why, "%s's exports hold no launch that pairs with it: not compared (was %s run with a "
                 "kernel filter, or on another app?)", in->label_b, in->label_b);
    else
        snprintf(why, sizeof why, "%s has %zu run(s), %s %zu: not compared (a measurement failed?)", in->label_a,
                 runs_a, in->label_b, runs_b);
    xc_output_fail(o, s->variant, shape, why);
}

/* What mmprof did not measure: skipped variants are listed, others failed. */
static void statuses(struct xc_output *o, const struct xc_inputs *in)
{
    for (size_t i = 0; i < in->statuses.n; i++) {
        const struct xc_status *s = &in->statuses.s[i];
        char shape[64], why[700];
        xc_shape_text(&s->shape, shape, sizeof shape);
        if (strcmp(s->status, "skipped") == 0) { /* e.g. a tile that does not fit the device */
            snprintf(why, sizeof why, "not compared: skipped by mmprof (%s)", s->reason);
            xc_output_not_compared(o, s->variant, shape, why);
        } else if (strcmp(s->status, "ok") != 0) {
            snprintf(why, sizeof why, "mmprof status '%s' (%s)", s->status, s->reason);
            xc_output_fail(o, s->variant, shape, why);
        }
    }
}

static int cpu_only_line(const char *variant, void *o)
{
    xc_output_not_compared(o, variant, "-", "not compared: runs on the CPU, no kernel for ncu");
    return 0;
}

static int compare(const struct opts *opt, const struct xc_inputs *in)
{
    struct xc_output o;
    struct xc_referee ref;
    const struct xc_referee_sources sources = referee_sources(in);
    if (xc_referee_open(&ref, &sources) != 0) {
        msg_error("xcheck: out of memory");
        return EXIT_RUNTIME;
    }
    if (xc_output_open(&o, opt->out, in->label_a, in->label_b) != 0) {
        xc_referee_close(&ref, stdout);
        return EXIT_RUNTIME;
    }
    xc_output_header(&o);
    for (size_t i = 0; i < opt->cpu_only.n; i++) {
        char *copy = strdup(opt->cpu_only.v[i]), *save = NULL;
        for (char *v = copy ? strtok_r(copy, ",", &save) : NULL; v; v = strtok_r(NULL, ",", &save))
            cpu_only_line(v, &o);
        free(copy);
    }
    statuses(&o, in);
    for (size_t i = 0; i < in->unpaired.n; i++) {
        const char *line = in->unpaired.item[i], *tab = strchr(line, '\t');
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(tab - line), line);
        xc_output_not_compared(&o, name, "1x1x1", tab + 1);
    }
    for (size_t i = 0; i < in->a.n; i++) {
        const struct xc_series *a = &in->a.series[i], *b = partner(in, a);
        if (b) {
            struct emit_ctx e = {&o, 0, xc_referee_upholds(&sources, a, &in->metrics)};
            xc_compare_series(a, b, &in->metrics, opt->floor_sectors, emit_row, &e);
            if (e.elapsed_miss)
                xc_referee_note(&ref, &sources, a, b, &in->metrics);
        } else {
            const struct xc_series *other = xc_side_match(&in->b, a->variant, &a->shape);
            runs_mismatch(&o, in, a, a->runs, other ? other->runs : 0);
        }
    }
    for (size_t i = 0; i < in->b.n; i++) /* measured by side B alone */
        if (!xc_side_match(&in->a, in->b.series[i].variant, &in->b.series[i].shape))
            runs_mismatch(&o, in, &in->b.series[i], 0, in->b.series[i].runs);
    o.tally.failures += opt->failed_runs;
    xc_referee_close(&ref, stdout); /* after the table, before the summary */
    return xc_output_close(&o);
}

static int print_ncu_metrics(const char *list)
{
    struct str_list m = {0}, ask = {0};
    int rc = xc_metrics_add_list(&m, list) == 0 && xc_ncu_request(&m, &ask) == 0 ? EXIT_OK : EXIT_RUNTIME;
    for (size_t i = 0; rc == EXIT_OK && i < ask.n; i++)
        printf("%s%s", i ? "," : "", ask.item[i]);
    if (rc == EXIT_OK)
        printf("\n");
    else
        msg_error("xcheck: out of memory");
    str_list_free(&m);
    str_list_free(&ask);
    return rc;
}

static int join(const struct opts *o)
{
    const char *dirs[1024];
    size_t n = 0;
    char *copies[256] = {0};
    for (size_t i = 0; i < o->join.n; i++) {
        char *save = NULL;
        copies[i] = strdup(o->join.v[i]);
        for (char *d = copies[i] ? strtok_r(copies[i], ",", &save) : NULL; d && n < 1024;
             d = strtok_r(NULL, ",", &save))
            dirs[n++] = d;
    }
    int rc = xc_join(dirs, n, o->out);
    for (size_t i = 0; i < o->join.n; i++)
        free(copies[i]);
    return rc;
}

int cmd_xcheck(int argc, char **argv)
{
    struct opts o = {0};
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    if (o.findings)
        return xc_findings_vs_ncu(o.findings, o.ncu_details, o.ncu_raw);
    if (o.join.n)
        return join(&o);
    if (o.ncu_metrics)
        return print_ncu_metrics(o.src.metrics);
    struct xc_inputs in;
    o.src.verbose = o.check;
    if (xc_inputs_load(&o.src, &in) != 0)
        return EXIT_USAGE;
    if (o.list_ok)
        rc = list_ok(&in);
    else if (o.noisy)
        rc = list_noisy(&in, o.noisy_pct);
    else if (o.elapsed_misses)
        rc = list_elapsed_misses(&o, &in);
    else if (o.check)
        rc = EXIT_OK;
    else
        rc = compare(&o, &in);
    xc_inputs_free(&in);
    return rc;
}
