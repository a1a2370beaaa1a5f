/* The report's device and software tables of a profile run: every value
 * run.json holds is shown (driver, CUDA, CUPTI versions, clocks before and
 * after), and what a profile run does not have (input seed, warm-up
 * launches) is left out rather than shown as "—". The versions and clocks
 * are those the H200 profile example recorded. Ceilings a profile reused
 * from an earlier measurement are labelled with when they were measured,
 * never as this run's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

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
    char *md = report_md(dir, &c);
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

static char *report_of_copy(const char *from, const char *to, char *dir, size_t dir_len, struct captured *c)
{
    run_copy(PROFILE_EXAMPLE, dir, dir_len);
    if (from)
        json_replace(dir, from, to);
    return report_md(dir, c);
}

static void reused_ceilings_say_when_they_were_measured(void **state)
{
    (void)state;
    char dir[64];
    struct captured c;
    char *md = report_of_copy(NULL, NULL, dir, sizeof dir, &c);
    assert_non_null(strstr(md, "Ceilings: measured by micro-kernels in this run"));
    free(md);
    captured_free(&c);
    run_remove(dir);
    /* 1796412000 s: 2026-12-04 19:20 UTC */
    md = report_of_copy("\"measured\":", "\"reused\": true, \"measured_unix_s\": 1796412000, \"measured\":", dir,
                        sizeof dir, &c);
    assert_null(strstr(md, "micro-kernels in this run"));
    assert_non_null(strstr(md, "Ceilings: measured by micro-kernels on this GPU at 2026-12-04 19:20 UTC, before "
                               "this run (kept an hour)"));
    free(md);
    captured_free(&c);
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(profile_run_versions_and_clocks),
        cmocka_unit_test(reused_ceilings_say_when_they_were_measured),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
