/* Packing of a metric set into config images (see config_plan.h). */
#include "collector/cupti/config_plan.h"

#include "collector/cupti/plan_cache.h"
#include "collector/cupti/split_safe.h"
#include "common/metric_class.h"

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

int config_group_cold_l2(const struct config_group *g)
{
    for (size_t j = 0; j < g->n; j++)
        if (metric_class_of(g->names[j]) != METRIC_EXACT)
            return 1;
    return 0;
}

/* Metric i into the first group that takes it without needing more passes
 * than the group already does (*placed = 1). With keep_exact, a metric that
 * is not an exact count skips groups of exact counts: those replay without L2
 * flushes (profiler_measure.c), and one DRAM total would cost them one a
 * range. */
static enum profiler_status join(struct config_plan *plan, const struct chip_ctx *c, const char **names,
                                 size_t i, int keep_exact, int *placed, char *err, size_t err_len)
{
    int exact = metric_class_of(names[i]) == METRIC_EXACT;
    *placed = 0;
    for (size_t k = 0; k < plan->ngroups; k++) {
        struct config_group *g = &plan->group[k];
        if (keep_exact && !exact && !config_group_cold_l2(g))
            continue;
        size_t with;
        group_push(g, names[i], i);
        enum profiler_status st = count_passes(c, g->names, g->n, &with, err, err_len);
        if (st != PROFILER_OK)
            return st;
        if (with <= g->passes) {
            *placed = 1;
            return PROFILER_OK;
        }
        g->n--;
    }
    return PROFILER_OK;
}

/* A new group of plan holding names[idx[0..m)], with the passes CUPTI needs
 * for them. */
static enum profiler_status open_group(struct config_plan *plan, const struct chip_ctx *c, const char **names,
                                       const size_t *idx, size_t m, size_t cap, char *err, size_t err_len)
{
    struct config_group *g = &plan->group[plan->ngroups];
    if (group_alloc(g, cap) != 0) {
        snprintf(err, err_len, "out of memory planning %zu metrics", cap);
        return PROFILER_ERROR;
    }
    plan->ngroups++;
    for (size_t j = 0; j < m; j++)
        group_push(g, names[idx[j]], idx[j]);
    return count_passes(c, g->names, g->n, &g->passes, err, err_len);
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
    int placed;
    enum profiler_status st = join(plan, c, names, i, 0, &placed, err, err_len);
    if (st != PROFILER_OK || placed)
        return st;
    return open_group(plan, c, names, &i, 1, cap, err, err_len);
}

/* The counters split_safe.txt lists for the chip that no one-pass group takes
 * share one image, which CUPTI splits over passes: one Range Profiler object
 * (one first Start, ~0.2 s) for them all. */
static enum profiler_status place_split_safe(struct config_plan *plan, const struct chip_ctx *c,
                                             const char **names, size_t n, char *err, size_t err_len)
{
    size_t *rest = malloc(n * sizeof *rest);
    size_t nrest = 0;
    if (!rest) {
        snprintf(err, err_len, "out of memory planning %zu metrics", n);
        return PROFILER_ERROR;
    }
    enum profiler_status st = PROFILER_OK;
    for (size_t i = 0; st == PROFILER_OK && i < n; i++) {
        int placed = 1;
        if (split_safe(c->chip, names[i]))
            st = join(plan, c, names, i, 1, &placed, err, err_len);
        if (st == PROFILER_OK && !placed)
            rest[nrest++] = i;
    }
    if (st == PROFILER_OK && nrest > 0)
        st = open_group(plan, c, names, rest, nrest, n, err, err_len);
    free(rest);
    return st;
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
        if (how != PROFILER_ONE_PASS_IMAGES && split_safe(c->chip, names[i]))
            continue; /* after every other counter has its group */
        enum profiler_status st = place(plan, c, names, i, n, err, err_len);
        if (st != PROFILER_OK)
            return st;
    }
    return how == PROFILER_ONE_PASS_IMAGES ? PROFILER_OK : place_split_safe(plan, c, names, n, err, err_len);
}

/* PROFILER_ONE_PASS_IMAGES: every image takes one pass, or the metric that
 * opened it is named. */
static enum profiler_status one_pass_each(const struct config_plan *plan, char *err, size_t err_len)
{
    for (size_t k = 0; k < plan->ngroups; k++)
        if (plan->group[k].passes != 1) {
            snprintf(err, err_len, "metric %s alone takes %zu passes: an application replay measures one "
                     "pass an app run; use --replay-mode kernel for it",
                     plan->group[k].names[0], plan->group[k].passes);
            return PROFILER_BAD_METRIC;
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

/* Whether every metric of g is listed in split_safe.txt for the chip. */
static int all_split_safe(const struct chip_ctx *c, const struct config_group *g)
{
    for (size_t j = 0; j < g->n; j++)
        if (!split_safe(c->chip, g->names[j]))
            return 0;
    return 1;
}

/* The images of a remembered plan (plan_cache.h), when each still takes the
 * passes recorded for it and either no more than the metric that opened it
 * takes alone (the rule of place()) or only counters CUPTI reads whole when it
 * splits (place_split_safe()); otherwise the plan is emptied and 0 returned. */
static int build_remembered(struct config_plan *plan, const struct chip_ctx *c, const char *cache_key,
                            const char **names, size_t n)
{
    if (plan_cache_load(plan, cache_key, names, n) != 0)
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
               (all_split_safe(c, g) ||
                (count_passes(c, g->names, 1, &alone, err, sizeof err) == PROFILER_OK && g->passes == alone));
    }
    free(recorded);
    if (!same)
        config_plan_free(plan);
    return same;
}

/* 1 when no counter of g is timed against the kernel's cycles (METRIC_ELAPSED)
 * or taken by patching its SASS. */
static int quiet_under_kernel_records(const struct config_group *g)
{
    for (size_t j = 0; j < g->n; j++)
        if (metric_class_of(g->names[j]) == METRIC_ELAPSED || metric_is_sass_patched(g->names[j]))
            return 0;
    return 1;
}

/* An application replay times every launch in the run of its first image,
 * with CUPTI's kernel records on. On Hopper they time a kernel by
 * instrumenting it, which slows kernels of many blocks (docs/fidelity.md),
 * and SASS-patched counters read 0 beside them (docs/profile.md). So the
 * first image that holds neither an elapsed-class nor a SASS-patched counter
 * goes first, the others keeping their order. */
static void quiet_image_first(struct config_plan *plan)
{
    for (size_t k = 0; k < plan->ngroups; k++) {
        if (!quiet_under_kernel_records(&plan->group[k]))
            continue;
        struct config_group quiet = plan->group[k];
        memmove(&plan->group[1], &plan->group[0], k * sizeof *plan->group);
        plan->group[0] = quiet;
        return;
    }
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
    char key[96]; /* the cache keeps each schedule's plans apart */
    snprintf(key, sizeof key, "%s%s", chip, how == PROFILER_ONE_PASS_IMAGES ? "+one-pass" : "");
    int cached = how != PROFILER_ONE_IMAGE;
    if (cached && build_remembered(plan, &c, key, names, n)) {
        if (how == PROFILER_ONE_PASS_IMAGES)
            quiet_image_first(plan);
        return PROFILER_OK;
    }
    plan->group = calloc(n, sizeof *plan->group); /* at most one group per metric */
    if (!plan->group) {
        snprintf(err, err_len, "out of memory planning %zu metrics", n);
        return PROFILER_ERROR;
    }
    enum profiler_status st = split(plan, &c, names, n, how, err, err_len);
    if (st == PROFILER_OK)
        st = build_images(plan, &c, err, err_len);
    if (st == PROFILER_OK && how == PROFILER_ONE_PASS_IMAGES)
        st = one_pass_each(plan, err, err_len);
    if (st == PROFILER_OK && how == PROFILER_ONE_PASS_IMAGES)
        quiet_image_first(plan);
    if (st != PROFILER_OK)
        config_plan_free(plan);
    else if (cached)
        plan_cache_store(plan, key, names, n);
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
