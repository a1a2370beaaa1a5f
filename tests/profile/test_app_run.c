/* The app run once per config image (app_run_per_image): each run sees its
 * image in MMPROF_PROFILE_IMAGE; the first run's output goes where mmprof's
 * does, each later run's to replay-K.log, so the user sees it once; the runs
 * stop at the first that fails, which is named. mmprof's own work meant to
 * overlap the app (while_app_runs) runs while the app does, before the wait.
 * Stand-in apps: shell scripts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "profile/app_run.h"

static char dir[64], app[128];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/mmprof-app-run-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(app, sizeof app, "%s/app.sh", dir);
    FILE *f = fopen(app, "w");
    assert_non_null(f);
    fputs("#!/bin/sh\necho \"run of image $MMPROF_PROFILE_IMAGE\"\n"
          "if [ -n \"$GO_FILE\" ]; then\n" /* waits (5 s at most) for the file mmprof makes meanwhile */
          "  i=0; while [ ! -e \"$GO_FILE\" ] && [ $i -lt 500 ]; do sleep 0.01; i=$((i + 1)); done\n"
          "  [ -e \"$GO_FILE\" ] || exit 9\n"
          "fi\n"
          "[ \"$MMPROF_PROFILE_IMAGE\" != \"${FAIL_IMAGE:-none}\" ]\n", f);
    fclose(f);
    assert_int_equal(chmod(app, 0755), 0);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    unsetenv("FAIL_IMAGE");
    unsetenv("GO_FILE");
    return 0;
}

/* The text of dir/name ("" when missing). */
static const char *text_of(const char *name)
{
    static char buf[256];
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

static int run(long images, struct app_status *st, long *failed)
{
    struct profile_settings set;
    settings_init(&set);
    snprintf(set.dir, sizeof set.dir, "%s", dir);
    char *argv[] = {app, NULL};
    char why[256];
    char out[128];
    snprintf(out, sizeof out, "%s/first.out", dir);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    assert_non_null(freopen(out, "w", stdout));
    int rc = app_run_per_image(app, argv, &set, &(struct app_injection){"/dev/null", "/dev/null", NULL, NULL, NULL}, images,
                               st, failed, why, sizeof why);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    assert_int_equal(set.image, SETTINGS_IMAGE_ALL); /* the caller's settings unchanged */
    return rc;
}

static void each_image_once_output_once(void **state)
{
    (void)state;
    struct app_status st;
    long failed;
    assert_int_equal(run(3, &st, &failed), 0);
    assert_true(app_status_ok(&st));
    assert_int_equal(failed, -1);
    assert_string_equal(text_of("first.out"), "run of image 0\n");
    assert_string_equal(text_of("replay-1.log"), "run of image 1\n");
    assert_string_equal(text_of("replay-2.log"), "run of image 2\n");
}

static void stops_at_the_first_failed_run(void **state)
{
    (void)state;
    setenv("FAIL_IMAGE", "1", 1);
    struct app_status st;
    long failed;
    assert_int_equal(run(3, &st, &failed), 0);
    assert_false(app_status_ok(&st));
    assert_int_equal(failed, 1);
    assert_string_equal(text_of("replay-2.log"), ""); /* not run */
}

static int meanwhile_calls;

static void make_go_file(void *ctx)
{
    meanwhile_calls++;
    FILE *f = fopen(ctx, "w");
    assert_non_null(f);
    fclose(f);
}

/* The app waits for a file only the meanwhile-work makes: had it run after
 * the wait, the app would end with status 9 after 5 s. */
static void meanwhile_work_overlaps_the_app(void **state)
{
    (void)state;
    char go[128], why[256];
    snprintf(go, sizeof go, "%s/go", dir);
    setenv("GO_FILE", go, 1);
    struct profile_settings set;
    settings_init(&set);
    snprintf(set.dir, sizeof set.dir, "%s", dir);
    char *argv[] = {app, NULL};
    struct app_injection inj = {"/dev/null", "/dev/null", NULL, make_go_file, go};
    struct app_status st;
    meanwhile_calls = 0;
    assert_int_equal(app_run(app, argv, &set, &inj, &st, why, sizeof why), 0);
    assert_true(app_status_ok(&st));
    assert_int_equal(meanwhile_calls, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(each_image_once_output_once, setup, teardown),
        cmocka_unit_test_setup_teardown(stops_at_the_first_failed_run, setup, teardown),
        cmocka_unit_test_setup_teardown(meanwhile_work_overlaps_the_app, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
