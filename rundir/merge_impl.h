/* What merge.c and merge_check.c share: the shards as loaded, the rows they
 * hold, and the merge in progress. Private to rundir/merge*.c. */
#ifndef MMPROF_RUNDIR_MERGE_IMPL_H
#define MMPROF_RUNDIR_MERGE_IMPL_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "common/table.h"
#include "rundir/merge.h"
#include "rundir/plan.h"
#include "rundir/samples.h"

struct shard {
    const char *dir;
    size_t given;     /* position on the command line */
    cJSON *run;
    struct table *t;
    int index, count; /* count 0: not a shard */
    const char *state;
    double wall_s;
    int *col;         /* merged column -> column of t, -1 = absent (forced header mismatch) */
    struct samples *samples; /* samples.csv; NULL when the shard has none */
    size_t kept;
};

struct row_ref {
    size_t shard, row;
    long plan_pos; /* -1 = not in the plan */
    int drop;      /* a duplicate of an earlier row */
};

struct merge {
    const struct merge_options *o;
    struct shard *s;
    size_t n;
    const char **header; /* merged header, names owned by the shards' tables */
    size_t ncols;
    int cvar, cfam, cm, cn, ck;
    struct row_ref *rows;
    size_t nrows;
    struct plan plan;
    int have_plan, missing_rows, missing_shard;
    char **args; /* common collect arguments, strings owned by s[0].run */
    int nargs;
    char command_line[8192];
    cJSON *forced; /* mismatches merged anyway (--force), kept in run.json */
    char *why;
    size_t why_len;
};

/* cJSON look-ups that read a missing member as NULL / NaN. */
const cJSON *merge_get(const cJSON *o, const char *key);
const char *merge_str(const cJSON *o, const char *key);
double merge_num(const cJSON *o, const char *key);

/* Loads the shard in dir (run.json, results.csv, samples.csv). 0, or 2 with why. */
int merge_load_shard(struct shard *s, const char *dir, char *why, size_t why_len);
/* Orders m->s by shard index, so shard 0's run.json becomes the merged one's. */
void merge_sort_shards(struct merge *m);
/* Refuses shards that cannot be compared (device, versions, seed, header,
 * arguments, shard set, states): 0, or 2 with m->why; --force warns instead. */
int merge_check_compatible(struct merge *m);
/* The shard's collect arguments without what differs between shards
 * (merge_common_args): 0, or -1 out of memory. */
int merge_shard_args(const struct shard *s, char ***out, int *n);
/* A mismatch: refused (2, why set), or with --force a warning that run.json keeps. */
int merge_problem(struct merge *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
