/* The double-buffered tiled kind (kernels/matmul_tiled_db.cu), without a
 * GPU: its registry entries, its geometry and kernel instances, and its
 * theory, which must equal the tiled kernel's of the same tile width
 * (double buffering moves the same words; only the shared footprint
 * doubles). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernels/launch.h"
#include "model/registry.h"
#include "model/theory.h"

static const int tiles[] = {16, 32};
static const struct shape shapes[] = {
    {1, 1, 1}, {1000, 999, 17}, {33, 65, 7}, {4096, 4096, 4096}, {3, 5000, 1}, {17, 31, 1025},
};

static const struct variant *find(const char *prefix, int t)
{
    char name[32];
    snprintf(name, sizeof name, "%s%d", prefix, t);
    const struct variant *v = registry_find(name);
    if (!v)
        fail_msg("%s is not in the registry", name);
    return v;
}

static void registry_entries(void **state)
{
    (void)state;
    char params[64];
    for (size_t i = 0; i < 2; i++) {
        const struct variant *v = find("tiled_db_t", tiles[i]);
        assert_int_equal(v->family, FAMILY_MATMUL);
        assert_int_equal(v->kind, KIND_MM_TILED_DB);
        assert_int_equal(v->bs, tiles[i]);
        assert_int_equal(v->rx, 1);
        assert_int_equal(v->ry, 1);
        assert_string_equal(v->seed, "beyond");
        assert_true(variant_is_kernel(v));
        snprintf(params, sizeof params, "bs=%d;rx=1;ry=1", tiles[i]);
        char got[64];
        assert_string_equal(variant_params(v, got, sizeof got), params);
        const unsigned want = KF_SHARED | KF_PADDED;
        assert_int_equal(kind_of(v)->flags, want);
        assert_int_equal(kind_of(v)->reference, REF_MATMUL);
    }
}

/* Same grid and block as tiled_tT, and a kernel of its own. */
static void geometry_and_kernel(void **state)
{
    (void)state;
    for (size_t i = 0; i < 2; i++) {
        const struct variant *db = find("tiled_db_t", tiles[i]), *tiled = find("tiled_t", tiles[i]);
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++) {
            struct launch_geometry g, want;
            variant_geometry(db, &shapes[j], &g);
            variant_geometry(tiled, &shapes[j], &want);
            assert_memory_equal(&g, &want, sizeof g);
            assert_int_equal(g.block[0], tiles[i]);
            assert_true((long)g.grid[0] * tiles[i] >= shapes[j].n);
            assert_true((long)g.grid[1] * tiles[i] >= shapes[j].m);
        }
        const void *k = variant_kernel(db);
        assert_non_null(k);
        assert_ptr_not_equal(k, variant_kernel(tiled));
    }
    assert_ptr_not_equal(variant_kernel(find("tiled_db_t", 16)), variant_kernel(find("tiled_db_t", 32)));
}

static void same(const char *what, const struct shape *s, double got, double want)
{
    if (!(got == want || (isnan(got) && isnan(want))))
        fail_msg("%s at %ldx%ldx%ld: %.17g, tiled %.17g", what, s->m, s->n, s->k, got, want);
}

/* Global and shared words, sectors, conflicts and executed FLOPs equal
 * tiled_tT's at every shape, edge tiles included. */
static void theory_equals_tiled(void **state)
{
    (void)state;
    for (size_t i = 0; i < 2; i++) {
        const struct variant *db = find("tiled_db_t", tiles[i]), *tiled = find("tiled_t", tiles[i]);
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++) {
            const struct shape *s = &shapes[j];
            struct theory t, w;
            assert_int_equal(theory_of(db, s, &t), 0);
            assert_int_equal(theory_of(tiled, s, &w), 0);
            same("flops", s, t.flops, w.flops);
            same("gld_words", s, t.gld_words, w.gld_words);
            same("gst_words", s, t.gst_words, w.gst_words);
            same("cgma", s, t.cgma, w.cgma);
            same("shared_ld_words", s, t.shared_ld_words, w.shared_ld_words);
            same("shared_st_words", s, t.shared_st_words, w.shared_st_words);
            same("gld_sectors", s, t.gld_sectors, w.gld_sectors);
            same("gst_sectors", s, t.gst_sectors, w.gst_sectors);
            same("bank_conflict_ways", s, t.bank_conflict_ways, w.bank_conflict_ways);
            same("flops_executed", s, t.flops_executed, w.flops_executed);
            assert_int_equal(t.grid_blocks, w.grid_blocks);
            assert_int_equal(t.threads_per_block, tiles[i] * tiles[i]);
            assert_int_equal(t.loads_by_cp_async, 0);
            /* the closed form: every block row reads A once per block column */
            double gx = ceil((double)s->n / tiles[i]), gy = ceil((double)s->m / tiles[i]);
            same("gld_words closed form", s, t.gld_words, gx * s->m * s->k + gy * s->k * s->n);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(registry_entries),
        cmocka_unit_test(geometry_and_kernel),
        cmocka_unit_test(theory_equals_tiled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
