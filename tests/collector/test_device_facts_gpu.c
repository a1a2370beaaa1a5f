/* mmprof profile describes the GPU before the app starts without making a
 * context unless it measures the ceilings: device_describe, device_facts
 * with --no-ceilings or with ceilings kept from the last hour, and the
 * passes leave device 0's primary context inactive, so the app finds the
 * GPU as it would alone and nothing is made and reset for it; device_open,
 * which the collector needs, does make it (the check tells the two apart).
 * Skips (77) without a GPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>
#include <cuda.h>
#include <cudaTypedefs.h>

#include "collector/cupti/driver_entry.h"
#include "collector/device.h"
#include "collector/device_facts.h"

static int primary_context_active(void)
{
    /* through the runtime's entry points: a test linked to libcuda would not
       load, let alone skip, on a machine without the driver */
    PFN_cuDeviceGet_v2000 device_get = (PFN_cuDeviceGet_v2000)driver_entry("cuDeviceGet", 2000);
    PFN_cuDevicePrimaryCtxGetState_v7000 get_state =
        (PFN_cuDevicePrimaryCtxGetState_v7000)driver_entry("cuDevicePrimaryCtxGetState", 7000);
    assert_non_null(device_get);
    assert_non_null(get_state);
    CUdevice dev;
    unsigned flags = 0;
    int active = -1;
    assert_int_equal(device_get(&dev, 0), CUDA_SUCCESS);
    assert_int_equal(get_state(dev, &flags, &active), CUDA_SUCCESS);
    return active;
}

static void describe_makes_no_context(void **state)
{
    (void)state;
    char why[256];
    struct device_info d;
    assert_int_equal(device_describe(0, &d, why, sizeof why), 0);
    assert_true(d.name[0] != '\0');
    assert_true(d.sm_count > 0);
    assert_true(d.l2_bytes > 0);
    assert_int_equal(primary_context_active(), 0);
}

static void facts_without_ceilings_make_no_context(void **state)
{
    (void)state;
    struct device_facts f;
    struct device_facts_opts o = {0, 1, "default", PROFILER_WHOLE_COUNTERS, 0};
    assert_int_equal(device_facts(&o, &f), 0);
    assert_int_equal(f.found, 1);
    assert_null(f.ceilings);
    assert_non_null(f.datasheet);
    device_facts_passes(&o, &f);
    assert_true(f.chip[0] != '\0');
    assert_true(f.passes > 0);
    device_facts_free(&f);
    assert_int_equal(primary_context_active(), 0);
}

/* The first profile measures (a context, released), the next reuses the
 * measurement and makes none. */
static void ceilings_measured_once_then_reused(void **state)
{
    (void)state;
    char cache[] = "/tmp/mmprof-facts-cache-XXXXXX";
    assert_non_null(mkdtemp(cache));
    setenv("XDG_CACHE_HOME", cache, 1);
    struct device_facts f;
    struct device_facts_opts o = {0, 0, "default", PROFILER_WHOLE_COUNTERS, 0};
    assert_int_equal(device_facts(&o, &f), 0);
    assert_non_null(f.ceilings);
    assert_false(cJSON_IsTrue(cJSON_GetObjectItem(f.ceilings, "reused")));
    double dram = cJSON_GetObjectItem(cJSON_GetObjectItem(f.ceilings, "measured"), "dram_read_gbs")->valuedouble;
    device_facts_free(&f);
    assert_int_equal(primary_context_active(), 0); /* released */
    assert_int_equal(device_facts(&o, &f), 0);
    assert_non_null(f.ceilings);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(f.ceilings, "reused")));
    assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(f.ceilings, "measured"), "dram_read_gbs")->valuedouble ==
                dram);
    device_facts_free(&f);
    assert_int_equal(primary_context_active(), 0); /* none made */
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", cache);
    assert_int_equal(system(cmd), 0);
}

static void open_makes_the_context(void **state)
{
    (void)state;
    char why[256];
    struct device_info d;
    assert_int_equal(device_open(0, &d, why, sizeof why), 0);
    assert_int_equal(primary_context_active(), 1);
}

int main(void)
{
    char why[256];
    if (device_count(why, sizeof why) <= 0) {
        printf("SKIPPED: %s\n", why);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(describe_makes_no_context),
        cmocka_unit_test(facts_without_ceilings_make_no_context),
        cmocka_unit_test(ceilings_measured_once_then_reused),
        cmocka_unit_test(open_makes_the_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
