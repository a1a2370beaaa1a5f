/* The report's device and software tables of a profile run: every value
 * run.json holds is shown (driver, CUDA, CUPTI versions, clocks before and
 * after), and what a profile run does not have (input seed, warm-up
 * launches) is left out rather than shown as "—". The versions and clocks
 * are those the H200 profile example recorded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "reports/report.h"
#include "run_dir.h"

#define PROFILE_EXAMPLE MMPROF_SOURCE_DIR "/examples/profile-h200"

static void assert_row(const char *md, const char *row)
{
    if (!strstr(md, row))
        fail_msg("expected the row\n%s\nin the report", row);
}

static void profile_run_versions_and_clocks(void **state)
{
    (void)state;
    char dir[64];
    struct captured c;
    run_copy(PROFILE_EXAMPLE, dir, sizeof dir); /* its run.json records versions and clocks */
    const char *argv[] = {"report", dir};
    capture(cmd_report, 2, argv, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    assert_non_null(md);
    assert_row(md, "| NVIDIA driver | 580.159.04 |");
    assert_row(md, "| CUDA runtime | 13.0 |");
    assert_row(md, "| CUDA driver API | 13.0 |");
    assert_row(md, "| CUPTI API | 130001 |");
    assert_row(md, "| SM clock | 1980 MHz before, 1980 MHz after |");
    assert_row(md, "| memory clock | 3201 MHz before, 3201 MHz after |");
    assert_row(md, "| clock policy | not locked: mmprof measures the card as it is (ncu locks to base by default) |");
    assert_null(strstr(md, "| input seed |"));
    assert_null(strstr(md, "| warm-up launches |"));
    free(md);
    captured_free(&c);
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(profile_run_versions_and_clocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
