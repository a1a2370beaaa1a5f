/* The `analyze` subcommand: options, then load, save, print. */
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/analyze_cmd.h"
#include "common/run_args.h"
#include "common/util.h"

enum format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON };

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mmprof analyze RUN [--format table|csv|json]\n"
            "\n"
            "Puts each variant's theoretical model beside its measured counters: FLOPs, global\n"
            "accesses and CGMA (per thread-level access, per sector word, per DRAM byte),\n"
            "intensity per L1/L2/DRAM byte, coalescing, bank conflicts, occupancy and launch\n"
            "geometry, with the reason wherever theory and measurement differ by more than 10 %%.\n"
            "Writes RUN/analysis.csv (columns: analysis/README.md) and prints it.\n"
            "\n"
            "  RUN              a run directory written by `mmprof collect` (results.csv + run.json)\n"
            "  -f, --format F   what to print: table (default: theoretical vs measured CGMA,\n"
            "                   transposes, geometry), csv (analysis.csv) or json\n"
            "  -h, --help       this text\n"
            "\n"
            "exit status: 0 ok, 1 runtime failure, 2 bad usage or input\n");
}

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
    (void)code; /* --format is the only one */
    if (parse_format(value, ctx) == 0)
        return 0;
    msg_error("analyze: unknown format '%s': use --format table, csv or json", value);
    return -1;
}

/* Returns -1 to go on, or the exit code to stop with. */
static int parse_args(int argc, char **argv, enum format *format, const char **run)
{
    static const struct option options[] = {{"format", required_argument, NULL, 'f'}, {NULL, 0, NULL, 0}};
    const struct run_args spec = {"analyze", "mmprof analyze RUN [--format table|csv|json]", "--format table",
                                  usage, options, "f:", take_option, format, 1};
    return run_args_parse(&spec, argc, argv, run);
}

static int print(const struct analysis *a, enum format format)
{
    if (format == FORMAT_CSV)
        return analysis_write_csv(a, stdout);
    if (format == FORMAT_JSON)
        return analysis_print_json(a, stdout);
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
    struct analysis a;
    rc = analysis_load(run, &a, err, sizeof err);
    if (rc != EXIT_OK) {
        msg_error("analyze: %s", err);
        return rc;
    }
    if (a.nrows == 0)
        msg_warn("analyze: %s/results.csv has no rows yet: nothing was measured (a stopped collect: "
                 "`mmprof collect --resume %s` completes it)",
                 run, run);
    if (analysis_save_csv(&a, err, sizeof err) != 0) {
        msg_error("analyze: %s", err);
        analysis_free(&a);
        return EXIT_RUNTIME;
    }
    rc = print(&a, format) == 0 ? EXIT_OK : EXIT_RUNTIME;
    if (rc != EXIT_OK)
        msg_error("analyze: cannot write to standard output");
    analysis_free(&a);
    return rc;
}
