/* Restricted-counter mode at collect's counters facade (collector/counters.c),
 * through the fake CUPTI boundary: every refusal a machine without profiling
 * rights, with another profiler or with an unsupported chip gives is
 * COUNTERS_REFUSED (collect then verifies and times without counters) with
 * the sentence naming the fix; a bad metric stays a usage error; and the
 * MMPROF_FORCE_NO_COUNTERS switch refuses before any CUPTI call. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collector/counters.h"
#include "fake_cupti.h"

static struct device_info dev; /* device 0; nothing else is read before the profiler opens */

static int setup(void **state)
{
    (void)state;
    fake_reset();
    cupti_api_install(&fake_api);
    unsetenv("MMPROF_FORCE_NO_COUNTERS");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cupti_api_install(NULL);
    unsetenv("MMPROF_FORCE_NO_COUNTERS");
    return 0;
}

static enum counters_open_result open_with(const char *call, CUptiResult code, char *why, size_t len)
{
    struct counters *c = (struct counters *)&dev; /* must be reset to NULL */
    fake.fail_call = call;
    fake.fail_code = code;
    enum counters_open_result rc = counters_open(&c, NULL, NULL, 0, 0, &dev, why, len);
    assert_null(c);
    assert_int_equal(fake.initialized, 0); /* nothing left acquired */
    assert_int_equal(fake.enabled, 0);
    return rc;
}

static void no_rights_is_a_refusal(void **state)
{
    (void)state;
    char why[1024];
    assert_int_equal(open_with("profiler_initialize", CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, why, sizeof why),
                     COUNTERS_REFUSED);
    assert_non_null(strstr(why, "profiling needs admin rights"));
    assert_non_null(strstr(why, "NVreg_RestrictProfilingToAdminUsers=0"));
    fake_reset();
    assert_int_equal(open_with("rp_enable", CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, why, sizeof why), COUNTERS_REFUSED);
    fake_reset();
    assert_int_equal(open_with("rp_enable", CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES, why, sizeof why),
                     COUNTERS_REFUSED);
    assert_non_null(strstr(why, "vGPU"));
}

static void other_profiler_and_chip_are_refusals(void **state)
{
    (void)state;
    char why[1024];
    assert_int_equal(open_with("rp_enable", CUPTI_ERROR_HARDWARE_BUSY, why, sizeof why), COUNTERS_REFUSED);
    assert_non_null(strstr(why, "in use by another process"));
    fake_reset();
    assert_int_equal(open_with("profiler_initialize", CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED, why, sizeof why),
                     COUNTERS_REFUSED);
    fake_reset();
    assert_int_equal(open_with("device_get_chip_name", CUPTI_ERROR_INVALID_CHIP_NAME, why, sizeof why),
                     COUNTERS_REFUSED);
}

static void bad_metric_is_usage(void **state)
{
    (void)state;
    char why[1024];
    struct counters *c = NULL;
    fake.bad_metric = "dram__bytes_read.sum";
    assert_int_equal(counters_open(&c, NULL, NULL, 0, 0, &dev, why, sizeof why), COUNTERS_BAD_USAGE);
    assert_null(c);
}

static void forced_off(void **state)
{
    (void)state;
    char why[512] = "";
    assert_int_equal(counters_forced_off(why, sizeof why), 0);
    setenv("MMPROF_FORCE_NO_COUNTERS", "0", 1);
    assert_int_equal(counters_forced_off(why, sizeof why), 0);
    setenv("MMPROF_FORCE_NO_COUNTERS", "1", 1);
    assert_int_equal(counters_forced_off(why, sizeof why), 1);
    assert_non_null(strstr(why, "MMPROF_FORCE_NO_COUNTERS=1"));
    assert_non_null(strstr(why, "unset it to read counters"));
    assert_int_equal(fake.cupti_calls, 0);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(no_rights_is_a_refusal),
        T(other_profiler_and_chip_are_refusals),
        T(bad_metric_is_usage),
        T(forced_off),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
