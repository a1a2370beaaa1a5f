/* The registry and the kinds table it is built from (model/kinds.def). The
 * variants are expanded once, on first use, under call_once: each instance
 * of each row becomes one variant carrying its kind's family, seed and
 * summary unless the instance has its own. */
#include "model/registry.h"

#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "model/kind_instances.h"
#include "model/theory_models.h"

#define KIND(id_, fam, geom, theory_fn, ref, fl, rate_, params_, seed_, summary_, inst_list) \
    {.id = KIND_##id_, .name = #id_, .family = FAMILY_##fam, .geometry = GEOM_##geom,          \
     .theory = theory_fn, .reference = REF_##ref, .flags = (fl), .rate = (rate_),             \
     .params = params_, .seed = seed_, .summary = summary_,                                   \
     .instances = kind_instances_##id_, .ninstances = KIND_INSTANCE_COUNT(id_)},
static const struct kind kinds[] = {
#include "model/kinds.def"
};

#define KIND(id_, ...) +KIND_INSTANCE_COUNT(id_)
enum { VARIANT_COUNT = 0
#include "model/kinds.def"
};

static struct variant variants[VARIANT_COUNT];
static once_flag built = ONCE_FLAG_INIT;

static struct variant variant_from(const struct kind *k, size_t i)
{
    const struct kind_instance *in = &k->instances[i];
    struct variant v = {
        .name = in->name, .family = k->family, .kind = k->id, .bs = in->bs, .rx = in->rx, .ry = in->ry,
        .tile_dim = in->tile_dim, .block_rows = in->block_rows, .pad = in->pad, .swizzle = in->swizzle,
        .vec = in->vec, .seed = in->seed ? in->seed : k->seed, .summary = in->summary ? in->summary : k->summary,
        .instance = (int)i,
    };
    return v;
}

/* Group of a variant in list order: matmuls first, then transposes group by
 * group. */
static int list_group(const struct variant *v)
{
    return v->family == FAMILY_MATMUL ? 0 : 1 + kind_of(v)->instances[v->instance].group;
}

static void build(void)
{
    size_t n = 0;
    for (size_t k = 0; k < KIND_COUNT; k++)
        for (size_t i = 0; i < kinds[k].ninstances; i++)
            variants[n++] = variant_from(&kinds[k], i);
    /* stable insertion sort by group keeps table order within a group */
    for (size_t i = 1; i < n; i++) {
        struct variant x = variants[i];
        size_t j = i;
        for (; j > 0 && list_group(&variants[j - 1]) > list_group(&x); j--)
            variants[j] = variants[j - 1];
        variants[j] = x;
    }
}

const struct kind *kind_table(size_t *count)
{
    *count = KIND_COUNT;
    return kinds;
}

const struct kind *kind_row(enum variant_kind k)
{
    return &kinds[k];
}

const struct kind *kind_of(const struct variant *v)
{
    return &kinds[v->kind];
}

const struct variant *registry_all(size_t *count)
{
    call_once(&built, build);
    *count = VARIANT_COUNT;
    return variants;
}

const struct variant *registry_find(const char *name)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].name, name) == 0)
            return &all[i];
    return NULL;
}

const char *family_name(enum family f)
{
    return f == FAMILY_MATMUL ? "matmul" : "transpose";
}

int family_parse(const char *s, enum family *out)
{
    if (strcmp(s, "matmul") == 0) {
        *out = FAMILY_MATMUL;
        return 0;
    }
    if (strcmp(s, "transpose") == 0) {
        *out = FAMILY_TRANSPOSE;
        return 0;
    }
    return -1;
}

char *variant_params(const struct variant *v, char *buf, size_t len)
{
    const struct kind *k = kind_of(v);
    if (k->params) {
        snprintf(buf, len, "%s", k->params);
    } else if (v->family == FAMILY_TRANSPOSE) {
        /* the seeds' three fields always; the new ones only where they are set */
        char vec[16] = "";
        if (variant_vec(v) > 1)
            snprintf(vec, sizeof vec, ";vec=%d", variant_vec(v));
        snprintf(buf, len, "tile=%d;rows=%d;pad=%d%s%s", v->tile_dim, v->block_rows, v->pad,
                 v->swizzle ? ";swizzle=1" : "", vec);
    } else {
        snprintf(buf, len, "bs=%d;rx=%d;ry=%d", v->bs, v->rx, v->ry);
    }
    return buf;
}

int variant_on_gpu(const struct variant *v)
{
    return !(kind_of(v)->flags & KF_CPU);
}

int variant_vec(const struct variant *v)
{
    return v->vec > 1 ? v->vec : 1;
}

int variant_is_kernel(const struct variant *v)
{
    return !(kind_of(v)->flags & (KF_CPU | KF_LIBRARY));
}
