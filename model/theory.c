/* theory_of (theory.h): the part of every variant's model that does not
 * depend on its kernel design, then the kind's own model from the kinds
 * table (theory_models.h). */
#include "model/theory.h"

#include <limits.h>
#include <math.h>

#include "model/launch_geometry.h"
#include "model/theory_models.h"
#include "model/warp_access.h"

/* The kernels index with int; within that, every count here fits a long. */
static int shape_ok(const struct variant *v, const struct shape *s)
{
    if (!v || !s || s->m < 1 || s->n < 1 || s->m > INT_MAX || s->n > INT_MAX || s->k > INT_MAX)
        return 0;
    return v->family == FAMILY_TRANSPOSE || s->k >= 1;
}

long theory_grid_blocks(const struct variant *v, const struct shape *s)
{
    if (!shape_ok(v, s) || !variant_is_kernel(v))
        return 0;
    struct launch_geometry g;
    variant_geometry(v, s, &g);
    return launch_blocks(&g);
}

static void init_nan(struct theory *t)
{
    t->flops = t->gld_words = t->gst_words = t->cgma = t->bytes_compulsory = NAN;
    t->shared_ld_words = t->shared_st_words = NAN;
    t->ideal_sectors_per_request_ld = t->ideal_sectors_per_request_st = NAN;
    t->bank_conflict_ways = t->bank_conflict_ways_ld = t->bank_conflict_ways_st = NAN;
    t->flops_executed = t->gld_sectors = t->gst_sectors = NAN;
    t->gld_words_distinct = t->gst_words_distinct = NAN;
    t->cgma_sector = NAN;
    t->loads_by_cp_async = 0;
    t->grid_blocks = 0;
    t->threads_per_block = 0;
}

int theory_of(const struct variant *v, const struct shape *s, struct theory *t)
{
    init_nan(t);
    if (!shape_ok(v, s))
        return -1;
    const struct kind *k = kind_of(v);
    if (v->family == FAMILY_MATMUL)
        theory_matmul_common(s, t);
    k->theory(v, s, t);
    t->loads_by_cp_async = (k->flags & KF_CP_ASYNC) != 0;
    if (v->family == FAMILY_MATMUL) {
        /* NaN where the model leaves loads or sectors unknown (CPU, library) */
        t->cgma = t->flops / (t->gld_words + t->gst_words);
        t->cgma_sector = t->flops / (SECTOR_WORDS * (t->gld_sectors + t->gst_sectors));
    }
    return 0;
}
