/* mmprof: profiler-driven performance analysis of dense matrix kernels. */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "common/suggest.h"
#include "common/util.h"

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"list", cmd_list, "list the variants (name, family, parameters)"},
    {"info", cmd_info, "describe the GPU, or the chip's metrics with --metrics"},
    {"collect", cmd_collect, "verify, time and count variants on the GPU into a run directory"},
    {"merge", cmd_merge, "join shard run directories (collect --shard, --devices, Slurm) into one run"},
    {"analyze", cmd_analyze, "theoretical vs measured CGMA, intensity, launch geometry"},
    {"plot", cmd_plot, "gnuplot charts: roofline, tile size, Rx x Ry, transposes, CGMA, sizes"},
    {"report", cmd_report, "Markdown + self-contained HTML report of a run"},
    {"run", cmd_run, "the whole job: collect, analyze, plot, report (example run without a GPU)"},
    {"diff", cmd_diff, "compare two runs: time ratios with 99 % intervals, counters; a CI gate (--fail-on)"},
    {"source", cmd_source, "hottest CUDA source lines and stall reasons of each kernel (collect --source)"},
    {"xcheck", cmd_xcheck, "mmprof's counters against Nsight Compute's CSV: medians, limits, verdicts"},
    {"tune", cmd_tune, "time best's tiles per size on this GPU; collect uses the fastest"},
    {"launch", cmd_launch, "run one launch of one variant (for ncu and compute-sanitizer)"},
    {"profile", cmd_profile, "profile any CUDA program's kernels (-- ./app args) into a run directory"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: mmprof [--version] [--help] COMMAND [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n`mmprof help COMMAND` (or `mmprof COMMAND --help`) describes each command: its options,\n"
               "exit status and examples.\n");
}

static const struct command *find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* One line for a name that is no command: the closest commands, if any. */
static int unknown(const char *what, const char *name)
{
    struct suggest s;
    char close[3 * SUGGEST_NAME_MAX];
    suggest_init(&s, name);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        suggest_offer(&s, commands[i].name);
    suggest_format(&s, close, sizeof close);
    msg_error("%sunknown command '%s': %s%s%s`mmprof --help` lists the commands", what, name,
              close[0] ? "did you mean " : "", close, close[0] ? "? " : "");
    return EXIT_USAGE;
}

/* `mmprof help CMD` is `mmprof CMD --help`: each command prints its own table. */
static int command_help(const char *name)
{
    const struct command *c = find(name);
    if (!c)
        return unknown("help: ", name);
    char *argv[] = {(char *)c->name, "--help", NULL};
    return c->run(2, argv);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "help") == 0 && argc > 2)
        return command_help(argv[2]);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("mmprof %s\n", MMPROF_VERSION);
        return EXIT_OK;
    }
    const struct command *c = find(argv[1]);
    if (c)
        return c->run(argc - 1, argv + 1);
    return unknown("", argv[1]);
}
