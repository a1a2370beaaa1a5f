/* results.csv written row by row reads back cell for cell; bad files are refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rundir/results.h"
#include "common/table.h"

static char path[256];

static int setup(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/mmprof-test-%d.csv", (int)getpid());
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    return 0;
}

static void round_trip(void **state)
{
    (void)state;
    const char *metrics[] = {"dram__bytes_read.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum (gld_transactions)"};
    double values[] = {33420000, NAN};
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(results_write_header(f, metrics, 2), 0);
    struct result_row r;
    result_row_init(&r);
    r.variant = "rt_b16_4x4";
    r.family = "matmul";
    r.m = 1000, r.n = 3000, r.k = 700;
    r.params = "bs=16;rx=4;ry=4";
    r.status = STATUS_OK;
    snprintf(r.reason, sizeof r.reason, "has, a comma and \"quotes\"");
    r.rel_error = 3.25e-7;
    r.runtime_ms = 1.5;
    r.runs = 12;
    r.threads_per_block = 256;
    r.grid_blocks = 3000;
    r.limiter = "registers";
    r.nmetrics = 2;
    r.metrics = values;
    assert_int_equal(results_append(f, &r), 0);
    struct result_row s;
    result_row_init(&s);
    s.variant = "rt_b32_6x6";
    s.family = "matmul";
    s.params = "";
    s.status = STATUS_SKIPPED;
    s.nmetrics = 2; /* no metrics measured: empty cells */
    assert_int_equal(results_append(f, &s), 0);
    fclose(f);

    char err[256];
    struct table *t = table_read(path, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(t->nrows, 2);
    assert_int_equal(t->ncols, 27 + 2);
    assert_string_equal(table_str(t, 0, table_col(t, "variant")), "rt_b16_4x4");
    assert_string_equal(table_str(t, 0, table_col(t, "reason")), "has, a comma and \"quotes\"");
    assert_true(fabs(table_num(t, 0, table_col(t, "rel_error")) - 3.25e-7) < 1e-20);
    assert_int_equal((long)table_num(t, 0, table_col(t, "K")), 700);
    assert_true(table_num(t, 0, table_col(t, "dram__bytes_read.sum")) == 33420000);
    assert_true(isnan(table_num(t, 0, 28)));
    assert_true(isnan(table_num(t, 0, table_col(t, "gflops"))));
    assert_string_equal(table_str(t, 1, table_col(t, "status")), "skipped");
    assert_true(isnan(table_num(t, 1, table_col(t, "runtime_ms"))));
    assert_int_equal(table_col(t, "no_such_column"), -1);
    table_free(t);
}

static void write_text(const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(text, 1, len, f);
    fclose(f);
}

static void refuses_bad_files(void **state)
{
    (void)state;
    char err[256];
    write_text("a,b,c\n1,2\n", 10);
    assert_null(table_read(path, err, sizeof err));
    assert_non_null(strstr(err, "line 2"));
    write_text("a,b\n1,\0\3", 9);
    assert_null(table_read(path, err, sizeof err));
    assert_non_null(strstr(err, "binary"));
    write_text("", 0);
    assert_null(table_read(path, err, sizeof err));
    assert_non_null(strstr(err, "empty"));
    assert_null(table_read("/nonexistent/results.csv", err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));
    write_text("a,b\n\"x,y\",2\n\n", 13); /* quoted comma, trailing blank line */
    struct table *t = table_read(path, err, sizeof err);
    assert_non_null(t);
    assert_string_equal(table_str(t, 0, 0), "x,y");
    assert_true(isnan(table_num(t, 0, 0)));
    table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(refuses_bad_files, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
