/* mmprof merge: joins shard run directories (collect --shard, --devices, a
 * Slurm array) into one run directory, as if one collect had run them all.
 *
 * Shards are refused (unless forced) when they would mix measurements that
 * cannot be compared: another GPU model (name + SM count), another mmprof or
 * CUDA/CUPTI version, another metric set (results.csv header), another input
 * seed, or other collect arguments. Rows are checked too: a variant x size
 * measured twice with different values, a shard missing from 0..N-1, a shard
 * that did not finish, and rows the collect arguments plan but no shard has.
 * Identical duplicate rows (a shard merged twice, a resumed re-run) are
 * dropped with a warning. */
#ifndef MMPROF_MERGE_H
#define MMPROF_MERGE_H

#include <stddef.h>

#include "rundir/plan.h"

struct merge_options {
    const char *out;            /* new run directory: absent, empty, or holding only shards/ */
    const char *const *runs;    /* shard run directories */
    size_t nruns;
    int force;                  /* warn instead of refusing a mismatch */
    const char *merge_command_line; /* recorded in run.json "merge" */
    double wall_s;              /* < 0: the longest shard's (shards ran side by side) */
    size_t *rows_per_run;       /* optional out: rows each run contributed (runs order) */
};

/* Writes out/results.csv and out/run.json (temporary files + rename, run.json
 * last). Returns 0; 2 when the shards are refused or out already holds a run
 * (why says what differs and that --force merges anyway); 1 on an I/O failure. */
int merge_runs(const struct merge_options *o, char *why, size_t why_len);

/* Drops --shard, --out and --device (and the test backend's pacing,
 * --replay-delay-ms), with their values, from collect arguments: what every
 * shard of one sweep has in common. Returns the new count; out must hold
 * argc entries. */
int merge_common_args(int argc, char *const *argv, char **out);

#endif
