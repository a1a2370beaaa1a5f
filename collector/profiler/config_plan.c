/* Greedy packing of a metric set into config images (see config_plan.h). */
#include "collector/profiler/config_plan.h"

#include "collector/profiler/plan_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct chip_ctx {
    const struct cupti_api *api;
    const char *chip;
    const uint8_t *availability;
    int device;
};

/* Passes CUPTI needs for names in one image, with a throw-away host object:
 * a host object keeps every metric ever added to it. */
static enum profiler_status count_passes(const struct chip_ctx *c, const char **names, size_t n,
                                         size_t *passes, char *err, size_t err_len)
{
    struct host h;
    enum profiler_status st = host_open(&h, c->api, c->chip, c->availability, c->device, err,
                                        err_len);
    if (st != PROFILER_OK)
        return st;
    uint8_t *image = NULL;
    size_t size;
    st = host_build_config(&h, names, n, &image, &size, passes, err, err_len);
    free(image);
    host_close(&h);
    return st;
}

static int group_alloc(struct config_group *g, size_t cap)
{
    memset(g, 0, sizeof *g);
    g->names = malloc(cap * sizeof *g->names);
    g->index = malloc(cap * sizeof *g->index);
    if (g->names && g->index)
        return 0;
    free(g->names);
    free(g->index);
    memset(g, 0, sizeof *g);
    return -1;
}

static void group_push(struct config_group *g, const char *name, size_t index)
{
    g->names[g->n] = name;
    g->index[g->n] = index;
    g->n++;
}

/* Metric i joins the first group that can take it without needing more passes
 * than the group already does; otherwise it opens a new group, which then
 * needs what the metric alone needs. Every group thus takes the passes of the
 * metric that opened it, and planning counts a metric alone only when it opens
 * a group (each count builds a config image: ~8 ms). */
static enum profiler_status place(struct config_plan *plan, const struct chip_ctx *c,
                                  const char **names, size_t i, size_t cap, char *err,
                                  size_t err_len)
{
    enum profiler_status st;
    for (size_t k = 0; k < plan->ngroups; k++) {
        struct config_group *g = &plan->group[k];
        size_t with;
        group_push(g, names[i], i);
        if ((st = count_passes(c, g->names, g->n, &with, err, err_len)) != PROFILER_OK)
            return st;
        if (with <= g->passes)
            return PROFILER_OK;
        g->n--;
    }
    struct config_group *g = &plan->group[plan->ngroups];
    if (group_alloc(g, cap) != 0) {
        snprintf(err, err_len, "out of memory planning %zu metrics", cap);
        return PROFILER_ERROR;
    }
    plan->ngroups++;
    group_push(g, names[i], i);
    return count_passes(c, g->names, 1, &g->passes, err, err_len);
}

static enum profiler_status split(struct config_plan *plan, const struct chip_ctx *c,
                                  const char **names, size_t n, enum profiler_schedule how,
                                  char *err, size_t err_len)
{
    if (how == PROFILER_ONE_IMAGE) {
        if (group_alloc(&plan->group[0], n) != 0) {
            snprintf(err, err_len, "out of memory planning %zu metrics", n);
            return PROFILER_ERROR;
        }
        plan->ngroups = 1;
        for (size_t i = 0; i < n; i++)
            group_push(&plan->group[0], names[i], i);
        return PROFILER_OK;
    }
    for (size_t i = 0; i < n; i++) {
        enum profiler_status st = place(plan, c, names, i, n, err, err_len);
        if (st != PROFILER_OK)
            return st;
    }
    return PROFILER_OK;
}

/* The kept host object and image of each group (the trial ones are gone). */
static enum profiler_status build_images(struct config_plan *plan, const struct chip_ctx *c,
                                         char *err, size_t err_len)
{
    plan->passes = 0;
    for (size_t k = 0; k < plan->ngroups; k++) {
        struct config_group *g = &plan->group[k];
        enum profiler_status st = host_open(&g->host, c->api, c->chip, c->availability,
                                            c->device, err, err_len);
        if (st == PROFILER_OK)
            st = host_build_config(&g->host, g->names, g->n, &g->image, &g->image_size,
                                   &g->passes, err, err_len);
        if (st != PROFILER_OK)
            return st;
        plan->passes += g->passes;
    }
    return PROFILER_OK;
}

/* The images of a remembered plan (plan_cache.h), when each still takes the
 * passes recorded for it and no more than the metric that opened it takes
 * alone (the rule of place()); otherwise the plan is emptied and 0 returned. */
static int build_remembered(struct config_plan *plan, const struct chip_ctx *c, const char **names,
                            size_t n)
{
    if (plan_cache_load(plan, c->chip, names, n) != 0)
        return 0;
    size_t *recorded = malloc(plan->ngroups * sizeof *recorded);
    int same = recorded != NULL;
    for (size_t k = 0; same && k < plan->ngroups; k++)
        recorded[k] = plan->group[k].passes;
    char err[256];
    if (same)
        same = build_images(plan, c, err, sizeof err) == PROFILER_OK;
    for (size_t k = 0; same && k < plan->ngroups; k++) {
        struct config_group *g = &plan->group[k];
        size_t alone = 0;
        same = g->passes == recorded[k] &&
               count_passes(c, g->names, 1, &alone, err, sizeof err) == PROFILER_OK &&
               g->passes == alone;
    }
    free(recorded);
    if (!same)
        config_plan_free(plan);
    return same;
}

enum profiler_status config_plan_build(struct config_plan *plan, const struct cupti_api *api,
                                       const char *chip, const uint8_t *availability, int device,
                                       const char **names, size_t n, enum profiler_schedule how,
                                       char *err, size_t err_len)
{
    memset(plan, 0, sizeof *plan);
    if (n == 0) {
        snprintf(err, err_len, "no metrics to collect: the metric set is empty");
        return PROFILER_BAD_METRIC;
    }
    struct chip_ctx c = {api, chip, availability, device};
    if (how == PROFILER_WHOLE_COUNTERS && build_remembered(plan, &c, names, n))
        return PROFILER_OK;
    plan->group = calloc(n, sizeof *plan->group); /* at most one group per metric */
    if (!plan->group) {
        snprintf(err, err_len, "out of memory planning %zu metrics", n);
        return PROFILER_ERROR;
    }
    enum profiler_status st = split(plan, &c, names, n, how, err, err_len);
    if (st == PROFILER_OK)
        st = build_images(plan, &c, err, err_len);
    if (st != PROFILER_OK)
        config_plan_free(plan);
    else if (how == PROFILER_WHOLE_COUNTERS)
        plan_cache_store(plan, chip, names, n);
    return st;
}

void config_plan_free(struct config_plan *plan)
{
    for (size_t k = 0; plan->group && k < plan->ngroups; k++) {
        struct config_group *g = &plan->group[k];
        host_close(&g->host);
        free(g->image);
        free(g->counter_data);
        free(g->names);
        free(g->index);
    }
    free(plan->group);
    memset(plan, 0, sizeof *plan);
}
