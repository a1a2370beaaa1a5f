/* The kinds table (model/kinds.def) and the registry built from it: every
 * row is well formed, every variant is one instance of one row, and each
 * row's flags say what its theory model and geometry do. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "model/launch_geometry.h"
#include "model/registry.h"
#include "model/theory.h"

/* not a multiple of any tile: padded kinds multiply zeros at the edges */
static const struct shape odd = {1000, 999, 17};

static void rows_are_indexed_by_kind(void **state)
{
    (void)state;
    size_t n;
    const struct kind *k = kind_table(&n);
    assert_int_equal(n, KIND_COUNT);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(k[i].id, (int)i);
        assert_ptr_equal(kind_row(k[i].id), &k[i]);
        assert_true(k[i].ninstances >= 1);
        assert_non_null(k[i].theory);
        assert_true(k[i].rate > 0);
        /* no kernel of ours, no geometry */
        assert_int_equal(k[i].geometry == GEOM_NONE, (k[i].flags & (KF_CPU | KF_LIBRARY)) != 0);
        assert_int_equal(k[i].geometry == GEOM_TR_TILE, k[i].family == FAMILY_TRANSPOSE);
        assert_int_equal(k[i].geometry == GEOM_MM_TUNED, (k[i].flags & KF_TUNED) != 0);
        assert_int_equal(k[i].reference == REF_MATMUL, k[i].family == FAMILY_MATMUL);
    }
}

static void every_variant_is_one_instance(void **state)
{
    (void)state;
    size_t n, nk, total = 0;
    const struct variant *v = registry_all(&n);
    const struct kind *k = kind_table(&nk);
    for (size_t i = 0; i < nk; i++)
        total += k[i].ninstances;
    assert_int_equal(n, total);
    for (size_t i = 0; i < n; i++) {
        const struct kind *row = kind_of(&v[i]);
        assert_true(v[i].instance >= 0 && (size_t)v[i].instance < row->ninstances);
        assert_string_equal(row->instances[v[i].instance].name, v[i].name);
        assert_int_equal(row->family, v[i].family);
        /* list order: matmuls first */
        if (i > 0)
            assert_true(v[i - 1].family <= v[i].family);
    }
}

/* The flags are what the models and the geometry do, so a row cannot claim
 * shared memory or padding its theory does not have. */
static void flags_match_theory(void **state)
{
    (void)state;
    size_t n;
    const struct variant *v = registry_all(&n);
    for (size_t i = 0; i < n; i++) {
        unsigned f = kind_of(&v[i])->flags;
        struct shape s = odd;
        if (v[i].family == FAMILY_TRANSPOSE)
            s.k = 0;
        struct theory t;
        assert_int_equal(theory_of(&v[i], &s, &t), 0);
        assert_int_equal(t.loads_by_cp_async, (f & KF_CP_ASYNC) != 0);
        struct launch_geometry g;
        variant_geometry(&v[i], &s, &g);
        if (!variant_is_kernel(&v[i])) {
            assert_int_equal(launch_blocks(&g), 0);
            assert_int_equal(t.grid_blocks, 0);
            continue;
        }
        assert_int_equal(launch_blocks(&g), t.grid_blocks);
        assert_int_equal(g.block[0] * g.block[1], t.threads_per_block);
        if ((t.shared_st_words > 0) != ((f & KF_SHARED) != 0))
            fail_msg("%s: shared words %g against its KF_SHARED flag", v[i].name, t.shared_st_words);
        if (v[i].family == FAMILY_MATMUL && (t.flops_executed > t.flops) != ((f & KF_PADDED) != 0))
            fail_msg("%s: executed %g of %g FLOPs against its KF_PADDED flag", v[i].name, t.flops_executed, t.flops);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_are_indexed_by_kind),
        cmocka_unit_test(every_variant_is_one_instance),
        cmocka_unit_test(flags_match_theory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
