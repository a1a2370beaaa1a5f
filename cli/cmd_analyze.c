/* The `analyze` subcommand: options, then load, save, print. */
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "cli/commands.h"
#include "analysis/kernel_facts.h"
#include "analysis/roofline.h"
#include "common/run_args.h"
#include "rundir/run_files.h"
#include "rundir/run_view.h"
#include "common/util.h"

enum format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON, FORMAT_FINDINGS };

enum { OPT_FINDINGS = 256 };

static const struct help_option analyze_options[] = {
    {"format", required_argument, 'f', "F",
     "what to print: table (default: theoretical vs measured CGMA,\n"
     "transposes, launch geometry), csv (" ANALYSIS_CSV ") or json"},
    {"findings", no_argument, OPT_FINDINGS, NULL,
     "print, instead of the table, each kernel's finding and next step at\n"
     "every size, then how often the run bears the next steps out\n"
     "(rules: analysis/rules.def; docs/next-steps.md)"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help analyze_help = {
    .command = "analyze",
    .usage = "RUN [--format table|csv|json | --findings]",
    .about = "Puts each variant's theoretical model beside its measured counters: FLOPs, global\n"
             "accesses and CGMA (per thread-level access, per sector word, per DRAM byte),\n"
             "intensity per L1/L2/DRAM byte, coalescing, bank conflicts, occupancy and launch\n"
             "geometry, with the reason wherever theory and measurement differ by more than 10 %.\n"
             "Writes RUN/" ANALYSIS_CSV " (columns: analysis/README.md) and prints it; a run git\n"
             "tracks (examples/) keeps its committed " ANALYSIS_CSV ". RUN is a run directory written\n"
             "by `mmprof collect` or `mmprof profile` (" RESULTS_CSV " + " RUN_JSON ").\n"
             "\n"
             "The launch geometry table: blocks in the grid, blocks resident per SM and what\n"
             "limits them (registers, shared memory, threads, blocks), waves = blocks / (SMs x\n"
             "blocks per SM), the last wave's share of the slots, and \"fills from n\": the\n"
             "smallest n at which an nxnxn problem (nxn for a transpose) has enough blocks to\n"
             "fill every slot of the GPU at once.\n",
    .options = analyze_options,
    .exit_status = "0 ok, 1 runtime failure (" ANALYSIS_CSV " cannot be written: the table is\n"
                   "printed all the same), 2 bad usage or input\n",
    .examples = {"mmprof analyze examples/seeds                  # the three tables",
                 "mmprof analyze examples/seeds --format csv     # " ANALYSIS_CSV " on stdout",
                 "mmprof analyze examples/seeds --findings       # what to do next, per kernel"},
};

static int parse_format(const char *s, enum format *out)
{
    static const char *const names[] = {"table", "csv", "json"};
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (enum format)i;
            return 0;
        }
    return -1;
}

static int take_option(void *ctx, int code, const char *value)
{
    if (code == OPT_FINDINGS) {
        *(enum format *)ctx = FORMAT_FINDINGS;
        return 0;
    }
    if (parse_format(value, ctx) == 0)
        return 0;
    msg_error("analyze: unknown format '%s': use --format table, csv or json", value);
    return -1;
}

/* Returns -1 to go on, or the exit code to stop with. */
static int parse_args(int argc, char **argv, enum format *format, const char **run)
{
    const struct run_args spec = {&analyze_help, take_option, format, 1};
    return run_args_parse(&spec, argc, argv, run);
}

/* The run's roofs (run.json's ceilings) and what they and source.csv say
 * of each kernel (kernel_facts.h). -1 when said already. */
static int attach_roofs(struct analysis *a, const struct run_view *v, struct roofline *roof)
{
    char err[512];
    roofline_read(v->meta.root, roof);
    if (analysis_attach(a, v, roof, err, sizeof err) != 0) {
        msg_error("analyze: %s", err);
        return -1;
    }
    return 0;
}

static int print(const struct analysis *a, const struct roofline *roof, enum format format)
{
    char err[512], raised[1024];
    roofline_raised_text(roof, raised, sizeof raised);
    if (raised[0] && (format == FORMAT_TABLE || format == FORMAT_FINDINGS))
        printf("note: %s.\n", raised);
    if (format == FORMAT_FINDINGS) {
        if (analysis_print_findings(a, roof, stdout, err, sizeof err) != 0) {
            msg_error("analyze: %s", err);
            return -2;
        }
        return fflush(stdout) == 0 ? 0 : -1;
    }
    if (format == FORMAT_CSV)
        return analysis_write_csv(a, stdout);
    if (format == FORMAT_JSON)
        return analysis_print_json(a, stdout);
    analysis_print_kernels(a, stdout);
    analysis_print_table(a, stdout);
    return fflush(stdout) == 0 ? 0 : -1;
}

int cmd_analyze(int argc, char **argv)
{
    enum format format = FORMAT_TABLE;
    const char *run = NULL;
    int rc = parse_args(argc, argv, &format, &run);
    if (rc >= 0)
        return rc;
    char err[1536];
    struct run_view v;
    struct analysis a;
    rc = analysis_load(run, RUN_VIEW_SOURCE, &v, &a, err, sizeof err);
    if (rc != EXIT_OK) {
        msg_error("analyze: %s", err);
        return rc;
    }
    if (a.nrows == 0)
        msg_warn("analyze: %s/" RESULTS_CSV " has no rows yet: nothing was measured (a stopped collect: "
                 "`mmprof collect --resume %s` completes it)",
                 run, run);
    struct roofline roof;
    if (attach_roofs(&a, &v, &roof) != 0) {
        analysis_free(&a);
        run_view_free(&v);
        return EXIT_USAGE;
    }
    /* A run directory that cannot be written to (read-only, another user's)
     * still gets its analysis on the terminal; the failure is said after it. */
    int saved = analysis_save_csv(&a, err, sizeof err) == 0;
    int printed = print(&a, &roof, format);
    rc = printed == 0 ? EXIT_OK : EXIT_RUNTIME;
    if (printed == -1)
        msg_error("analyze: cannot write to standard output");
    else if (!saved) {
        msg_error("analyze: %s; the analysis above is complete but not saved as " ANALYSIS_CSV, err);
        rc = EXIT_RUNTIME;
    }
    analysis_free(&a);
    run_view_free(&v);
    return rc;
}
