/* Host-side checks of launch.cu that need no GPU: every registry entry finds
 * its template instance, and every geometry covers the shape exactly once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <limits.h>

#include "kernels/launch.h"
#include "kernels/registry.h"

static const struct shape shapes[] = {
    {1, 1, 1}, {1000, 999, 17}, {33, 65, 7}, {4096, 4096, 4096}, {3, 5000, 1},
};

static void every_gpu_variant_has_its_own_kernel(void **state)
{
    (void)state;
    size_t count;
    const struct variant *all = registry_all(&count);
    for (size_t i = 0; i < count; i++) {
        const void *k = variant_kernel(&all[i]);
        if (!variant_on_gpu(&all[i])) {
            assert_null(k);
            continue;
        }
        if (k == NULL)
            fail_msg("%s: no kernel instance", all[i].name);
        /* distinct instances: a look-up that matched the wrong entry would
         * hand two variants the same kernel */
        for (size_t j = 0; j < i; j++)
            if (variant_kernel(&all[j]) == k)
                fail_msg("%s and %s share a kernel", all[i].name, all[j].name);
    }
}

/* blocks * per_block covers n, and one block fewer would not */
static void covers(const char *name, unsigned blocks, long per_block, long n)
{
    if ((long)blocks * per_block < n || (long)(blocks - 1) * per_block >= n)
        fail_msg("%s: %u blocks of %ld for %ld", name, blocks, per_block, n);
}

static void geometry_covers_every_shape(void **state)
{
    (void)state;
    size_t count;
    const struct variant *all = registry_all(&count);
    for (size_t i = 0; i < count; i++) {
        const struct variant *v = &all[i];
        for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++) {
            struct launch_geometry g;
            variant_geometry(v, &shapes[j], &g);
            if (!variant_on_gpu(v)) {
                assert_int_equal(g.grid[0], 0);
                continue;
            }
            assert_int_equal(g.grid[2], 1);
            assert_int_equal(g.block[2], 1);
            assert_int_equal(g.dyn_smem_bytes, 0);
            assert_true(g.block[0] * g.block[1] <= 1024);
            assert_true(g.grid[1] <= 65535);
            if (v->family == FAMILY_TRANSPOSE) {
                assert_int_equal(g.block[0], v->tile_dim);
                assert_int_equal(g.block[1], v->block_rows);
                /* each thread handles tile_dim / block_rows rows */
                assert_int_equal(v->tile_dim % v->block_rows, 0);
                covers(v->name, g.grid[0], v->tile_dim, shapes[j].n);
                covers(v->name, g.grid[1], v->tile_dim, shapes[j].m);
            } else {
                assert_int_equal(g.block[0], v->bs);
                assert_int_equal(g.block[1], v->bs);
                covers(v->name, g.grid[0], (long)v->bs * v->rx, shapes[j].n);
                covers(v->name, g.grid[1], (long)v->bs * v->ry, shapes[j].m);
            }
        }
    }
}

/* Refusals happen before any CUDA call, so they are testable without a GPU. */
static void launch_refuses_bad_input(void **state)
{
    (void)state;
    const struct variant *cpu = registry_find("cpu_blas");
    const struct variant *tiled = registry_find("tiled_t16");
    assert_non_null(cpu);
    assert_non_null(tiled);
    struct launch_args a = {.shape = {64, 64, 64}};
    assert_int_equal(variant_launch(cpu, &a, 0), cudaErrorInvalidValue);
    a.shape = (struct shape){0, 64, 64};
    assert_int_equal(variant_launch(tiled, &a, 0), cudaErrorInvalidValue);
    a.shape = (struct shape){64, 64, 0};
    assert_int_equal(variant_launch(tiled, &a, 0), cudaErrorInvalidValue);
    /* m * k past INT_MAX: the kernels index with int */
    a.shape = (struct shape){65536, 64, 65536};
    assert_int_equal(variant_launch(tiled, &a, 0), cudaErrorInvalidValue);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_gpu_variant_has_its_own_kernel),
        cmocka_unit_test(geometry_covers_every_shape),
        cmocka_unit_test(launch_refuses_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
