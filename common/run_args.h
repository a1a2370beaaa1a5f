/* The one argument parser of the commands that read run directories
 * (analyze, plot, report, diff): -h/--help, the command's own options (from
 * its help table, common/help.h), the run directories, and the same one-line
 * messages for every mistake. */
#ifndef MMPROF_COMMON_RUN_ARGS_H
#define MMPROF_COMMON_RUN_ARGS_H

#include "common/help.h"

struct run_args {
    const struct help *help;   /* the command's name, usage, options and --help text */
    /* Takes one of the command's own options (its getopt code and value, NULL
     * for flags). 0, or -1 after saying what is wrong (exit 2). */
    int (*option)(void *ctx, int code, const char *value);
    void *ctx;
    int nruns; /* run directories the command takes: 1 or 2 */
};

/* Parses argv. Returns -1 to go on, with runs[0 .. spec->nruns) set, or the
 * exit status to stop with: 0 after --help, 2 after a usage message. */
int run_args_parse(const struct run_args *spec, int argc, char **argv, const char **runs);

#endif
