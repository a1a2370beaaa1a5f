/* The CPU FP64 references against products and transposes done by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "kernels/reference_cpu.h"

static void matmul_2x3_by_3x2(void **state)
{
    (void)state;
    /* [1 2 3; 4 5 6] * [7 8; 9 10; 11 12] = [58 64; 139 154] */
    const float a[] = {1, 2, 3, 4, 5, 6};
    const float b[] = {7, 8, 9, 10, 11, 12};
    const double want[] = {58, 64, 139, 154};
    double ref[4];
    struct shape s = {.m = 2, .n = 2, .k = 3};
    reference_matmul_cpu(a, b, ref, s);
    for (int i = 0; i < 4; i++)
        assert_true(ref[i] == want[i]);
}

static void matmul_1x1x1(void **state)
{
    (void)state;
    const float a[] = {-1.5f};
    const float b[] = {4.0f};
    double ref[1] = {123.0}; /* must be overwritten, not accumulated into */
    struct shape s = {.m = 1, .n = 1, .k = 1};
    reference_matmul_cpu(a, b, ref, s);
    assert_true(ref[0] == -6.0);
}

static void matmul_accumulates_in_double(void **state)
{
    (void)state;
    /* 1e8 + 1 - 1e8: float would lose the 1 */
    const float a[] = {1e8f, 1.0f, -1e8f};
    const float b[] = {1.0f, 1.0f, 1.0f};
    double ref[1];
    struct shape s = {.m = 1, .n = 1, .k = 3};
    reference_matmul_cpu(a, b, ref, s);
    assert_true(ref[0] == 1.0);
}

static void transpose_3x2(void **state)
{
    (void)state;
    /* in (3 rows x 2 cols) = [1 2; 3 4; 5 6] -> out (2 x 3) = [1 3 5; 2 4 6] */
    const float in[] = {1, 2, 3, 4, 5, 6};
    const double want[] = {1, 3, 5, 2, 4, 6};
    double ref[6];
    struct shape s = {.m = 3, .n = 2, .k = 0};
    reference_transpose_cpu(in, ref, s);
    for (int i = 0; i < 6; i++)
        assert_true(ref[i] == want[i]);
}

static void transpose_1x1(void **state)
{
    (void)state;
    const float in[] = {7.0f};
    double ref[1];
    struct shape s = {.m = 1, .n = 1, .k = 0};
    reference_transpose_cpu(in, ref, s);
    assert_true(ref[0] == 7.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matmul_2x3_by_3x2),
        cmocka_unit_test(matmul_1x1x1),
        cmocka_unit_test(matmul_accumulates_in_double),
        cmocka_unit_test(transpose_3x2),
        cmocka_unit_test(transpose_1x1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
