/* The kernels beyond the seeds on the GPU, at the shapes that take
 * their edge paths: sizes of 1, sizes that are multiples of no tile, rows
 * that are not 16-byte aligned (K or N not a multiple of 4) and bases that
 * are not 16-byte aligned (a view one float into a buffer), which send the
 * 16-byte kernels down their scalar branches; and `best` at every
 * compiled-in tile. tests/collector/test_variants_gpu.c covers every variant at
 * the common sizes. Skips (77) without a GPU. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#include "collector/device.h"
#include "collector/measure.h"
#include "collector/workload.h"
#include "model/best_config.h"
#include "kernels/launch.h"

static struct device_info dev;

static const char *const matmuls[] = {"bt2d", "vec", "warptile", "best", "cublas"};
static const char *const transposes[] = {"tr_copy", "tr_swizzled", "tr_vectorized"};

static const struct shape mm_shapes[] = {
    {1, 1, 1}, {7, 5, 3}, {129, 131, 67}, {257, 260, 36}, {64, 4100, 13}, {300, 128, 1000}, {128, 128, 8},
};
static const struct shape tr_shapes[] = {
    {1, 1, 0}, {33, 7, 0}, {129, 260, 0}, {132, 260, 0}, {4100, 36, 0}, {36, 4100, 0}, {5, 1028, 0},
};

static void check(const struct variant *v, const struct shape *s, int rc, double rel, unsigned long long nonfinite,
                  const char *what, const char *why)
{
    printf("  %-14s %-10s %5ldx%5ldx%5ld rel_error %.3g nonfinite %llu %s\n", v->name, what, s->m, s->n, s->k, rel,
           nonfinite, rc == 0 ? "" : why);
    if (rc != 0)
        fail_msg("%s at %ldx%ldx%ld (%s): %s", v->name, s->m, s->n, s->k, what, why);
    if (nonfinite != 0 || !(rel <= tolerance_for(v)))
        fail_msg("%s at %ldx%ldx%ld (%s): relative error %g, %llu NaN/Inf", v->name, s->m, s->n, s->k, what, rel,
                 nonfinite);
}

/* v on views of w's inputs and output that start one float into their
 * buffers (4-byte aligned, not 16): the kernels must notice and take their
 * scalar paths. The output is copied into w's output for the comparison. */
static void verify_unaligned(struct workload *w, const struct variant *v)
{
    char why[512] = "";
    float *a = NULL, *b = NULL, *c = NULL;
    double rel = -1;
    unsigned long long nonfinite = 0;
    size_t fa = w->a_count * sizeof(float), fb = w->b_count * sizeof(float), fc = w->c_count * sizeof(float);
    assert_int_equal(cudaMalloc((void **)&a, fa + 16), cudaSuccess);
    assert_int_equal(cudaMalloc((void **)&c, fc + 16), cudaSuccess);
    assert_int_equal(cudaMemcpy(a + 1, w->d_a[0], fa, cudaMemcpyDeviceToDevice), cudaSuccess);
    if (w->b_count) {
        assert_int_equal(cudaMalloc((void **)&b, fb + 16), cudaSuccess);
        assert_int_equal(cudaMemcpy(b + 1, w->d_b[0], fb, cudaMemcpyDeviceToDevice), cudaSuccess);
    }
    assert_int_equal(cudaMemset(c, 0xFF, fc + 16), cudaSuccess);
    struct launch_args args = {a + 1, b ? b + 1 : NULL, c + 1, w->shape};
    cudaError_t e = variant_launch(v, &args, 0);
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaMemcpy(w->d_c[0], c + 1, fc, cudaMemcpyDeviceToDevice);
    int rc = e == cudaSuccess ? 0 : -1;
    if (rc != 0)
        snprintf(why, sizeof why, "%s", cudaGetErrorString(e));
    else
        rc = workload_compare(w, reference_for(v), &rel, &nonfinite, why, sizeof why);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    check(v, &w->shape, rc, rel, nonfinite, "unaligned", why);
}

static void verify_family(enum family f, const char *const *names, size_t nnames, const struct shape *shapes,
                          size_t nshapes)
{
    char why[512];
    for (size_t j = 0; j < nshapes; j++) {
        struct workload w;
        assert_int_equal(workload_create(&w, f, &shapes[j], 777, dev.l2_bytes, why, sizeof why), 0);
        for (size_t i = 0; i < nnames; i++) {
            const struct variant *v = registry_find(names[i]);
            double rel = -1;
            unsigned long long nonfinite = 0;
            int sticky = 0;
            assert_non_null(v);
            int rc = workload_verify(&w, v, &rel, &nonfinite, &sticky, why, sizeof why);
            check(v, &shapes[j], rc, rel, nonfinite, "aligned", why);
            if (v->kind != KIND_MM_CUBLAS)
                verify_unaligned(&w, v);
        }
        workload_destroy(&w);
    }
}

static void matmuls_at_edge_shapes(void **state)
{
    (void)state;
    verify_family(FAMILY_MATMUL, matmuls, sizeof matmuls / sizeof matmuls[0], mm_shapes,
                  sizeof mm_shapes / sizeof mm_shapes[0]);
}

static void transposes_at_edge_shapes(void **state)
{
    (void)state;
    verify_family(FAMILY_TRANSPOSE, transposes, sizeof transposes / sizeof transposes[0], tr_shapes,
                  sizeof tr_shapes / sizeof tr_shapes[0]);
}

/* Every tile `tune` may choose, forced through the tune table. */
static void best_at_every_tile(void **state)
{
    (void)state;
    char why[512];
    size_t n;
    const struct best_config *cs = best_configs(&n);
    const struct variant *best = registry_find("best");
    const struct shape shapes[] = {{257, 260, 36}, {129, 131, 67}, {512, 512, 512}};
    (void)variant_best_config(NULL); /* any autoload happens now, not half way */
    for (size_t j = 0; j < sizeof shapes / sizeof shapes[0]; j++) {
        struct workload w;
        assert_int_equal(workload_create(&w, FAMILY_MATMUL, &shapes[j], 4242, dev.l2_bytes, why, sizeof why), 0);
        for (size_t i = 0; i < n; i++) {
            double rel = -1;
            unsigned long long nonfinite = 0;
            int sticky = 0;
            assert_int_equal(best_tune_set(&shapes[j], &cs[i], 0, 0), 0);
            int rc = workload_verify(&w, best, &rel, &nonfinite, &sticky, why, sizeof why);
            check(best, &shapes[j], rc, rel, nonfinite, cs[i].name, why);
        }
        workload_destroy(&w);
    }
    best_tune_reset();
}

int main(void)
{
    char why[256];
    if (device_count(why, sizeof why) <= 0) {
        printf("SKIPPED: %s\n", why);
        return 77;
    }
    if (device_open(0, &dev, why, sizeof why) != 0) {
        printf("%s\n", why);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matmuls_at_edge_shapes),
        cmocka_unit_test(transposes_at_edge_shapes),
        cmocka_unit_test(best_at_every_tile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
