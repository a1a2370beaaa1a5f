/* Where `plot` and `report` write. A run directory git tracks (examples/,
 * a run someone committed) is data to read, never to change: its outputs go
 * to a copy of the run, --out DIR or by default results/<its name>. Any
 * other run directory is the user's own: the outputs go into it, unless
 * --out names another place. --out naming the run itself writes into it,
 * tracked or not (how the committed examples are regenerated). */
#ifndef MMPROF_RUNDIR_RUN_OUT_H
#define MMPROF_RUNDIR_RUN_OUT_H

#include <stddef.h>

/* The rule in a sentence, for the commands' --help. */
#define RUN_OUT_RULE                                                                                    \
    "A run directory git tracks (examples/, a committed run) is never changed: the\n"                   \
    "outputs go to a copy of its files, --out DIR or by default results/<its name>;\n"                 \
    "any other run gets them itself unless --out names another directory.\n"

/* 1 when git tracks run/results.csv (git installed, run inside a work tree),
 * unless run_out_prepare was given run as its own --out in this process:
 * everything then writes into it (analysis.csv too). */
int run_out_tracked(const char *run);

/* Sets dir to where command (for messages) writes for run: run itself, or
 * out (or results/<run's name> for a tracked run) made a copy of run's
 * input files (results.csv, run.json, samples.csv, source.csv,
 * launches.tsv; files already the same are left as they are). A directory
 * that holds another run is refused. 0, or the exit code (2 refused, 1 a
 * failed copy) with why. */
int run_out_prepare(const char *run, const char *out, const char *command, char *dir, size_t len, char *why,
                    size_t why_len);

#endif
