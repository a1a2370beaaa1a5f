/* The wait between a range's L2 flush and the range (l2_flush.h): 4x the
 * kernel's duration, capped, none when the cap or the duration is 0 or unknown. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "assert_double.h"
#include "collector/l2_flush.h"

static void rule(void **state)
{
    (void)state;
    assert_double_equal(l2_settle_ms(0.03, 50), 0.12, 1e-12); /* a transpose */
    assert_double_equal(l2_settle_ms(4, 50), 16, 1e-12);
    assert_double_equal(l2_settle_ms(12.5, 50), 50, 1e-12); /* exactly at the cap */
    assert_double_equal(l2_settle_ms(16, 50), 50, 1e-12);   /* tiled_t2 at 1000x3000x700 */
    assert_double_equal(l2_settle_ms(65, 250), 250, 1e-12);
}

static void no_wait(void **state)
{
    (void)state;
    assert_double_equal(l2_settle_ms(16, 0), 0, 0);  /* --settle-ms 0 */
    assert_double_equal(l2_settle_ms(0, 50), 0, 0);  /* nothing measured */
    assert_double_equal(l2_settle_ms(-1, 50), 0, 0); /* the probe failed */
    assert_double_equal(l2_settle_ms(NAN, 50), 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(rule), cmocka_unit_test(no_wait)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
