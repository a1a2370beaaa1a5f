/* Whole-file reads and atomic writes: every run-directory file goes through them. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/file.h"

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/mmprof-file-test-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[300];
    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static size_t entries(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t n = 0;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.' || strlen(e->d_name) > 2;
    closedir(d);
    return n;
}

static void reads_back_what_was_written(void **state)
{
    (void)state;
    char path[300], err[256], *text = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/run.json", dir);
    assert_int_equal(atomic_write(path, "{\"a\": 1}\n", 9, err, sizeof err), 0);
    assert_int_equal(file_read_all(path, 1 << 20, &text, &len, err, sizeof err), FILE_READ_OK);
    assert_int_equal(len, 9);
    assert_string_equal(text, "{\"a\": 1}\n");
    free(text);
    assert_int_equal(entries(), 1); /* no temporary file left */
    assert_int_equal(file_read_all(path, 8, &text, &len, err, sizeof err), FILE_READ_TOO_LARGE);
    assert_int_equal(file_read_all(path, 9, &text, &len, err, sizeof err), FILE_READ_OK);
    free(text);
}

static void says_why_a_read_failed(void **state)
{
    (void)state;
    char path[300], err[256], *text = NULL;
    size_t len;
    snprintf(path, sizeof path, "%s/missing.csv", dir);
    assert_int_equal(file_read_all(path, 100, &text, &len, err, sizeof err), FILE_READ_OPEN);
    assert_non_null(strstr(err, "missing.csv"));
    assert_int_equal(file_read_all(dir, 100, &text, &len, err, sizeof err), FILE_READ_IO);
    assert_non_null(strstr(err, "cannot read"));
}

static void abort_leaves_the_old_file(void **state)
{
    (void)state;
    char path[300], err[256], *text = NULL;
    size_t len;
    struct atomic_file a;
    snprintf(path, sizeof path, "%s/report.md", dir);
    assert_int_equal(atomic_write(path, "old\n", 4, err, sizeof err), 0);
    assert_int_equal(atomic_open(&a, path), 0);
    fputs("half a new report", a.f);
    atomic_abort(&a);
    assert_int_equal(file_read_all(path, 100, &text, &len, err, sizeof err), FILE_READ_OK);
    assert_string_equal(text, "old\n");
    free(text);
    assert_int_equal(entries(), 1);
    snprintf(path, sizeof path, "%s/no/such/dir/x", dir);
    assert_int_not_equal(atomic_write(path, "x", 1, err, sizeof err), 0);
}

/* A file made from another is stale once it is older (analysis.csv, charts). */
static void older_by_modification_time(void **state)
{
    (void)state;
    char made[300], from[300];
    snprintf(made, sizeof made, "%s/analysis.csv", dir);
    snprintf(from, sizeof from, "%s/results.csv", dir);
    FILE *f = fopen(made, "w");
    fclose(f);
    f = fopen(from, "w");
    fclose(f);
    struct timespec old[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
    assert_int_equal(utimensat(AT_FDCWD, made, old, 0), 0);
    assert_int_equal(file_is_older(made, from, 0), 1);
    assert_int_equal(file_is_older(made, from, 60), 1);
    assert_int_equal(file_is_older(from, made, 0), 0);
    assert_int_equal(file_is_older(made, made, 0), 0);
    struct timespec a_second_before[2] = {{.tv_sec = 999999999}, {.tv_sec = 999999999}};
    assert_int_equal(utimensat(AT_FDCWD, from, old, 0), 0);
    assert_int_equal(utimensat(AT_FDCWD, made, a_second_before, 0), 0);
    assert_int_equal(file_is_older(made, from, 0), 1);
    assert_int_equal(file_is_older(made, from, 60), 0); /* within the margin */
    char none[300];
    snprintf(none, sizeof none, "%s/none", dir);
    assert_int_equal(file_is_older(none, from, 0), 0); /* missing: nothing to call stale */
    assert_int_equal(file_is_older(made, none, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(reads_back_what_was_written, setup, teardown),
        cmocka_unit_test_setup_teardown(says_why_a_read_failed, setup, teardown),
        cmocka_unit_test_setup_teardown(abort_leaves_the_old_file, setup, teardown),
        cmocka_unit_test_setup_teardown(older_by_modification_time, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
