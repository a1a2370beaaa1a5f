#include "rundir/plan.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/theory.h"

/* Every item pays verification, a timing budget and a few profiling passes
 * whatever its size. */
#define FIXED_COST_S 0.3

/* The kind's speed guess (model/kinds.def), less where the variant's
 * parameters make it slow whatever its kind. */
static double rate_guess(const struct variant *v)
{
    if (v->family == FAMILY_MATMUL && v->bs > 0 && v->bs <= 4)
        return 3e11 * v->bs; /* tiny blocks: a warp or less per block */
    if (v->rx * v->ry >= 256)
        return 5e11; /* 256+ accumulators per thread spill registers */
    return kind_of(v)->rate;
}

double plan_cost(const struct variant *v, const struct shape *s)
{
    struct theory t;
    if (theory_of(v, s, &t) != 0)
        return FIXED_COST_S;
    /* ~20 launches (verify, timing floor, 5 passes, warm-up) of the kernel. */
    double launch_s = (v->family == FAMILY_MATMUL ? t.flops : t.bytes_compulsory) / rate_guess(v);
    return FIXED_COST_S + 20 * launch_s;
}

static int add_family(struct plan *p, enum family f, const struct variant *const *vs, size_t nv, const struct shape *s)
{
    for (size_t i = 0; i < nv; i++) {
        if (vs[i]->family != f)
            continue;
        struct plan_item *it = &p->items[p->n++];
        it->v = vs[i];
        it->shape = *s;
        if (f == FAMILY_TRANSPOSE)
            it->shape.k = 0;
        it->cost_s = plan_cost(it->v, &it->shape);
        it->shard = 0;
        it->done = 0;
    }
    return 0;
}

int plan_build(struct plan *p, const struct variant *const *variants, size_t nvariants, const struct shape *shapes,
               size_t nshapes)
{
    p->n = 0;
    p->items = calloc(nvariants * nshapes + 1, sizeof *p->items);
    if (!p->items)
        return -1;
    for (size_t s = 0; s < nshapes; s++) {
        add_family(p, FAMILY_MATMUL, variants, nvariants, &shapes[s]);
        add_family(p, FAMILY_TRANSPOSE, variants, nvariants, &shapes[s]);
    }
    return 0;
}

int plan_from_run_json(struct plan *p, const cJSON *run, char *why, size_t why_len)
{
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(run, "plan");
    if (!plan)
        return 1;
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(plan, "variants");
    const cJSON *dims = cJSON_GetObjectItemCaseSensitive(plan, "shapes");
    int nv = cJSON_GetArraySize(names), ns = cJSON_GetArraySize(dims);
    if (!cJSON_IsArray(names) || !cJSON_IsArray(dims)) {
        snprintf(why, why_len, "run.json's \"plan\" lacks its \"variants\" or \"shapes\" list");
        return -1;
    }
    const struct variant **variants = calloc((size_t)nv + 1, sizeof *variants);
    struct shape *shapes = calloc((size_t)ns + 1, sizeof *shapes);
    int rc = variants && shapes ? 0 : -1;
    if (rc != 0)
        snprintf(why, why_len, "out of memory");
    for (int i = 0; rc == 0 && i < nv; i++) {
        const cJSON *name = cJSON_GetArrayItem(names, i);
        variants[i] = cJSON_IsString(name) ? registry_find(name->valuestring) : NULL;
        if (!variants[i]) {
            snprintf(why, why_len, "run.json's plan names variant '%s', which this mmprof does not know",
                     cJSON_IsString(name) ? name->valuestring : "(not a name)");
            rc = -1;
        }
    }
    for (int i = 0; rc == 0 && i < ns; i++) {
        const cJSON *d = cJSON_GetArrayItem(dims, i);
        double v[3] = {NAN, NAN, NAN};
        for (int j = 0; j < 3 && cJSON_GetArraySize(d) == 3; j++) {
            const cJSON *x = cJSON_GetArrayItem(d, j);
            v[j] = cJSON_IsNumber(x) ? x->valuedouble : NAN;
        }
        if (!(v[0] >= 1 && v[1] >= 1 && v[2] >= 0 && v[0] <= 1e9 && v[1] <= 1e9 && v[2] <= 1e9)) {
            snprintf(why, why_len, "run.json's plan has shape %d that is not [M, N, K]", i + 1);
            rc = -1;
        } else {
            shapes[i] = (struct shape){(long)v[0], (long)v[1], (long)v[2]};
        }
    }
    if (rc == 0 && plan_build(p, variants, (size_t)nv, shapes, (size_t)ns) != 0) {
        snprintf(why, why_len, "out of memory");
        rc = -1;
    }
    free(variants);
    free(shapes);
    return rc;
}

void plan_free(struct plan *p)
{
    free(p->items);
    p->items = NULL;
    p->n = 0;
}

static const struct plan *sort_plan; /* qsort has no context argument */

static int by_cost_desc(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    double ci = sort_plan->items[i].cost_s, cj = sort_plan->items[j].cost_s;
    if (ci != cj)
        return ci > cj ? -1 : 1;
    return (i > j) - (i < j);
}

void plan_shard(struct plan *p, int nshards, int cpu_alone)
{
    int host_shard = cpu_alone && nshards >= 2 ? nshards - 1 : -1;
    int gpu_shards = host_shard >= 0 ? nshards - 1 : nshards;
    size_t *order = malloc(p->n * sizeof *order);
    double *load = calloc(gpu_shards > 0 ? (size_t)gpu_shards : 1, sizeof *load);
    if (!order || !load || nshards < 1) {
        /* Out of memory: a round-robin split is still a valid partition. */
        for (size_t i = 0; i < p->n; i++)
            p->items[i].shard = host_shard >= 0 && !variant_on_gpu(p->items[i].v) ? host_shard
                                : gpu_shards > 0                                  ? (int)(i % (size_t)gpu_shards)
                                                                                  : 0;
        free(order);
        free(load);
        return;
    }
    for (size_t i = 0; i < p->n; i++)
        order[i] = i;
    sort_plan = p;
    qsort(order, p->n, sizeof *order, by_cost_desc);
    for (size_t k = 0; k < p->n; k++) {
        struct plan_item *it = &p->items[order[k]];
        if (host_shard >= 0 && !variant_on_gpu(it->v)) {
            it->shard = host_shard;
            continue;
        }
        int best = 0;
        for (int s = 1; s < gpu_shards; s++)
            if (load[s] < load[best])
                best = s;
        it->shard = best;
        load[best] += it->cost_s;
    }
    free(order);
    free(load);
}

int plan_has_cpu_items(const struct plan *p)
{
    for (size_t i = 0; i < p->n; i++)
        if (!variant_on_gpu(p->items[i].v))
            return 1;
    return 0;
}

int plan_mark_done(struct plan *p, const char *variant, const struct shape *s)
{
    for (size_t i = 0; i < p->n; i++) {
        struct plan_item *it = &p->items[i];
        if (strcmp(it->v->name, variant) == 0 && it->shape.m == s->m && it->shape.n == s->n && it->shape.k == s->k) {
            it->done = 1;
            return 1;
        }
    }
    return 0;
}
