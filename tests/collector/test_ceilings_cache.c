/* Ceilings kept between profiles (collector/ceilings_cache.h): reused only
 * for the GPU, driver and clocks they were measured on and within the hour,
 * and marked as reused with their time; a GPU without a UUID keeps nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collector/ceilings_cache.h"

#define DRIVER "580.159.04"
#define T0 1796412000

static char dir[] = "/tmp/mmprof-ceilings-cache-XXXXXX";

static struct device_info h200(void)
{
    struct device_info d;
    memset(&d, 0, sizeof d);
    snprintf(d.name, sizeof d.name, "NVIDIA H200");
    snprintf(d.uuid, sizeof d.uuid, "GPU-5e78d912-0000-1111-2222-333344445555");
    d.sm_clock_max_mhz = 1980;
    d.mem_clock_max_mhz = 3201;
    return d;
}

/* Ceilings of dram_gbs measured on d at now_s, stored in the cache. */
static void store_measured(const struct device_info *d, double dram_gbs, time_t now_s)
{
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(cJSON_AddObjectToObject(c, "measured"), "dram_read_gbs", dram_gbs);
    cJSON_AddNumberToObject(c, "measured_unix_s", T0);
    cJSON_AddBoolToObject(c, "reused", 0);
    ceilings_cache_store(d, DRIVER, c, now_s);
    cJSON_Delete(c);
}

static double dram_of(const cJSON *c)
{
    return cJSON_GetObjectItem(cJSON_GetObjectItem(c, "measured"), "dram_read_gbs")->valuedouble;
}

static int setup(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

static void reused_within_the_hour_and_marked(void **state)
{
    (void)state;
    struct device_info d = h200();
    store_measured(&d, 4539.9, T0);
    cJSON *got = ceilings_cache_load(&d, DRIVER, T0 + CEILINGS_CACHE_MAX_AGE_S);
    assert_non_null(got);
    assert_true(dram_of(got) == 4539.9);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(got, "reused")));
    assert_true(cJSON_GetObjectItem(got, "measured_unix_s")->valuedouble == T0);
    cJSON_Delete(got);
}

static void stale_or_other_gpu_measures_again(void **state)
{
    (void)state;
    struct device_info d = h200();
    store_measured(&d, 4539.9, T0);
    assert_null(ceilings_cache_load(&d, DRIVER, T0 + CEILINGS_CACHE_MAX_AGE_S + 1));
    assert_null(ceilings_cache_load(&d, DRIVER, T0 - 1)); /* a clock set back: not trusted */
    assert_null(ceilings_cache_load(&d, "590.00", T0 + 60));
    struct device_info other = d;
    other.sm_clock_max_mhz = 1755;
    assert_null(ceilings_cache_load(&other, DRIVER, T0 + 60));
    other = d;
    other.uuid[5] = 'f';
    assert_null(ceilings_cache_load(&other, DRIVER, T0 + 60));
    /* a newer measurement replaces the older one */
    store_measured(&d, 4400.0, T0 + 100);
    cJSON *got = ceilings_cache_load(&d, DRIVER, T0 + CEILINGS_CACHE_MAX_AGE_S + 50);
    assert_non_null(got);
    assert_true(dram_of(got) == 4400.0);
    cJSON_Delete(got);
}

static void no_uuid_keeps_nothing(void **state)
{
    (void)state;
    struct device_info d = h200();
    d.uuid[0] = '\0';
    store_measured(&d, 4539.9, T0);
    assert_null(ceilings_cache_load(&d, DRIVER, T0 + 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reused_within_the_hour_and_marked),
        cmocka_unit_test(stale_or_other_gpu_measures_again),
        cmocka_unit_test(no_uuid_keeps_nothing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
