/* The dlopen'ed CPU SGEMM against the FP64 CPU reference; skipped when the
 * machine has no CBLAS. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels/cpu_blas.h"
#include "kernels/reference_cpu.h"

static void sgemm_matches_reference(void **state)
{
    (void)state;
    char why[256];
    if (cpu_blas_open(why, sizeof why) != 0) {
        print_message("SKIP: %s\n", why);
        skip();
    }
    print_message("CPU BLAS: %s, %d threads\n", cpu_blas_library(), cpu_blas_threads());

    /* odd sizes so no kernel of the BLAS sees only full blocks */
    struct shape s = {.m = 37, .n = 29, .k = 41};
    size_t na = (size_t)(s.m * s.k), nb = (size_t)(s.k * s.n), nc = (size_t)(s.m * s.n);
    float *a = malloc(na * sizeof *a);
    float *b = malloc(nb * sizeof *b);
    float *c = malloc(nc * sizeof *c);
    double *ref = malloc(nc * sizeof *ref);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_non_null(ref);
    unsigned x = 12345u; /* fixed LCG: the same inputs every run */
    for (size_t i = 0; i < na; i++)
        a[i] = (float)((x = x * 1664525u + 1013904223u) >> 8) / 16777216.0f - 0.5f;
    for (size_t i = 0; i < nb; i++)
        b[i] = (float)((x = x * 1664525u + 1013904223u) >> 8) / 16777216.0f - 0.5f;
    for (size_t i = 0; i < nc; i++)
        c[i] = NAN; /* poison: an unwritten element fails */

    cpu_blas_sgemm(a, b, c, s);
    reference_matmul_cpu(a, b, ref, s);

    double diff2 = 0.0, ref2 = 0.0;
    for (size_t i = 0; i < nc; i++) {
        assert_true(isfinite(c[i]));
        double d = (double)c[i] - ref[i];
        diff2 += d * d;
        ref2 += ref[i] * ref[i];
    }
    double rel = sqrt(diff2 / ref2);
    print_message("rel error %.3g\n", rel);
    assert_true(rel < 1e-5);
    free(a);
    free(b);
    free(c);
    free(ref);
}

static void open_is_idempotent(void **state)
{
    (void)state;
    char why[256];
    if (cpu_blas_open(why, sizeof why) != 0)
        skip();
    const char *first = cpu_blas_library();
    assert_int_equal(cpu_blas_open(why, sizeof why), 0);
    assert_string_equal(cpu_blas_library(), first);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sgemm_matches_reference),
        cmocka_unit_test(open_is_idempotent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
