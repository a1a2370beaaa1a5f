/* rundir/run_out.c: where plot and report write. A run git tracks is left
 * as it is (its outputs go to a copy, by default results/<name>); a run git
 * does not track gets them itself; --out naming another run is refused;
 * --out naming the run itself writes into it. In a scratch git repository. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rundir/run_create.h"
#include "rundir/run_out.h"

static char root[64];

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int has(const char *path)
{
    return access(path, F_OK) == 0;
}

static int setup(void **state)
{
    (void)state;
    snprintf(root, sizeof root, "/tmp/mmprof_run_out_XXXXXX");
    if (!mkdtemp(root) || chdir(root) != 0)
        return -1;
    if (system("git init -q . && mkdir -p ex/seeds mine && git config user.email t@t && git config user.name t") != 0)
        return -1;
    put("ex/seeds/results.csv", "variant,M\nnaive,64\n");
    put("ex/seeds/run.json", "{}\n");
    put("mine/results.csv", "variant,M\nnaive,128\n");
    put("mine/run.json", "{}\n");
    return system("git add ex && git commit -qm ex") == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    return chdir("/") == 0 && system(cmd) == 0 ? 0 : -1;
}

static void tracked_goes_to_a_copy(void **state)
{
    (void)state;
    char dir[256], why[512];
    if (system("git --version > /dev/null 2>&1") != 0)
        skip();
    assert_int_equal(run_out_tracked("ex/seeds"), 1);
    assert_int_equal(run_out_tracked("mine"), 0);
    assert_int_equal(run_out_prepare("ex/seeds", NULL, "plot", dir, sizeof dir, why, sizeof why), 0);
    assert_string_equal(dir, "results/seeds");
    assert_true(has("results/seeds/results.csv") && has("results/seeds/run.json"));
    /* again: the same copy, reused */
    assert_int_equal(run_out_prepare("ex/seeds/", NULL, "plot", dir, sizeof dir, why, sizeof why), 0);
    assert_string_equal(dir, "results/seeds");
    /* the user's own run: written where it is */
    assert_int_equal(run_out_prepare("mine", NULL, "report", dir, sizeof dir, why, sizeof why), 0);
    assert_string_equal(dir, "mine");
    /* --out the run itself: into it, tracked or not, analysis.csv included */
    assert_int_equal(run_out_prepare("ex/seeds", "./ex/seeds", "report", dir, sizeof dir, why, sizeof why), 0);
    assert_string_equal(dir, "./ex/seeds");
    assert_int_equal(run_out_tracked("ex/seeds"), 0);
    /* --out holding another run: refused, nothing copied */
    assert_int_equal(run_out_prepare("mine", "results/seeds", "report", dir, sizeof dir, why, sizeof why), 2);
    assert_non_null(strstr(why, "results/seeds holds another run"));
    /* nothing of the tracked run changed */
    assert_int_equal(system("test -z \"$(git status --porcelain ex)\""), 0);
}

static void not_a_run(void **state)
{
    (void)state;
    char dir[256], why[512];
    assert_int_equal(system("mkdir -p empty"), 0);
    assert_int_equal(run_out_prepare("empty", "results/e", "plot", dir, sizeof dir, why, sizeof why), 2);
    assert_non_null(strstr(why, "empty is not a run directory: it has no results.csv"));
    assert_false(has("results/e")); /* refused: nothing made */
}

/* Default run directories (collect's, profile's) made in one second each
 * get their own: the second and third take -2 and -3. */
static void default_dirs_never_collide(void **state)
{
    (void)state;
    char a[256], b[256], c[256], why[512];
    assert_int_equal(rundir_create(NULL, "NVIDIA H100", a, sizeof a, why, sizeof why), 0);
    assert_int_equal(rundir_create(NULL, "NVIDIA H100", b, sizeof b, why, sizeof why), 0);
    assert_int_equal(rundir_create(NULL, "NVIDIA H100", c, sizeof c, why, sizeof why), 0);
    assert_string_not_equal(a, b);
    assert_string_not_equal(b, c);
    assert_true(has(a) && has(b) && has(c));
    if (strncmp(a, b, strlen(a)) == 0) /* the same second: suffixed */
        assert_string_equal(b + strlen(a), "-2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tracked_goes_to_a_copy),
        cmocka_unit_test(not_a_run),
        cmocka_unit_test(default_dirs_never_collide),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
