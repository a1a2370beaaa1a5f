/* mmprof merge OUT RUN...: the command around rundir/merge.c. The plan
 * that the shards' collect arguments describe is rebuilt here, where collect's
 * option parser lives. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "rundir/run_files.h"
#include "common/help.h"
#include "common/util.h"
#include "rundir/merge.h"

static const struct help_option merge_options[] = {
    {"force", no_argument, 'f', NULL,
     "merge anyway: mismatches become warnings, kept in " RUN_JSON "\n"
     "(\"merge\": {\"forced\": [...]}); with rows missing the merged\n"
     "state is \"incomplete\" and `mmprof collect --resume OUT` fills them"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help merge_help = {
    .command = "merge",
    .usage = "[--force] OUT RUN...",
    .about = "Joins shard run directories (collect --shard I/N, collect --devices, a Slurm\n"
             "array) into one new run directory OUT, rows in the order one unsharded collect\n"
             "would have written them. OUT must not exist, be empty, or hold only shards/.\n"
             "\n"
             "Refuses (exit 2) to mix different GPU models (name + SM count), mmprof or CUDA\n"
             "versions, metric sets, input seeds or collect arguments; a variant x size present\n"
             "twice with different values; a missing shard (of 0..N-1) or planned row; a shard\n"
             "that did not finish. Identical duplicate rows are dropped with a warning.\n",
    .options = merge_options,
    .exit_status = "0 merged, 1 I/O failure, 2 refused or bad usage\n",
    .examples = {"mmprof merge results/all results/shard-0 results/shard-1   # two shards as one run",
                 "mmprof merge --force results/all results/shard-*          # keep going past mismatches",
                 "mmprof collect --resume results/all                       # then fill missing rows"},
};

int merge_dirs(const char *out, const char *const *runs, size_t nruns, int force, const char *command_line,
               double wall_s, size_t *rows_per_run)
{
    char why[2048] = "";
    size_t *rows = rows_per_run ? rows_per_run : calloc(nruns + 1, sizeof *rows);
    struct merge_options o = {out, runs, nruns, force, command_line, wall_s, rows};
    int rc = rows ? merge_runs(&o, why, sizeof why) : EXIT_RUNTIME;
    if (rc != 0) {
        msg_error("%s", rows ? why : "out of memory");
    } else {
        size_t total = 0;
        for (size_t i = 0; i < nruns; i++)
            total += rows[i];
        fprintf(stderr, "mmprof: merged %zu run%s (%zu rows) into %s\n", nruns, nruns == 1 ? "" : "s", total, out);
    }
    if (rows != rows_per_run)
        free(rows);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    struct option longopts[HELP_MAX_OPTIONS];
    if (help_long_options(&merge_help, longopts, HELP_MAX_OPTIONS) < 0) {
        msg_error("merge: more than %d options in its help table", HELP_MAX_OPTIONS);
        return EXIT_RUNTIME;
    }
    char command_line[4096];
    int force = 0, c;
    optind = 0; /* GNU getopt: full reset */
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'f') {
            force = 1;
        } else if (c == 'h') {
            help_print(&merge_help, stdout);
            return EXIT_OK;
        } else {
            char why[512];
            help_unknown_option(&merge_help, argv[optind - 1], why, sizeof why);
            msg_error("%s", why);
            return EXIT_USAGE;
        }
    }
    if (argc - optind < 2) {
        msg_error("merge: give OUT and at least one RUN: mmprof merge OUT RUN... (see `mmprof merge --help`)");
        return EXIT_USAGE;
    }
    command_line_join(argc, argv, command_line, sizeof command_line);
    return merge_dirs(argv[optind], (const char *const *)argv + optind + 1, (size_t)(argc - optind - 1), force,
                      command_line, -1, NULL);
}
