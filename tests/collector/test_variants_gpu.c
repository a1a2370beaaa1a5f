/* Every GPU variant verifies at a square size and at a size that is a
 * multiple of no tile (seed 004's arbitrary sizes), or is skipped because
 * the device cannot launch it, with a reason. Skips (77) without a GPU. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#include "collector/device.h"
#include "collector/measure.h"
#include "collector/resources.h"
#include "collector/workload.h"
#include "rundir/results.h"

static struct device_info dev;

static void verify_family_at(enum family f, struct shape s)
{
    char why[512];
    struct workload w;
    size_t n;
    const struct variant *all = registry_all(&n);
    if (f == FAMILY_TRANSPOSE)
        s.k = 0;
    assert_int_equal(workload_create(&w, f, &s, 12345, dev.l2_bytes, why, sizeof why), 0);
    for (size_t i = 0; i < n; i++) {
        const struct variant *v = &all[i];
        struct result_row row;
        double rel = -1;
        unsigned long long nonfinite = 0;
        int sticky = 0;
        if (v->family != f || !variant_on_gpu(v))
            continue;
        result_row_init(&row);
        int rc = variant_resources(v, &s, &dev, &row, why, sizeof why);
        assert_true(rc >= 0);
        if (rc == 1) {
            printf("  skipped %-22s %ldx%ldx%ld: %s\n", v->name, s.m, s.n, s.k, why);
            continue;
        }
        rc = workload_verify(&w, v, &rel, &nonfinite, &sticky, why, sizeof why);
        printf("  %-6s %-22s %ldx%ldx%ld rel_error %.3g nonfinite %llu %s\n", rc == 0 ? "ran" : "FAILED", v->name,
               s.m, s.n, s.k, rel, nonfinite, rc == 0 ? "" : why);
        assert_int_equal(rc, 0);
        assert_int_equal(nonfinite, 0);
        if (!(rel <= tolerance_for(v)))
            fail_msg("%s at %ldx%ldx%ld: relative error %g > %g", v->name, s.m, s.n, s.k, rel, tolerance_for(v));
    }
    workload_destroy(&w);
}

static void matmul_square(void **state)
{
    (void)state;
    verify_family_at(FAMILY_MATMUL, (struct shape){512, 512, 512});
}

static void matmul_odd(void **state)
{
    (void)state;
    verify_family_at(FAMILY_MATMUL, (struct shape){1000, 3000, 700});
}

static void transpose_square(void **state)
{
    (void)state;
    verify_family_at(FAMILY_TRANSPOSE, (struct shape){1024, 1024, 0});
}

static void transpose_odd(void **state)
{
    (void)state;
    verify_family_at(FAMILY_TRANSPOSE, (struct shape){1000, 3000, 0});
    verify_family_at(FAMILY_TRANSPOSE, (struct shape){33, 7, 0});
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
        cmocka_unit_test(matmul_square), cmocka_unit_test(matmul_odd),
        cmocka_unit_test(transpose_square), cmocka_unit_test(transpose_odd),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
