/* Derived-metric formulas: parsing, precedence, NaN rules, errors. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "assert_double.h"

#include "collector/cupti/formula.h"

/* Resolves "a", "b", "c" to raw indexes 0, 1, 2. */
static long resolve_abc(const char *name, void *ctx)
{
    static const char *names[] = {"a", "b", "x__y.sum"};
    for (long i = 0; i < 3; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

static double eval(const char *text, const double *raw)
{
    struct formula f;
    char err[256];
    int rc = formula_compile(text, resolve_abc, NULL, &f, err, sizeof err);
    if (rc != 0)
        fail_msg("%s", err);
    return formula_eval(&f, raw);
}

static void precedence_and_parentheses(void **state)
{
    const double raw[] = {3, 5, 7};
    assert_double_equal(eval("1 + 2 * 3", raw), 7, 0);
    assert_double_equal(eval("(1 + 2) * 3", raw), 9, 0);
    assert_double_equal(eval("a + b + 2 * x__y.sum", raw), 22, 0);
    assert_double_equal(eval("a - b - 1", raw), -3, 0); /* left associative */
    assert_double_equal(eval("x__y.sum / 2 / 7", raw), 0.5, 0);
    assert_double_equal(eval("-a + 10", raw), 7, 0);
    assert_double_equal(eval("2.5e1 / 4", raw), 6.25, 0);
}

static void nan_rules(void **state)
{
    const double zero[] = {0, 0, 0};
    const double with_nan[] = {NAN, 1, 2};
    assert_true(isnan(eval("b / a", zero)));         /* ratio of nothing */
    assert_true(isnan(eval("a + b", with_nan)));     /* missing input */
    assert_double_equal(eval("b + x__y.sum", with_nan), 3, 0);
}

static void errors_name_the_problem(void **state)
{
    struct formula f;
    char err[1024];
    assert_int_equal(formula_compile("a +", resolve_abc, NULL, &f, err, sizeof err), -1);
    assert_non_null(strstr(err, "a +"));
    assert_int_equal(formula_compile("(a + b", resolve_abc, NULL, &f, err, sizeof err), -1);
    assert_non_null(strstr(err, "')'"));
    assert_int_equal(formula_compile("a + zzz", resolve_abc, NULL, &f, err, sizeof err), -1);
    assert_non_null(strstr(err, "zzz"));
    assert_int_equal(formula_compile("a b", resolve_abc, NULL, &f, err, sizeof err), -1);
    assert_int_equal(formula_compile("", resolve_abc, NULL, &f, err, sizeof err), -1);

    char longer[1024] = "a";
    for (int i = 0; i < 60; i++)
        strcat(longer, " + a");
    assert_int_equal(formula_compile(longer, resolve_abc, NULL, &f, err, sizeof err), -1);
    assert_non_null(strstr(err, "too long"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(precedence_and_parentheses),
        cmocka_unit_test(nan_rules),
        cmocka_unit_test(errors_name_the_problem),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
