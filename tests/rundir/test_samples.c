/* samples.csv (rundir/samples.c): written lines read back in launch order,
 * exactly; the last line of a key wins (a --resume that timed a row again);
 * a run without the file has none; a damaged or cut file is refused with
 * the line named; --resume cuts a half-written last line and the next
 * collect appends after it (rundir/resume.c, rundir/samples.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rundir/samples.h"
#include "rundir/plan.h"
#include "rundir/resume.h"

static void make_dir(char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/mmprof_samples_XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void remove_dir(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void write_text(const char *dir, const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void round_trip_last_wins(void **state)
{
    char dir[64], why[512];
    make_dir(dir, sizeof dir);
    FILE *f = samples_open(dir, why, sizeof why);
    assert_non_null(f);
    const double first[] = {0.349, 0.012448, 1e-5, 94.59};
    const double again[] = {0.5, 0.25};
    assert_int_equal(samples_append(f, "naive", 1024, 1024, 1024, first, 4), 0);
    assert_int_equal(samples_append(f, "tr_copy", 2048, 2048, 0, again, 2), 0);
    assert_int_equal(samples_append(f, "naive", 1024, 1024, 1024, again, 2), 0);
    fclose(f);
    struct samples *s;
    assert_int_equal(samples_read(dir, &s, why, sizeof why), 0);
    size_t n;
    const double *ms = samples_find(s, "tr_copy", 2048, 2048, 0, &n);
    assert_int_equal(n, 2);
    assert_true(ms[0] == 0.5 && ms[1] == 0.25);
    ms = samples_find(s, "naive", 1024, 1024, 1024, &n);
    assert_int_equal(n, 2); /* the later line */
    assert_true(ms[0] == 0.5);
    assert_null(samples_find(s, "naive", 1024, 1024, 1, &n));
    assert_int_equal(n, 0);
    samples_free(s);

    /* reopened for a resumed run: no second header */
    f = samples_open(dir, why, sizeof why);
    assert_int_equal(samples_append(f, "best", 64, 64, 64, first, 4), 0);
    fclose(f);
    assert_int_equal(samples_read(dir, &s, why, sizeof why), 0);
    ms = samples_find(s, "best", 64, 64, 64, &n);
    assert_int_equal(n, 4);
    for (size_t i = 0; i < 4; i++)
        assert_true(ms[i] == first[i]); /* %.9g: a float's time reads back exactly */
    samples_free(s);
    remove_dir(dir);
}

static void missing_file_is_no_samples(void **state)
{
    char dir[64], why[512] = "";
    struct samples *s = (struct samples *)1;
    make_dir(dir, sizeof dir);
    assert_int_equal(samples_read(dir, &s, why, sizeof why), 0);
    assert_null(s);
    size_t n = 7;
    assert_null(samples_find(NULL, "naive", 1, 1, 1, &n));
    assert_int_equal(n, 0);
    remove_dir(dir);
}

static void damaged_files_refused(void **state)
{
    static const struct {
        const char *text, *says;
    } bad[] = {
        {"variant,M,N,K,ms\nnaive,1024,1024,1024,0.3 abc\n", "samples.csv line 2: expected a variant"},
        {"variant,M,N,K,ms\nnaive,1024,1024,1024,0.3  0.4\n", "line 2"},
        {"variant,M,N,K,ms\nnaive,1024,1024,1024,-0.3\n", "line 2"},
        {"variant,M,N,K,ms\nnaive,1024,1024,1024,\n", "line 2"},
        {"variant,M,N,K,ms\nnaive,10x,1024,1024,0.3\n", "line 2"},
        {"variant,M,N,K,ms\nnaive,1024,1024,1024,0.3 0.4\ntiled_t16,1024,1024,1024,0.3", "line 3 is cut short"},
        {"variant,M,N,K,time\n", "column 5 is 'time', not 'ms'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char dir[64], why[1024] = "";
        struct samples *s = (struct samples *)1;
        make_dir(dir, sizeof dir);
        write_text(dir, SAMPLES_CSV, bad[i].text);
        assert_int_equal(samples_read(dir, &s, why, sizeof why), -1);
        assert_null(s);
        if (!strstr(why, bad[i].says))
            fail_msg("case %zu: expected '%s' in '%s'", i, bad[i].says, why);
        remove_dir(dir);
    }
}

/* A collect killed while writing a samples line: --resume cuts it, the next line follows whole. */
static void resume_cuts_partial_line(void **state)
{
    char dir[64], why[1024] = "";
    make_dir(dir, sizeof dir);
    const char *metrics[] = {"dram__bytes_read.sum"};
    write_text(dir, SAMPLES_CSV, "variant,M,N,K,ms\nnaive,64,64,64,0.1 0.2\ntiled_t16,64,64,64,0.1 0.");
    struct plan plan;
    memset(&plan, 0, sizeof plan);
    assert_int_equal(resume_prepare(dir, metrics, 1, &plan, why, sizeof why), 0);
    FILE *f = samples_open(dir, why, sizeof why);
    const double ms[] = {0.3};
    assert_int_equal(samples_append(f, "tiled_t16", 64, 64, 64, ms, 1), 0);
    fclose(f);
    struct samples *s;
    assert_int_equal(samples_read(dir, &s, why, sizeof why), 0);
    size_t n;
    assert_non_null(samples_find(s, "naive", 64, 64, 64, &n));
    const double *t = samples_find(s, "tiled_t16", 64, 64, 64, &n);
    assert_int_equal(n, 1);
    assert_true(t[0] == 0.3);
    samples_free(s);
    plan_free(&plan);
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip_last_wins),
        cmocka_unit_test(missing_file_is_no_samples),
        cmocka_unit_test(damaged_files_refused),
        cmocka_unit_test(resume_cuts_partial_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
