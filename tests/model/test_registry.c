/* The registry is the spine: unique names, sane parameters, and selection. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "cli/variant_select.h"
#include "model/registry.h"

static void names_are_unique_and_prefixed(void **state)
{
    (void)state;
    size_t n;
    const struct variant *v = registry_all(&n);
    assert_true(n >= 38);
    for (size_t i = 0; i < n; i++) {
        for (size_t j = i + 1; j < n; j++)
            assert_string_not_equal(v[i].name, v[j].name);
        /* Names are unique across families: transposes carry tr_. */
        assert_int_equal(v[i].family == FAMILY_TRANSPOSE, strncmp(v[i].name, "tr_", 3) == 0);
        assert_ptr_equal(registry_find(v[i].name), &v[i]);
    }
    assert_null(registry_find("no_such_variant"));
}

static void params_are_sane(void **state)
{
    (void)state;
    size_t n;
    const struct variant *v = registry_all(&n);
    for (size_t i = 0; i < n; i++) {
        if (v[i].family == FAMILY_TRANSPOSE) {
            assert_true(v[i].tile_dim == 16 || v[i].tile_dim == 32);
            assert_int_equal(v[i].tile_dim % v[i].block_rows, 0);
            assert_true(v[i].pad == 0 || v[i].pad == 1);
            continue;
        }
        assert_true(v[i].rx >= 1 && v[i].ry >= 1);
        if (v[i].kind == KIND_MM_CPU || v[i].kind == KIND_MM_CUBLAS)
            continue;
        assert_true(v[i].bs >= 2 && v[i].bs <= 32);
        assert_true(v[i].bs * v[i].bs <= 1024);
        /* Seed 003's static tiles must fit the 48 KB static limit. */
        long smem = 4L * v[i].bs * v[i].bs * (v[i].rx + v[i].ry);
        if (v[i].kind == KIND_MM_REGTILE)
            assert_true(smem <= 49152);
    }
}

static void seed_experiments_are_all_there(void **state)
{
    (void)state;
    const char *want[] = {"naive", "tiled_t2", "tiled_t32", "coarse_1x2", "coarse_1x4", "rt_b16_1x1",
                          "rt_b16_2x8", "rt_b16_24x24", "rt_b32_6x6", "cpu_blas", "tr_copy",
                          "tr_copy_shared", "tr_naive", "tr_coalesced", "tr_padded", "tr_padded_16x16"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_non_null(registry_find(want[i]));
    const struct variant *v = registry_find("rt_b16_23x24");
    assert_int_equal(v->rx, 23);
    assert_int_equal(v->ry, 24);
    assert_int_equal(registry_find("tr_padded")->pad, 1);
}

static int select_count(const char *spec)
{
    const struct variant *out[256];
    char why[256];
    return select_variants(spec, out, 256, why, sizeof why);
}

static void selection_forms(void **state)
{
    (void)state;
    size_t n;
    registry_all(&n);
    assert_int_equal(select_count("all"), (int)n);
    assert_int_equal(select_count("rt_b16_*"), 12);
    assert_int_equal(select_count("rt_b32_*"), 7);
    assert_int_equal(select_count("transpose"), 12);
    assert_int_equal(select_count("naive,tiled_t16"), 2);
    /* Overlapping items select each variant once. */
    assert_int_equal(select_count("tiled_t*,tiled_t16"), 5);
    assert_int_equal(select_count("matmul,transpose"), (int)n);
}

static void unknown_names_suggest(void **state)
{
    (void)state;
    const struct variant *out[256];
    char why[256];
    assert_int_equal(select_variants("tiled_t3", out, 256, why, sizeof why), -1);
    assert_non_null(strstr(why, "tiled_t3"));
    assert_non_null(strstr(why, "tiled_t2"));
    assert_int_equal(select_variants("naive,padded", out, 256, why, sizeof why), -1);
    assert_non_null(strstr(why, "tr_padded"));
    assert_int_equal(select_variants("zz_*", out, 256, why, sizeof why), -1);
}

static void params_string(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(variant_params(registry_find("rt_b16_2x8"), buf, sizeof buf), "bs=16;rx=2;ry=8");
    assert_string_equal(variant_params(registry_find("tr_padded"), buf, sizeof buf), "tile=32;rows=8;pad=1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_are_unique_and_prefixed), cmocka_unit_test(params_are_sane),
        cmocka_unit_test(seed_experiments_are_all_there), cmocka_unit_test(selection_forms),
        cmocka_unit_test(unknown_names_suggest), cmocka_unit_test(params_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
