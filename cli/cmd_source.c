/* The `source` subcommand: a run's PC samples (source.csv) per kernel, its
 * hottest CUDA source lines with their text and stall reasons; with ncu's
 * pages, the comparison scripts/source-check.sh gates on. */
#include "cli/commands.h"
#include "rundir/run_files.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/run_args.h"
#include "common/shape_text.h"
#include "common/util.h"
#include "common/wrap.h"
#include "stalls/source_ncu.h"
#include "stalls/source_profile.h"
#include "stalls/source_text.h"

#define SOURCE_COMPARE_STALLS 5 /* ncu's top five reasons are compared */
#define SOURCE_MAX_PP_DEFAULT 3

enum { OPT_KERNEL = 256, OPT_TOP, OPT_NCU_RAW, OPT_NCU_SOURCE, OPT_MAX_PP };

struct source_opts {
    const char *kernel, *ncu_raw, *ncu_source;
    long top;
    double max_pp;
};

static const struct help_option source_options[] = {
    {"kernel", required_argument, OPT_KERNEL, "NAME", "only this variant (default: every sampled kernel)"},
    {"top", required_argument, OPT_TOP, "N", "hottest lines per kernel (default " HELP_STR(SOURCE_TOP_LINES) ")"},
    {"ncu-raw", required_argument, OPT_NCU_RAW, "CSV",
     "compare the stall shares with ncu's: `ncu --import R --page raw\n"
     "--csv --print-kernel-base mangled` of a report with the\n"
     "SourceCounters section (needs --kernel)"},
    {"ncu-source", required_argument, OPT_NCU_SOURCE, "CSV",
     "compare the hottest line with ncu's: `ncu --import R --page\n"
     "source --csv --print-source cuda,sass` (needs --kernel)"},
    {"max-pp", required_argument, OPT_MAX_PP, "PP",
     "largest share difference allowed, in percentage points\n"
     "(default " HELP_STR(SOURCE_MAX_PP_DEFAULT) ")"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help source_help = {
    .command = "source",
    .usage = "RUN [--kernel NAME] [--top N] [--ncu-raw CSV] [--ncu-source CSV]",
    .about = "Prints where each kernel of RUN spends its warps' time, from the PC samples of\n"
             "`mmprof collect --source` (RUN/" SOURCE_CSV "): its samples and stall reasons, then\n"
             "its hottest CUDA source lines with their share of the samples, their top stall\n"
             "reasons and their text (when the file the kernel was built from is readable\n"
             "here). Stall names are ncu's without smsp__pcsamp_warps_issue_stalled_;\n"
             "`selected` is a warp that issued. docs/source.md explains the numbers.\n",
    .options = source_options,
    .exit_status = "0 ok, 1 runtime failure, 2 bad usage or input (no " SOURCE_CSV ", unknown\n"
                   "kernel), 3 with --ncu-*: a share differs by more than --max-pp or the\n"
                   "hottest lines differ\n",
    .examples = {"mmprof source results/x                       # every sampled kernel",
                 "mmprof source results/x --kernel naive --top 10",
                 "mmprof source results/x --kernel naive --ncu-raw raw.csv --ncu-source src.csv"},
};

static int take_option(void *ctx, int code, const char *value)
{
    struct source_opts *o = ctx;
    char why[256];
    char *end;
    switch (code) {
    case OPT_KERNEL:
        o->kernel = value;
        return 0;
    case OPT_TOP:
        if (parse_positive(value, 1000, &o->top, why, sizeof why) == 0)
            return 0;
        msg_error("source: --top %s: %s", value, why);
        return -1;
    case OPT_NCU_RAW:
        o->ncu_raw = value;
        return 0;
    case OPT_NCU_SOURCE:
        o->ncu_source = value;
        return 0;
    default:
        o->max_pp = strtod(value, &end);
        if (end != value && *end == '\0' && o->max_pp >= 0 && o->max_pp <= 100)
            return 0;
        msg_error("source: --max-pp %s: give percentage points from 0 to 100", value);
        return -1;
    }
}

/* One line of the table; source text that would run past 120 columns goes
 * on the line under it, indented. */
static void print_line(const struct source_kernel *k, const struct source_line *l)
{
    char where[320], text[512], stalls[256];
    source_text_line(l->file, l->line, text, sizeof text);
    char row[700];
    int col = snprintf(row, sizeof row, "  %5.1f %%  %-24s %-48s ", source_pct(l->samples, k->samples),
                       source_line_where(l, where, sizeof where), source_line_stalls(l, stalls, sizeof stalls));
    if (col > 0 && (size_t)col + strlen(text) > WRAP_WIDTH) {
        size_t end = strlen(row);
        while (end > 0 && row[end - 1] == ' ') /* no blank before the line's end */
            row[--end] = '\0';
        printf("%s\n", row);
        wrap_print(stdout, (size_t)printf("           "), text, 11, WRAP_WIDTH);
    } else {
        printf("%s%s\n", row, text);
    }
}

static void print_kernel(const struct source_kernel *k, long top)
{
    char title[128];
    char reasons[1024];
    size_t n = 0;
    printf("%s: %llu samples\n", source_kernel_title(k, 60, title, sizeof title), k->samples);
    for (size_t i = 0; i < k->nstalls && i < SOURCE_COMPARE_STALLS && n < sizeof reasons; i++)
        n += (size_t)snprintf(reasons + n, sizeof reasons - n, "%s%s %.1f %%", i ? ", " : "", k->stalls[i].stall,
                              source_pct(k->stalls[i].samples, k->samples));
    wrap_print(stdout, (size_t)printf("  stall reasons: "), n ? reasons : "", 4, WRAP_WIDTH);
    printf("  share    line                     top stall reasons of the line                    source\n");
    for (size_t i = 0; i < k->nlines && (long)i < top; i++)
        print_line(k, &k->lines[i]);
    printf("\n");
}

/* ncu's top reasons beside ours; 1 when one differs by more than max_pp. */
static int compare_stalls(const struct source_kernel *k, const struct ncu_stalls *ncu, double max_pp)
{
    int off = 0;
    printf("%-28s %9s %9s %8s\n", "stall reason (ncu's top 5)", "mmprof %", "ncu %", "diff pp");
    for (size_t i = 0; i < ncu->n && i < SOURCE_COMPARE_STALLS; i++) {
        double ours = source_pct(source_kernel_stall(k, ncu->reasons[i].stall), k->samples);
        double theirs = 100.0 * ncu->reasons[i].samples / ncu->sample_count;
        int bad = !(fabs(ours - theirs) <= max_pp);
        off |= bad;
        printf("%-28s %9.2f %9.2f %8.2f%s\n", ncu->reasons[i].stall, ours, theirs, ours - theirs, bad ? "  OFF" : "");
    }
    return off;
}

static int compare_line(const struct source_kernel *k, const char *path, int *off)
{
    char err[1600], where[320];
    long line = 0;
    double samples = 0;
    if (source_ncu_hottest_line(path, &line, &samples, err, sizeof err) != 0) {
        msg_error("source: %s", err);
        return EXIT_USAGE;
    }
    const struct source_line *ours = k->nlines ? &k->lines[0] : NULL;
    int same = ours && ours->line == line;
    *off |= !same;
    printf("hottest line: mmprof %s, ncu line %ld (%.0f samples)%s\n",
           ours ? source_line_where(ours, where, sizeof where) : "-", line, samples, same ? "" : "  OFF");
    return 0;
}

static int compare(const struct source_kernel *k, const struct source_opts *o)
{
    char err[1600];
    int off = 0;
    if (o->ncu_raw) {
        struct ncu_stalls ncu;
        int rc = source_ncu_stalls(o->ncu_raw, k->function, &ncu, err, sizeof err);
        if (rc != 0) {
            if (rc > 0)
                snprintf(err, sizeof err, "%s has no row for kernel %s (export with --print-kernel-base mangled)",
                         o->ncu_raw, k->function);
            msg_error("source: %s", err);
            return EXIT_USAGE;
        }
        char title[128];
        printf("%s: mmprof %llu samples, ncu %.0f\n", source_kernel_title(k, 60, title, sizeof title), k->samples,
               ncu.sample_count);
        off |= compare_stalls(k, &ncu, o->max_pp);
    }
    if (o->ncu_source && compare_line(k, o->ncu_source, &off) != 0)
        return EXIT_USAGE;
    printf("verdict: %s\n", off ? "DIFFERS" : "agrees");
    return off ? 3 : EXIT_OK;
}

static int show(const struct source_profile *p, const struct source_opts *o, const char *run)
{
    if (!o->kernel) {
        for (size_t i = 0; i < p->n; i++)
            print_kernel(&p->kernels[i], o->top);
        return EXIT_OK;
    }
    const struct source_kernel *k = source_profile_find(p, o->kernel);
    if (!k) {
        msg_error("source: %s/" SOURCE_CSV " has no samples of '%s' (`mmprof source %s` lists the sampled kernels)", run,
                  o->kernel, run);
        return EXIT_USAGE;
    }
    print_kernel(k, o->top);
    return o->ncu_raw || o->ncu_source ? compare(k, o) : EXIT_OK;
}

int cmd_source(int argc, char **argv)
{
    struct source_opts o = {.top = SOURCE_TOP_LINES, .max_pp = SOURCE_MAX_PP_DEFAULT};
    const char *run = NULL;
    const struct run_args spec = {&source_help, take_option, &o, 1};
    int rc = run_args_parse(&spec, argc, argv, &run);
    if (rc >= 0)
        return rc;
    char err[4600];
    if ((o.ncu_raw || o.ncu_source) && !o.kernel) {
        msg_error("source: --ncu-raw and --ncu-source compare one kernel: add --kernel NAME");
        return EXIT_USAGE;
    }
    struct run_view v;
    if (run_view_load(run, RUN_VIEW_META_IF_ANY | RUN_VIEW_SOURCE, &v, err, sizeof err) != 0) {
        msg_error("source: %s", err);
        return EXIT_USAGE;
    }
    struct source_profile p;
    rc = source_profile_load(&v, &p, err, sizeof err);
    if (rc != 0) {
        msg_error("source: %s", err);
        run_view_free(&v);
        return rc == -2 ? EXIT_RUNTIME : EXIT_USAGE;
    }
    rc = show(&p, &o, run);
    if (fflush(stdout) != 0 && rc == EXIT_OK) {
        msg_error("source: cannot write to standard output");
        rc = EXIT_RUNTIME;
    }
    source_profile_free(&p);
    run_view_free(&v);
    return rc;
}
