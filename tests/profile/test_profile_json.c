/* run.json of a profile run (profile/profile_json.h): with a device, the
 * versions, clocks and write time a collect run.json holds, read where the
 * report reads them; without one, none of them; the app's end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/file.h"
#include "profile/profile_json.h"

static char dir[] = "/tmp/mmprof-profile-json-XXXXXX";

static cJSON *written(const struct profile_record *r)
{
    char why[512], path[sizeof dir + 16];
    assert_int_equal(profile_json_write(dir, r, why, sizeof why), 0);
    snprintf(path, sizeof path, "%s/run.json", dir);
    char *text = NULL;
    assert_int_equal(file_read_all(path, 1 << 20, &text, NULL, NULL, 0), FILE_READ_OK);
    cJSON *root = cJSON_Parse(text);
    free(text);
    assert_non_null(root);
    return root;
}

static const cJSON *at(const cJSON *root, const char *object, const char *key)
{
    const cJSON *o = object ? cJSON_GetObjectItemCaseSensitive(root, object) : root;
    return o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
}

static struct profile_record base_record(const struct profile_settings *set, char *const *argv)
{
    return (struct profile_record){.command_line = "mmprof profile -- ./app 1024",
                                   .app_path = "./app",
                                   .app_argv = argv,
                                   .set = set,
                                   .state = "running",
                                   .clock_before_sm_mhz = -1,
                                   .clock_before_mem_mhz = -1,
                                   .clock_after_sm_mhz = -1,
                                   .clock_after_mem_mhz = -1,
                                   .chip = ""};
}

static void with_device(void **state)
{
    (void)state;
    struct profile_settings set;
    settings_init(&set);
    char *argv[] = {"./app", "1024", NULL};
    struct device_info dev = {.name = "NVIDIA H100 80GB HBM3", .pci_bus_id = "0000:00:06.0",
                              .cc_major = 9, .sm_count = 132, .driver_version = 13000,
                              .runtime_version = 12080};
    struct app_status st = {.exited = 1, .code = 0};
    struct launch_summary sum = {.launches = 9, .profiled = 9, .processes = 1};
    struct profile_record r = base_record(&set, argv);
    r.device = &dev;
    r.driver = "580.159.04";
    r.cupti_api_version = 130001;
    r.clock_before_sm_mhz = 345;
    r.clock_before_mem_mhz = 2619;
    r.clock_after_sm_mhz = 1980;
    r.clock_after_mem_mhz = 2619;
    r.state = "complete";
    r.status = &st;
    r.sum = &sum;
    cJSON *root = written(&r);
    assert_string_equal(cJSON_GetStringValue(at(root, "versions", "driver")), "580.159.04");
    assert_string_equal(cJSON_GetStringValue(at(root, "versions", "cuda_driver_api")), "13.0");
    assert_string_equal(cJSON_GetStringValue(at(root, "versions", "cuda_runtime")), "12.8");
    assert_int_equal((int)cJSON_GetNumberValue(at(root, "versions", "cupti_api")), 130001);
    const cJSON *clocks = at(root, NULL, "clocks");
    assert_int_equal((int)cJSON_GetNumberValue(at(at(clocks, NULL, "before"), NULL, "sm_mhz")), 345);
    assert_int_equal((int)cJSON_GetNumberValue(at(at(clocks, NULL, "after"), NULL, "sm_mhz")), 1980);
    assert_non_null(cJSON_GetStringValue(at(clocks, NULL, "policy")));
    const char *utc = cJSON_GetStringValue(at(root, NULL, "updated_utc"));
    assert_non_null(utc);
    assert_int_equal(strlen(utc), strlen("2026-11-26T09:30:00Z"));
    assert_int_equal(utc[10], 'T');
    assert_int_equal(utc[19], 'Z');
    assert_string_equal(cJSON_GetStringValue(at(root, "device", "name")), "NVIDIA H100 80GB HBM3");
    assert_string_equal(cJSON_GetStringValue(at(root, "app", "status")), "exited with status 0");
    assert_int_equal((int)cJSON_GetNumberValue(at(root, "launches", "profiled")), 9);
    cJSON_Delete(root);
}

/* While the app runs its clocks after are not known yet; NVML's absence reads
 * the same in collect's run.json. */
static void clocks_unknown(void **state)
{
    (void)state;
    struct profile_settings set;
    settings_init(&set);
    char *argv[] = {"./app", NULL};
    struct device_info dev = {.name = "GPU", .driver_version = 13000, .runtime_version = 13000};
    struct profile_record r = base_record(&set, argv);
    r.device = &dev;
    r.driver = "unknown";
    cJSON *root = written(&r);
    const cJSON *after = at(at(root, NULL, "clocks"), NULL, "after");
    assert_null(at(after, NULL, "sm_mhz"));
    assert_non_null(cJSON_GetStringValue(at(after, NULL, "note")));
    assert_string_equal(cJSON_GetStringValue(at(root, NULL, "state")), "running");
    cJSON_Delete(root);
}

/* No device found (no GPU, or --list): no device facts at all, not zeros;
 * the kernel timing recorded either way. */
static void without_device(void **state)
{
    (void)state;
    struct profile_settings set;
    settings_init(&set);
    char *argv[] = {"./app", NULL};
    struct profile_record r = base_record(&set, argv);
    cJSON *root = written(&r);
    assert_null(at(root, NULL, "device"));
    assert_null(at(root, NULL, "versions"));
    assert_null(at(root, NULL, "clocks"));
    assert_non_null(cJSON_GetStringValue(at(root, NULL, "updated_utc")));
    assert_string_equal(cJSON_GetStringValue(at(root, NULL, "command_line")), "mmprof profile -- ./app 1024");
    /* timing.kernel_timing, which xcheck's referee reads, and CUPTI's record
     * kind in the method: serial by default, concurrent when asked */
    assert_string_equal(cJSON_GetStringValue(at(root, "timing", "kernel_timing")), "serial");
    assert_non_null(strstr(cJSON_GetStringValue(at(root, "timing", "method")), "(KERNEL: kernels one at a time"));
    cJSON_Delete(root);
    set.timing = KERNEL_TIMING_CONCURRENT;
    root = written(&r);
    assert_string_equal(cJSON_GetStringValue(at(root, "timing", "kernel_timing")), "concurrent");
    assert_non_null(strstr(cJSON_GetStringValue(at(root, "timing", "method")), "(CONCURRENT_KERNEL:"));
    cJSON_Delete(root);
}

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char path[sizeof dir + 16];
    snprintf(path, sizeof path, "%s/run.json", dir);
    unlink(path);
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(with_device),
        cmocka_unit_test(clocks_unknown),
        cmocka_unit_test(without_device),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
