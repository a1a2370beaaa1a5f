/* Host-side checks of launch.cu that need no GPU: every registry entry finds
 * its template instance, and every geometry covers the shape exactly once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/best_config.h"
#include "kernels/launch.h"
#include "model/registry.h"

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
        if (!variant_is_kernel(&all[i])) {
            assert_null(k); /* the CPU and cuBLAS: no kernel of ours */
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
            if (!variant_is_kernel(v)) {
                assert_int_equal(g.grid[0], 0);
                continue;
            }
            assert_int_equal(g.grid[2], 1);
            assert_int_equal(g.block[2], 1);
            if (v->kind != KIND_MM_BEST)
                assert_int_equal(g.dyn_smem_bytes, 0);
            assert_true(g.block[0] * g.block[1] <= 1024);
            assert_true(g.grid[1] <= 65535);
            if (v->family == FAMILY_TRANSPOSE) {
                assert_int_equal(g.block[0], v->tile_dim);
                assert_int_equal(g.block[1], v->block_rows);
                /* each thread handles tile_dim / block_rows rows */
                assert_int_equal(v->tile_dim % v->block_rows, 0);
                /* a tile is tile_dim rows x tile_dim*vec columns */
                covers(v->name, g.grid[0], (long)v->tile_dim * variant_vec(v), shapes[j].n);
                covers(v->name, g.grid[1], v->tile_dim, shapes[j].m);
            } else if (v->kind == KIND_MM_BEST) {
                const struct best_config *c = variant_best_config(&shapes[j]);
                assert_int_equal(g.block[0], BEST_BLOCK_SIDE);
                assert_int_equal(g.block[0] * g.block[1], best_config_threads(c));
                assert_int_equal(g.dyn_smem_bytes, best_config_dynamic_smem_bytes(c));
                covers(v->name, g.grid[0], c->bn, shapes[j].n);
                covers(v->name, g.grid[1], c->bm, shapes[j].m);
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

/* Without a GPU, cuBLAS loads (or not) and its handle creation fails: the
 * cublas variant reports an error with cuBLAS's own words, never crashes,
 * and says the same on the next launch. */
static void cublas_fails_cleanly_without_a_gpu(void **state)
{
    (void)state;
    int devices = 0;
    if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0)
        skip(); /* a real launch on NULL buffers would fault */
    cudaGetLastError();
    const struct variant *v = registry_find("cublas");
    struct launch_args a = {.shape = {64, 64, 64}};
    cudaError_t first = variant_launch(v, &a, 0);
    assert_int_not_equal(first, cudaSuccess);
    assert_true(strlen(variant_last_error_detail(v)) > 0);
    assert_int_equal(variant_launch(v, &a, 0), first);
}

/* The registry's bs/rx/ry of best describe its default tile. */
static void best_registry_entry_is_the_default_tile(void **state)
{
    (void)state;
    const struct variant *v = registry_find("best");
    const struct best_config *c = best_config_default();
    assert_non_null(v);
    assert_int_equal(v->bs * v->bs, best_config_threads(c));
    /* one warp per warp tile: 4 x 2 warps of 32 x 128 on 128 x 256; 2 on 64 x 128 */
    assert_int_equal(best_config_threads(c), 256);
    assert_int_equal(best_config_threads(best_config_find("b64x128w32x128k8s3ps")), 64);
    assert_int_equal(best_config_threads(best_config_find("b32x128w32x128k8s4ps")), 32);
    assert_int_equal(v->bs * v->rx, c->bn);
    assert_int_equal(v->bs * v->ry, c->bm);
    assert_null(variant_kernel(registry_find("cublas")));
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Every configuration's options are known techniques, and its id ends in
 * "s<stages>" and their letters (P, S, R, in that order), so a tune table
 * line names what runs; no two ids are equal. */
static void config_ids_name_their_options(void **state)
{
    (void)state;
    static const struct {
        unsigned bit;
        char letter;
    } opts[] = {{BEST_OPT_PREFETCH, 'p'}, {BEST_OPT_SERPENTINE, 's'}, {BEST_OPT_RASTER8, 'r'}};
    unsigned known = 0;
    for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++)
        known |= opts[o].bit;
    size_t n;
    const struct best_config *cs = best_configs(&n);
    /* the default is the tile fastest from 2048 up (docs/fast-kernels.md) */
    assert_string_equal(cs[0].name, "b128x256k16s3ps");
    for (size_t i = 0; i < n; i++) {
        char tail[32];
        int len = snprintf(tail, sizeof tail, "s%d", cs[i].stages);
        for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++)
            if (cs[i].opts & opts[o].bit)
                tail[len++] = opts[o].letter;
        tail[len] = '\0';
        if ((cs[i].opts & ~known) != 0)
            fail_msg("%s: unknown option bits 0x%x", cs[i].name, cs[i].opts & ~known);
        size_t name_len = strlen(cs[i].name);
        if (name_len < (size_t)len || strcmp(cs[i].name + name_len - (size_t)len, tail) != 0)
            fail_msg("%s: the id should end in %s", cs[i].name, tail);
        for (size_t j = 0; j < i; j++)
            if (strcmp(cs[i].name, cs[j].name) == 0)
                fail_msg("two configurations named %s", cs[i].name);
    }
}

/* Every compiled-in tile has its own instance; a tune table picks the one
 * best launches (kernel and geometry) per shape, and survives a save and
 * a load. */
static void tune_table_picks_the_instance(void **state)
{
    (void)state;
    char why[512], dir[] = "/tmp/mmprof-tune-XXXXXX", path[600], again[600];
    size_t n;
    const struct best_config *cs = best_configs(&n);
    const struct variant *best = registry_find("best");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/sub/tune.txt", dir);
    best_tune_reset();
    assert_true(n >= 2);
    for (size_t i = 0; i < n; i++) {
        struct shape s = {100 + (long)i, 200, 300};
        assert_int_equal(best_tune_set(&s, &cs[i], 1.0 + i, 2.0), 0);
    }
    assert_int_equal(best_tune_save(path, "Test GPU", why, sizeof why), 0);
    best_tune_reset();
    assert_int_equal(best_tune_load(path, why, sizeof why), 0);
    assert_string_equal(best_tune_source(), path);
    const void *seen[64];
    int dynamic = 0;
    assert_true(n <= 64);
    for (size_t i = 0; i < n; i++) {
        struct shape s = {100 + (long)i, 200, 300};
        struct launch_geometry g;
        char params[128];
        assert_ptr_equal(variant_best_config(&s), &cs[i]);
        seen[i] = variant_kernel_at(best, &s);
        assert_non_null(seen[i]);
        for (size_t j = 0; j < i; j++)
            if (seen[j] == seen[i])
                fail_msg("configurations %s and %s share a kernel", cs[i].name, cs[j].name);
        variant_geometry(best, &s, &g);
        assert_int_equal(g.block[0] * g.block[1], best_config_threads(&cs[i]));
        covers(cs[i].name, g.grid[0], cs[i].bn, s.n);
        covers(cs[i].name, g.grid[1], cs[i].bm, s.m);
        variant_params_at(best, &s, params, sizeof params);
        assert_non_null(strstr(params, cs[i].name));
        /* static up to the 48 KiB a block gets without opting in, else
         * all of it dynamic, which the launch passes */
        long smem = best_config_smem_bytes(&cs[i]);
        assert_true(smem <= BEST_SHARED_MAX_BYTES);
        assert_int_equal(g.dyn_smem_bytes, smem <= SHARED_WITHOUT_OPT_IN_BYTES ? 0 : smem);
        dynamic += g.dyn_smem_bytes > 0;
    }
    assert_true(dynamic > 0); /* both kinds of shared memory are compiled in */
    /* a shape not in the table: the default */
    struct shape other = {4096, 4096, 4096};
    assert_ptr_equal(variant_best_config(&other), best_config_default());

    /* bad files: unknown tile, malformed line; a missing file */
    snprintf(again, sizeof again, "%s/bad.txt", dir);
    write_file(again, "# comment\n\n64 64 64 no_such_tile\n");
    assert_int_equal(best_tune_load(again, why, sizeof why), -1);
    assert_non_null(strstr(why, "no_such_tile"));
    assert_null(best_tune_source());
    write_file(again, "64 64\n");
    assert_int_equal(best_tune_load(again, why, sizeof why), -1);
    assert_non_null(strstr(why, ":1:"));
    remove(again);
    assert_int_equal(best_tune_load(again, why, sizeof why), -1);
    assert_ptr_equal(variant_best_config(&other), best_config_default());

    /* the default path: $XDG_CACHE_HOME/mmprof/tune-<gpu>.txt */
    assert_int_equal(setenv("XDG_CACHE_HOME", dir, 1), 0);
    assert_int_equal(best_tune_default_path("NVIDIA H200 (x)", again, sizeof again), 0);
    snprintf(path + strlen(dir), sizeof path - strlen(dir), "/mmprof/tune-NVIDIA_H200__x_.txt");
    assert_string_equal(again, path);
    best_tune_reset();
    remove(again);
    snprintf(again, sizeof again, "%s/sub/tune.txt", dir);
    remove(again);
    snprintf(again, sizeof again, "%s/sub", dir);
    rmdir(again);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_gpu_variant_has_its_own_kernel),
        cmocka_unit_test(geometry_covers_every_shape),
        cmocka_unit_test(launch_refuses_bad_input),
        cmocka_unit_test(cublas_fails_cleanly_without_a_gpu),
        cmocka_unit_test(best_registry_entry_is_the_default_tile),
        cmocka_unit_test(tune_table_picks_the_instance),
        cmocka_unit_test(config_ids_name_their_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
