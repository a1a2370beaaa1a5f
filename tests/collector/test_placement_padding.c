/* What an offset that stands for a profiler's memory leaves to allocate when
 * mmprof's own profiler holds part of it (placement.h): collect's
 * --local-memory-offset-mb and profile's --memory-offset-mb both count
 * mmprof's memory in the offset. Whole MiB, never negative. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "collector/placement.h"

#define MIB ((size_t)1 << 20)

static void offset_less_own(void **state)
{
    (void)state;
    assert_int_equal(placement_padding_mib(138, 12 * MIB), 126);  /* collect's profiler, H200 */
    assert_int_equal(placement_padding_mib(138, 124 * MIB), 14);  /* profile's profiler and flush */
    assert_int_equal(placement_padding_mib(138, 0), 138);
    assert_int_equal(placement_padding_mib(138, 12 * MIB + MIB / 2), 126); /* part of a MiB: not counted */
}

static void never_negative(void **state)
{
    (void)state;
    assert_int_equal(placement_padding_mib(0, 12 * MIB), 0); /* the default: mmprof's own only */
    assert_int_equal(placement_padding_mib(100, 124 * MIB), 0);
    assert_int_equal(placement_padding_mib(124, 124 * MIB), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(offset_less_own), cmocka_unit_test(never_negative)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
