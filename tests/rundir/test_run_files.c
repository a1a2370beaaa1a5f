/* rundir/run_files.c: a path joined or refused when it does not fit, and
 * the readers' opens counted per file name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "rundir/run_files.h"

static void path_joins_or_says_it_is_cut(void **state)
{
    (void)state;
    char buf[32];
    assert_int_equal(run_path(buf, sizeof buf, "results/run", RUN_JSON), 0);
    assert_string_equal(buf, "results/run/run.json");
    assert_int_equal(run_path(buf, 21, "results/run", RESULTS_CSV), -1); /* 23 characters */
    assert_int_equal(strlen(buf), 20);
    assert_int_equal(run_path(buf, sizeof buf, "d", PLOTS_DIR), 0);
    assert_string_equal(buf, "d/plots");
}

static void name_is_the_last_part_cut_to_fit(void **state)
{
    (void)state;
    char buf[12];
    run_name(buf, sizeof buf, "/a/long/checkout/examples/seeds-h200/");
    assert_string_equal(buf, "seeds-h200");
    run_name(buf, sizeof buf, "results//");
    assert_string_equal(buf, "results");
    run_name(buf, sizeof buf, "run");
    assert_string_equal(buf, "run");
    run_name(buf, sizeof buf, "/");
    assert_string_equal(buf, "/");
    run_name(buf, sizeof buf, "/tmp/20261128-160455-profile");
    assert_string_equal(buf, "20261128...");
}

static void opens_count_by_file_name(void **state)
{
    (void)state;
    run_file_opens_reset();
    run_file_opened("/tmp/a/run.json");
    run_file_opened("run.json");
    run_file_opened("/tmp/a/results.csv");
    run_file_opened("/tmp/a/results.csv.tmp"); /* not a run file: not counted */
    run_file_opened("/tmp/a/other.json");
    assert_int_equal(run_file_opens(RUN_JSON), 2);
    assert_int_equal(run_file_opens(RESULTS_CSV), 1);
    assert_int_equal(run_file_opens(SAMPLES_CSV), 0);
    assert_int_equal(run_file_opens("other.json"), 0);
    run_file_opens_reset();
    assert_int_equal(run_file_opens(RUN_JSON), 0);
    assert_int_equal(run_file_opens(RESULTS_CSV), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(path_joins_or_says_it_is_cut),
        cmocka_unit_test(name_is_the_last_part_cut_to_fit),
        cmocka_unit_test(opens_count_by_file_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
