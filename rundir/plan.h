/* The work of a collect: every selected variant x size, in the order they
 * run (shape by shape, matmuls then transposes, so each family's buffers are
 * made once per shape), with an estimated cost for sharding and a done flag
 * for --resume. */
#ifndef MMPROF_PLAN_H
#define MMPROF_PLAN_H

#include <stddef.h>

#include "model/registry.h"

struct plan_item {
    const struct variant *v;
    struct shape shape; /* transposes: k = 0 */
    double cost_s;      /* rough seconds: verify + time + profile */
    int shard;          /* 0-based shard that runs it */
    int done;           /* already in results.csv (--resume) */
};

struct plan {
    struct plan_item *items;
    size_t n;
};

int plan_build(struct plan *p, const struct variant *const *variants, size_t nvariants, const struct shape *shapes,
               size_t nshapes);
void plan_free(struct plan *p);

/* Rough cost of one item, from its work and a per-kind speed guess. */
double plan_cost(const struct variant *v, const struct shape *s);

/* Splits the items into nshards balanced by cost (longest first, each to the
 * least-loaded shard; ties by index), deterministic for given inputs. With
 * cpu_alone (and nshards >= 2) the CPU items (variant_on_gpu false) all go to
 * the last shard, which holds nothing else, and the GPU items are balanced
 * over the others: shards that share a host run that one alone, after the
 * others, so no CPU measurement overlaps another shard's work. */
void plan_shard(struct plan *p, int nshards, int cpu_alone);
/* 1 when some item runs on the host (a CPU variant). */
int plan_has_cpu_items(const struct plan *p);

/* The plan a collect recorded in its run.json ("plan": variants by name,
 * shapes as [M, N, K]). 0; 1 when run.json has none (an older mmprof); -1
 * with why when it names a variant this build does not know or is malformed. */
struct cJSON;
int plan_from_run_json(struct plan *p, const struct cJSON *run, char *why, size_t why_len);

/* Marks an item done; returns 1 when (name, shape) was found. */
int plan_mark_done(struct plan *p, const char *variant, const struct shape *s);

#endif
