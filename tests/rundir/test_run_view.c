/* rundir/run_view.c: each part asked for read once by its reader, nothing
 * else read; samples.csv and source.csv optional; a damaged source.csv
 * noted without failing the view, any other damaged or missing part refused
 * with the file named; run.json's fields by dotted path (run_meta.c). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "common/table.h"
#include "run_copy.h"
#include "rundir/run_files.h"
#include "rundir/run_view.h"

#define SOURCE_RUN MMPROF_SOURCE_DIR "/examples/source-h100"
#define ALL (RUN_VIEW_RESULTS | RUN_VIEW_META | RUN_VIEW_SAMPLES | RUN_VIEW_SOURCE)

static void every_part_read_once(void **state)
{
    (void)state;
    char dir[64], err[1024];
    struct run_view v;
    run_copy(SOURCE_RUN, dir, sizeof dir);
    run_file_opens_reset();
    assert_int_equal(run_view_load(dir, ALL, &v, err, sizeof err), 0);
    assert_non_null(v.results);
    assert_true(v.results->nrows > 0);
    assert_non_null(meta_str(&v.meta, "device.name"));
    assert_non_null(v.samples);
    assert_int_equal(v.source_status, RUN_SOURCE_READ);
    assert_non_null(v.source);
    assert_string_equal(v.dir, dir);
    const char *files[] = {RUN_JSON, RESULTS_CSV, SAMPLES_CSV, SOURCE_CSV};
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(run_file_opens(files[i]), 1);
    assert_int_equal(run_file_opens(ANALYSIS_CSV), 0);
    run_view_free(&v);
    assert_null(v.results);
    run_remove(dir);
}

static void only_the_parts_asked_for(void **state)
{
    (void)state;
    char dir[64], err[1024];
    struct run_view v;
    run_copy(SOURCE_RUN, dir, sizeof dir);
    run_file_opens_reset();
    assert_int_equal(run_view_load(dir, RUN_VIEW_SOURCE, &v, err, sizeof err), 0);
    assert_null(v.results);
    assert_null(v.meta.root);
    assert_null(v.samples);
    assert_int_equal(v.source_status, RUN_SOURCE_READ);
    assert_int_equal(run_file_opens(RUN_JSON) + run_file_opens(RESULTS_CSV) + run_file_opens(SAMPLES_CSV), 0);
    run_view_free(&v);
    run_remove(dir);
}

static void samples_and_source_are_optional(void **state)
{
    (void)state;
    char dir[64], err[1024];
    struct run_view v;
    run_copy(SOURCE_RUN, dir, sizeof dir);
    run_unlink(dir, SAMPLES_CSV);
    run_unlink(dir, SOURCE_CSV);
    assert_int_equal(run_view_load(dir, ALL, &v, err, sizeof err), 0);
    assert_non_null(v.results);
    assert_null(v.samples);
    assert_null(v.source);
    assert_int_equal(v.source_status, RUN_SOURCE_ABSENT);
    run_view_free(&v);
    run_remove(dir);
}

static void damaged_source_is_noted_not_fatal(void **state)
{
    (void)state;
    char dir[64], err[1024];
    struct run_view v;
    run_copy(SOURCE_RUN, dir, sizeof dir);
    run_write(dir, SOURCE_CSV, "variant,M\nnaive,64\n");
    assert_int_equal(run_view_load(dir, ALL, &v, err, sizeof err), 0);
    assert_non_null(v.results);
    assert_null(v.source);
    assert_int_equal(v.source_status, RUN_SOURCE_UNREADABLE);
    assert_non_null(strstr(v.source_note, SOURCE_CSV));
    run_view_free(&v);
    run_remove(dir);
}

/* One sentence naming the file; the view holds nothing after a failure. */
static void refused(const char *dir, unsigned parts, const char *want)
{
    char err[1024] = "";
    struct run_view v;
    assert_int_equal(run_view_load(dir, parts, &v, err, sizeof err), 2);
    if (!strstr(err, want))
        fail_msg("expected '%s' in: %s", want, err);
    assert_null(strchr(err, '\n'));
    assert_null(v.results);
    assert_null(v.meta.root);
    assert_null(v.samples);
    assert_null(v.source);
}

static void missing_or_damaged_parts_are_refused(void **state)
{
    (void)state;
    char dir[64], long_dir[1100];
    refused("/nonexistent/run", ALL, "is not a directory: pass a run directory");
    run_make_empty(dir, sizeof dir);
    refused(dir, ALL, "no results.csv in");
    refused(dir, RUN_VIEW_META, "run.json");
    run_remove(dir);
    run_copy(SOURCE_RUN, dir, sizeof dir);
    run_write(dir, SAMPLES_CSV, "variant,M,N,K,ms\nnaive,64,64,64,x\n");
    refused(dir, ALL, "samples.csv line 2");
    run_unlink(dir, SAMPLES_CSV);
    run_write(dir, RUN_JSON, "{\"device\": ");
    refused(dir, ALL, "run.json is not a JSON object");
    run_unlink(dir, RUN_JSON);
    refused(dir, ALL, "needs the run.json `mmprof collect` writes beside results.csv");
    run_write(dir, RESULTS_CSV, "variant,family\n");
    refused(dir, RUN_VIEW_RESULTS, "no 'M' column");
    /* an existing directory whose path is longer than a view holds */
    size_t len = (size_t)snprintf(long_dir, sizeof long_dir, "%s", dir);
    while (len < 1030) {
        len += (size_t)snprintf(long_dir + len, sizeof long_dir - len, "/%0100d", 0);
        assert_int_equal(mkdir(long_dir, 0755), 0);
    }
    refused(long_dir, ALL, "run directory path is longer than 1023 characters");
    run_remove(dir);
}

static void run_json_fields_by_path(void **state)
{
    (void)state;
    char dir[64], err[1024], buf[64];
    struct run_view v;
    run_make_empty(dir, sizeof dir);
    run_write(dir, RUN_JSON, "{\"device\": {\"name\": \"GPU X\", \"sm_count\": 132, \"ecc\": true, \"cc\": \"\"}}\n");
    assert_int_equal(run_view_load(dir, RUN_VIEW_META, &v, err, sizeof err), 0);
    assert_string_equal(meta_str(&v.meta, "device.name"), "GPU X");
    assert_true(meta_num(&v.meta, "device.sm_count") == 132);
    assert_true(isnan(meta_num(&v.meta, "device.name")));  /* not a number */
    assert_true(isnan(meta_num(&v.meta, "device.l2_bytes"))); /* not written */
    assert_null(meta_str(&v.meta, "nothing.here"));
    assert_string_equal(meta_text(&v.meta, "device.sm_count", buf, sizeof buf), "132");
    assert_string_equal(meta_text(&v.meta, "device.ecc", buf, sizeof buf), "yes");
    assert_null(meta_text(&v.meta, "device.cc", buf, sizeof buf)); /* empty: said as none */
    assert_non_null(meta_at(&v.meta, "device"));
    run_view_free(&v);
    assert_null(v.meta.root);
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_part_read_once),
        cmocka_unit_test(only_the_parts_asked_for),
        cmocka_unit_test(samples_and_source_are_optional),
        cmocka_unit_test(damaged_source_is_noted_not_fatal),
        cmocka_unit_test(missing_or_damaged_parts_are_refused),
        cmocka_unit_test(run_json_fields_by_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
