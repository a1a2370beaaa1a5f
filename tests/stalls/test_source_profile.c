/* source.csv written, read back and folded: totals without the not-issued
 * reasons, lines hottest first, a kernel sampled again keeping its last
 * lines, a damaged line refused with its number, an undeclared kernel of a
 * profile run (shape 0x0x0); the stall groups of the
 * report and the stalls chart; the source text reader and a line's texts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rundir/source_csv.h"
#include "stalls/source_groups.h"
#include "stalls/source_profile.h"
#include "stalls/source_text.h"

static char dir[] = "/tmp/mmprof-source-XXXXXX";

static void write_rows(const struct source_row *rows, size_t n)
{
    char why[512];
    FILE *f = source_csv_open(dir, why, sizeof why);
    assert_non_null(f);
    assert_int_equal(source_csv_append(f, rows, n), 0);
    fclose(f);
}

#define ROW(v, pc, line, stall, n) {v, 64, 64, 64, "_Z1kv", pc, "/src/k.cu", line, stall, n}

static void folds_per_kernel_and_line(void **state)
{
    (void)state;
    const struct source_row first[] = {ROW("naive", 0x10, 5, "long_scoreboard", 99),
                                       ROW("tr_naive", 0x8, 9, "wait", 3)};
    const struct source_row rows[] = {
        ROW("naive", 0x10, 5, "long_scoreboard", 60), ROW("naive", 0x10, 5, "long_scoreboard_not_issued", 55),
        ROW("naive", 0x20, 6, "selected", 30),        ROW("naive", 0x30, 6, "wait", 10),
        ROW("tr_naive", 0x8, 9, "lg_throttle", 7),
    };
    write_rows(first, 2); /* sampled, then sampled again (--resume): the later lines win */
    write_rows(rows, sizeof rows / sizeof rows[0]);
    struct source_table *t;
    char err[512];
    assert_int_equal(source_csv_read(dir, &t, err, sizeof err), 0);
    assert_non_null(t);
    assert_int_equal(t->n, 5);
    struct source_profile p;
    assert_int_equal(source_profile_build(t, &p), 0);
    assert_int_equal(p.n, 2);
    const struct source_kernel *k = source_profile_find(&p, "naive");
    assert_non_null(k);
    assert_int_equal(k->samples, 100); /* 60 + 30 + 10: the not-issued subset is not added */
    assert_int_equal(k->nstalls, 3);
    assert_string_equal(k->stalls[0].stall, "long_scoreboard");
    assert_int_equal(k->nlines, 2);
    assert_int_equal(k->lines[0].line, 5);
    assert_int_equal(k->lines[0].samples, 60);
    assert_int_equal(k->lines[1].samples, 40);
    assert_string_equal(k->lines[1].stalls[0].stall, "selected");
    assert_null(source_profile_find(&p, "tiled_t16"));
    source_profile_free(&p);
    source_table_free(t);
}

static void damaged_line_is_named(void **state)
{
    (void)state;
    char path[256], err[1024];
    snprintf(path, sizeof path, "%s/%s", dir, SOURCE_CSV);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs("naive,64,64,64,_Z1kv,16,/src/k.cu,5,wait,1\n", f); /* pc_offset not in hex */
    fclose(f);
    struct source_table *t;
    assert_int_equal(source_csv_read(dir, &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "line 9"));
    assert_non_null(strstr(err, "pc_offset (0x...)"));
    unlink(path);
    assert_int_equal(source_csv_read(dir, &t, err, sizeof err), 0); /* no file: no samples, no error */
    assert_null(t);
}

/* `mmprof profile` writes an undeclared kernel with shape 0x0x0 and its
 * demangled name, commas and all, as the variant. */
static void undeclared_kernel_of_a_profile_run(void **state)
{
    (void)state;
    const char *name = "void sort<int, 4>(int*, int)";
    const struct source_row rows[] = {{name, 0, 0, 0, "_Z4sortIiLi4EEvPii", 0x40, "", 0, "long_scoreboard", 12},
                                      {name, 0, 0, 0, "_Z4sortIiLi4EEvPii", 0x50, "", 0, "selected", 4}};
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, SOURCE_CSV);
    unlink(path);
    write_rows(rows, 2);
    struct source_table *t;
    assert_int_equal(source_csv_read(dir, &t, err, sizeof err), 0);
    struct source_profile p;
    assert_int_equal(source_profile_build(t, &p), 0);
    const struct source_kernel *k = source_profile_find(&p, name);
    assert_non_null(k);
    assert_int_equal(k->samples, 16);
    assert_int_equal(k->nlines, 1); /* no line table: one "(no line)" entry */
    source_profile_free(&p);
    source_table_free(t);
    unlink(path);
}

static void stall_names(void **state)
{
    (void)state;
    assert_string_equal(source_stall_short("smsp__pcsamp_warps_issue_stalled_barrier"), "barrier");
    assert_string_equal(source_stall_short("barrier"), "barrier");
    assert_true(source_stall_not_issued("barrier_not_issued"));
    assert_false(source_stall_not_issued("_not_issued"));
    assert_false(source_stall_not_issued("barrier"));
}

/* Nine reasons in kernel A, and drain and r9 in B: eight groups are drain
 * (83 % of B), r9 (19 % of B, 4 % of A), then A's largest, and "other"
 * summing the rest, each kernel's groups adding up to 100 %. */
static void groups_keep_what_dominates_a_kernel(void **state)
{
    (void)state;
    static const char *const names[] = {"r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"};
    struct source_row rows[11];
    for (size_t i = 0; i < 9; i++)
        rows[i] = (struct source_row)ROW("A", 0x10 * i, 3, names[i], 100 - 10 * i);
    rows[9] = (struct source_row)ROW("B", 0x10, 4, "drain", 50);
    rows[10] = (struct source_row)ROW("B", 0x10, 4, "r9", 12);
    struct source_table t = {rows, 11, NULL};
    struct source_profile p;
    struct stall_groups g;
    assert_int_equal(source_profile_build(&t, &p), 0);
    assert_int_equal(source_stall_groups(&p, SOURCE_STALL_GROUPS, &g), 0);
    static const char *const want[] = {"drain", "r9", "r1", "r2", "r3", "r4", "r5", SOURCE_OTHER};
    assert_int_equal(g.n, 8);
    assert_true(g.other);
    for (size_t i = 0; i < g.n; i++)
        assert_string_equal(g.names[i], want[i]);
    for (size_t k = 0; k < p.n; k++) {
        double sum = 0;
        for (size_t i = 0; i < g.n; i++)
            sum += source_group_share(&p.kernels[k], &g, i);
        assert_true(sum > 99.999 && sum < 100.001);
    }
    /* A's other: r6 + r7 + r8 = 50 + 40 + 30 of 540 */
    assert_true(source_group_share(source_profile_find(&p, "A"), &g, 7) * 540 / 100 > 119.999);
    assert_int_equal(source_stall_groups(&p, 16, &g), 0); /* room for all ten: no other */
    assert_int_equal(g.n, 10);
    assert_false(g.other);
    char buf[128];
    const struct source_kernel *b = source_profile_find(&p, "B");
    assert_string_equal(source_line_where(&b->lines[0], buf, sizeof buf), "k.cu:4");
    assert_string_equal(source_line_stalls(&b->lines[0], buf, sizeof buf), "drain 81%, r9 19%");
    source_profile_free(&p);
}

/* What every reader of a run's source.csv calls: none, or the fold. */
static int load_view(struct source_profile *p, char *err, size_t err_len)
{
    struct run_view v;
    assert_int_equal(run_view_load(dir, RUN_VIEW_SOURCE, &v, err, err_len), 0);
    int rc = source_profile_load(&v, p, err, err_len);
    if (rc == 0) /* the fold points into the view */
        assert_int_equal(source_profile_find(p, "naive")->samples, 60);
    source_profile_free(p);
    run_view_free(&v);
    return rc;
}

static void load_says_none_or_folds(void **state)
{
    (void)state;
    struct source_profile p;
    char err[512];
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, SOURCE_CSV);
    unlink(path);
    assert_int_equal(load_view(&p, err, sizeof err), 1);
    assert_non_null(strstr(err, "collect --source"));
    assert_int_equal(p.n, 0);
    const struct source_row rows[] = {ROW("naive", 0x10, 5, "long_scoreboard", 60)};
    write_rows(rows, 1);
    assert_int_equal(load_view(&p, err, sizeof err), 0);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs("naive,64,64,64,_Z1kv,16,/src/k.cu,5,wait,1\n", f); /* damaged: the reader's sentence */
    fclose(f);
    assert_int_equal(load_view(&p, err, sizeof err), -1);
    assert_non_null(strstr(err, "pc_offset (0x...)"));
    unlink(path);
}

static void source_text(void **state)
{
    (void)state;
    char buf[256];
    assert_int_equal(source_text_line(MMPROF_SOURCE_DIR "/kernels/matmul_naive.cu", 19, buf, sizeof buf), 0);
    assert_string_equal(buf, "sum += a[row * k + p] * b[p * n + col];");
    assert_int_equal(source_text_line(MMPROF_SOURCE_DIR "/kernels/matmul_naive.cu", 100000, buf, sizeof buf), -1);
    assert_non_null(strstr(buf, "changed since the run"));
    assert_int_equal(source_text_line("/nonexistent/k.cu", 3, buf, sizeof buf), -1);
    assert_non_null(strstr(buf, "not readable here"));
    assert_int_equal(source_text_line("", 0, buf, sizeof buf), -1);
    assert_non_null(strstr(buf, "-lineinfo"));
}

int main(void)
{
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(folds_per_kernel_and_line),
        cmocka_unit_test(damaged_line_is_named),
        cmocka_unit_test(undeclared_kernel_of_a_profile_run),
        cmocka_unit_test(stall_names),
        cmocka_unit_test(groups_keep_what_dominates_a_kernel),
        cmocka_unit_test(load_says_none_or_folds),
        cmocka_unit_test(source_text),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return rc;
}
