/* Every way profiler_open can refuse, through the fake CUPTI boundary: the
 * status, the sentence the user reads, and that nothing is left acquired. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "collector/cupti/cupti_error.h"
#include "collector/cupti/profiler.h"
#include "fake_cupti.h"

static struct metric_set ms;

static int setup(void **state)
{
    fake_reset();
    cupti_api_install(&fake_api);
    char err[256];
    metric_set_init(&ms);
    assert_int_equal(metric_set_parse(&ms, "default", err, sizeof err), METRIC_SET_OK);
    return 0;
}

static int teardown(void **state)
{
    cupti_api_install(NULL);
    metric_set_free(&ms);
    return 0;
}

/* Opens with the fake as configured; checks the status and that the failed open
 * released whatever it had acquired. */
static enum profiler_status open_fails(char *err, size_t len)
{
    struct profiler *p = (struct profiler *)&ms; /* must be reset to NULL */
    enum profiler_status st = profiler_open(&p, &ms, 0, PROFILER_WHOLE_COUNTERS, err, len);
    assert_int_not_equal(st, PROFILER_OK);
    assert_null(p);
    assert_int_equal(fake.initialized, 0);
    assert_int_equal(fake.host_objects, 0);
    assert_int_equal(fake.enabled, 0);
    return st;
}

static void fail_with(const char *call, CUptiResult code)
{
    fake.fail_call = call;
    fake.fail_code = code;
}

static void no_driver_makes_no_cupti_call(void **state)
{
    char err[512];
    fake.device_count_error = cudaErrorInsufficientDriver;
    assert_int_equal(open_fails(err, sizeof err), PROFILER_NO_DEVICE);
    assert_int_equal(fake.cupti_calls, 0); /* CUPTI target calls crash without a driver */
    assert_non_null(strstr(err, "cudaGetDeviceCount"));
    assert_non_null(strstr(err, "driver version is insufficient"));
    assert_non_null(strstr(err, "install the NVIDIA driver"));
    assert_false(profiler_status_timing_continues(PROFILER_NO_DEVICE));
}

static void no_gpu(void **state)
{
    char err[512];
    fake.device_count = 0;
    assert_int_equal(open_fails(err, sizeof err), PROFILER_NO_DEVICE);
    assert_int_equal(fake.cupti_calls, 0);
    assert_non_null(strstr(err, "found none"));
}

static void device_index_out_of_range(void **state)
{
    char err[512];
    struct profiler *p;
    fake.device_count = 2;
    assert_int_equal(profiler_open(&p, &ms, 5, PROFILER_WHOLE_COUNTERS, err, sizeof err), PROFILER_NO_DEVICE);
    assert_int_equal(fake.cupti_calls, 0);
    assert_non_null(strstr(err, "device 5"));
    assert_non_null(strstr(err, "has 2"));
}

static void insufficient_privileges(void **state)
{
    char err[512];
    fail_with("rp_enable", CUPTI_ERROR_INSUFFICIENT_PRIVILEGES);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_INSUFFICIENT_PRIVILEGES);
    assert_non_null(strstr(err, "admin rights"));
    assert_non_null(strstr(err, "cuptiRangeProfilerEnable"));
    assert_non_null(strstr(err, "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"));
    assert_non_null(strstr(err, "NVreg_RestrictProfilingToAdminUsers=0"));
    assert_non_null(strstr(err, "timing continues without counters"));
    assert_true(profiler_status_timing_continues(PROFILER_INSUFFICIENT_PRIVILEGES));
}

static void insufficient_privileges_early(void **state)
{
    char err[512];
    fail_with("get_counter_availability", CUPTI_ERROR_INSUFFICIENT_PRIVILEGES);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_INSUFFICIENT_PRIVILEGES);
    assert_non_null(strstr(err, "cuptiProfilerGetCounterAvailability"));
}

static void another_profiler_attached(void **state)
{
    char err[512];
    fail_with("profiler_initialize", CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_MULTIPLE_SUBSCRIBERS);
    assert_non_null(strstr(err, "another profiler"));
    assert_non_null(strstr(err, "ncu"));
    assert_non_null(strstr(err, "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED"));
    assert_non_null(strstr(err, "timing continues without counters"));
    assert_true(profiler_status_timing_continues(PROFILER_MULTIPLE_SUBSCRIBERS));
}

static void another_profiler_at_enable(void **state)
{
    char err[512];
    fail_with("rp_enable", CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_MULTIPLE_SUBSCRIBERS);
}

static void counters_busy(void **state)
{
    char err[512];
    fail_with("rp_enable", CUPTI_ERROR_HARDWARE_BUSY);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_MULTIPLE_SUBSCRIBERS);
    assert_non_null(strstr(err, "DCGM"));
    assert_non_null(strstr(err, "chip GH100"));
}

static void unsupported_architecture(void **state)
{
    char err[512];
    fake.supported = CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED;
    fake.architecture = CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED;
    assert_int_equal(open_fails(err, sizeof err), PROFILER_UNSUPPORTED_CHIP);
    assert_non_null(strstr(err, "device 0"));
    assert_non_null(strstr(err, "architecture"));
    assert_non_null(strstr(err, "timing continues without counters"));
    assert_true(profiler_status_timing_continues(PROFILER_UNSUPPORTED_CHIP));
}

static void vgpu_without_profiling(void **state)
{
    char err[512];
    fake.supported = CUPTI_PROFILER_CONFIGURATION_UNSUPPORTED;
    fake.vgpu = CUPTI_PROFILER_CONFIGURATION_DISABLED;
    assert_int_equal(open_fails(err, sizeof err), PROFILER_UNSUPPORTED_CHIP);
    assert_non_null(strstr(err, "vGPU"));
}

static void not_supported_code(void **state)
{
    char err[512];
    fail_with("device_get_chip_name", CUPTI_ERROR_NOT_SUPPORTED);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_UNSUPPORTED_CHIP);
    assert_non_null(strstr(err, "cuptiDeviceGetChipName"));
    assert_non_null(strstr(err, "CUPTI_ERROR_NOT_SUPPORTED"));
}

static void chip_unknown_to_this_cupti(void **state)
{
    char err[512];
    fake.chip = "GB999";
    assert_int_equal(open_fails(err, sizeof err), PROFILER_UNSUPPORTED_CHIP);
    assert_non_null(strstr(err, "'GB999'"));
    assert_non_null(strstr(err, "known chips: GA100, GH100"));
}

static void metric_unknown_to_the_chip(void **state)
{
    char err[512];
    assert_int_equal(metric_set_add(&ms, "dram__bytes_reed.sum", err, sizeof err), METRIC_SET_OK);
    fake.bad_metric = "dram__bytes_reed.sum";
    assert_int_equal(open_fails(err, sizeof err), PROFILER_BAD_METRIC);
    assert_non_null(strstr(err, "'dram__bytes_reed.sum'"));
    assert_non_null(strstr(err, "device 0 (chip GH100)"));
    assert_non_null(strstr(err, "closest: dram__bytes_read.sum"));
    assert_int_equal(fake.add_metrics_calls, 0); /* checked before building the config */
}

static void empty_metric_set(void **state)
{
    char err[512];
    struct profiler *p;
    struct metric_set empty;
    metric_set_init(&empty);
    assert_int_equal(profiler_open(&p, &empty, 0, PROFILER_WHOLE_COUNTERS, err, sizeof err), PROFILER_BAD_METRIC);
    assert_int_equal(fake.cuda_calls + fake.cupti_calls, 0);
}

static void other_errors_name_the_call(void **state)
{
    char err[512];
    fail_with("host_get_config_image", CUPTI_ERROR_UNKNOWN);
    assert_int_equal(open_fails(err, sizeof err), PROFILER_ERROR);
    assert_non_null(strstr(err, "cuptiProfilerHostGetConfigImage"));
    assert_non_null(strstr(err, "fake detail"));
}

static void offline_unknown_chip(void **state)
{
    char err[512];
    size_t passes = 99;
    assert_int_equal(profiler_offline_check("gx999", &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err),
                     PROFILER_UNSUPPORTED_CHIP);
    assert_non_null(strstr(err, "'GX999'"));
    assert_int_equal(fake.host_objects, 0);
    assert_int_equal(passes, 0);
    assert_int_equal(profiler_offline_check("", &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err),
                     PROFILER_UNSUPPORTED_CHIP);
}

static void device_chip(void **state)
{
    char chip[32], err[512];
    assert_int_equal(profiler_device_chip(0, chip, sizeof chip, err, sizeof err), PROFILER_OK);
    assert_string_equal(chip, "GH100");
    assert_int_equal(fake.initialized, 0);
    fake.device_count_error = cudaErrorNoDevice;
    fake.cupti_calls = 0;
    assert_int_equal(profiler_device_chip(0, chip, sizeof chip, err, sizeof err),
                     PROFILER_NO_DEVICE);
    assert_int_equal(fake.cupti_calls, 0);
}

static void status_names_and_codes(void **state)
{
    assert_string_equal(profiler_status_name(PROFILER_OK), "ok");
    assert_string_equal(profiler_status_name(PROFILER_NO_DEVICE), "no_device");
    assert_string_equal(profiler_status_name(PROFILER_INSUFFICIENT_PRIVILEGES),
                        "insufficient_privileges");
    assert_string_equal(profiler_status_name(PROFILER_MULTIPLE_SUBSCRIBERS),
                        "multiple_subscribers");
    assert_string_equal(profiler_status_name(PROFILER_UNSUPPORTED_CHIP), "unsupported_chip");
    assert_string_equal(profiler_status_name(PROFILER_BAD_METRIC), "bad_metric");
    assert_string_equal(profiler_status_name(PROFILER_ERROR), "error");
    assert_int_equal(cupti_status_of(CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES),
                     PROFILER_INSUFFICIENT_PRIVILEGES);
    assert_int_equal(cupti_status_of(CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED),
                     PROFILER_UNSUPPORTED_CHIP);
    assert_int_equal(cupti_status_of(CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED),
                     PROFILER_UNSUPPORTED_CHIP);
    assert_int_equal(cupti_status_of(CUPTI_ERROR_INVALID_METRIC_NAME), PROFILER_BAD_METRIC);
    assert_int_equal(cupti_status_of(CUPTI_ERROR_INVALID_PARAMETER), PROFILER_ERROR);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(no_driver_makes_no_cupti_call),
        T(no_gpu),
        T(device_index_out_of_range),
        T(insufficient_privileges),
        T(insufficient_privileges_early),
        T(another_profiler_attached),
        T(another_profiler_at_enable),
        T(counters_busy),
        T(unsupported_architecture),
        T(vgpu_without_profiling),
        T(not_supported_code),
        T(chip_unknown_to_this_cupti),
        T(metric_unknown_to_the_chip),
        T(empty_metric_set),
        T(other_errors_name_the_call),
        T(offline_unknown_chip),
        T(device_chip),
        T(status_names_and_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
