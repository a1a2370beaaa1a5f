/* Reading both tools' files: ncu's CSV split into samples by the flush
 * kernels (their rows dropped), "1,234,567"
 * values, notes before the table, counters summed over a sample's kernels
 * and other metrics dropped there, "n/a", the even split without flushes;
 * collect's results.csv with statuses; and damaged files, each answered
 * with one line naming the file and the line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "files.h"
#include "xcheck/ncu_csv.h"
#include "xcheck/runs.h"

#define DRAM "dram__bytes_read.sum"
#define PCT "sm__warps_active.avg.pct_of_peak_sustained_active"
#define HEADER "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"

/* The flush (l2_flush_kernel) before each of ka and kb
 * at two placements; kb launches two kernels at the first. */
static const char ncu_two_placements[] =
    "==PROF== Connected to process 1\n" HEADER
    "\"0\",\"l2_flush_kernel(const float4 *)\",\"" DRAM "\",\"byte\",\"999,999,999\"\n"
    "\"2\",\"void ka_kernel<16, 2>(const float *)\",\"" DRAM "\",\"byte\",\"1,234,567\"\n"
    "\"2\",\"void ka_kernel<16, 2>(const float *)\",\"" PCT "\",\"%\",\"40.5\"\n"
    "\"3\",\"l2_flush_kernel(const float4 *)\",\"" DRAM "\",\"byte\",\"999,999,999\"\n"
    "\"5\",\"gemm_kernel\",\"" DRAM "\",\"byte\",\"300\"\n"
    "\"5\",\"gemm_kernel\",\"" PCT "\",\"%\",\"20\"\n"
    "\"6\",\"reduce_kernel\",\"" DRAM "\",\"byte\",\"400\"\n"
    "\"6\",\"reduce_kernel\",\"" PCT "\",\"%\",\"30\"\n"
    "\"7\",\"l2_flush_kernel(const float4 *)\",\"" DRAM "\",\"byte\",\"999,999,999\"\n"
    "\"9\",\"void ka_kernel<16, 2>(const float *)\",\"" DRAM "\",\"byte\",\"2,000\"\n"
    "\"9\",\"void ka_kernel<16, 2>(const float *)\",\"" PCT "\",\"%\",\"n/a\"\n"
    "\"10\",\"l2_flush_kernel(const float4 *)\",\"" DRAM "\",\"byte\",\"999,999,999\"\n"
    "\"12\",\"gemm_kernel\",\"" DRAM "\",\"byte\",\"500\"\n"
    "\"12\",\"gemm_kernel\",\"" PCT "\",\"%\",\"10\"\n";

struct fixture {
    char dir[256];
    struct str_list m;
    struct xc_side side;
    struct xc_shape shape;
    char err[2400];
};

static int setup(void **state)
{
    static struct fixture f;
    memset(&f, 0, sizeof f);
    scratch_make(f.dir, sizeof f.dir);
    assert_int_equal(xc_metrics_add_list(&f.m, DRAM "," PCT), 0);
    xc_side_init(&f.side, f.m.n);
    f.shape = (struct xc_shape){64, 64, 64};
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    xc_side_free(&f->side);
    str_list_free(&f->m);
    scratch_remove(f->dir);
    return 0;
}

static int read_ncu(struct fixture *f, const char *text, const char *const *variants, size_t n, size_t *samples)
{
    char path[1024];
    scratch_write(f->dir, "ncu.csv", text, path, sizeof path);
    return xc_read_ncu(path, variants, n, &f->shape, &f->m, &f->side, samples, f->err, sizeof f->err);
}

static void ncu_split_by_flush(void **state)
{
    struct fixture *f = *state;
    const char *variants[] = {"ka", "kb"};
    size_t samples;
    assert_int_equal(read_ncu(f, ncu_two_placements, variants, 2, &samples), 0);
    assert_int_equal(samples, 4);
    struct xc_series *ka = xc_side_find(&f->side, "ka", &f->shape), *kb = xc_side_find(&f->side, "kb", &f->shape);
    assert_non_null(ka);
    assert_non_null(kb);
    assert_int_equal(ka->runs, 2);
    assert_int_equal(ka->nvalues[0], 2); /* thousands separators gone, the flush's rows not counted */
    assert_true(ka->values[0][0] == 1234567 && ka->values[0][1] == 2000);
    assert_int_equal(ka->nvalues[1], 1); /* "n/a" is not measured */
    assert_true(ka->values[1][0] == 40.5);
    assert_int_equal(kb->runs, 2);
    assert_true(kb->values[0][0] == 700 && kb->values[0][1] == 500); /* counters summed over 2 kernels */
    assert_int_equal(kb->kernels[0], 2);
    assert_int_equal(kb->nvalues[1], 1); /* a percentage of 2 kernels is neither's */
    assert_true(kb->values[1][0] == 10);
}

static void ncu_split_without_flush(void **state)
{
    struct fixture *f = *state;
    static const char text[] = HEADER "\"0\",\"kc\",\"" DRAM "\",\"byte\",\"1\"\n"
                                      "\"1\",\"kc\",\"" DRAM "\",\"byte\",\"2\"\n"
                                      "\"2\",\"kc\",\"" DRAM "\",\"byte\",\"30\"\n"
                                      "\"3\",\"kc\",\"" DRAM "\",\"byte\",\"40\"\n";
    const char *variants[] = {"kc", "kc"}; /* every sample named: 2 placements */
    size_t samples;
    assert_int_equal(read_ncu(f, text, variants, 2, &samples), 0);
    struct xc_series *kc = xc_side_find(&f->side, "kc", &f->shape);
    assert_non_null(kc);
    assert_int_equal(kc->runs, 2);
    assert_true(kc->values[0][0] == 3 && kc->values[0][1] == 70);
    const char *three[] = {"kc", "kc", "kc"};
    assert_int_equal(read_ncu(f, text, three, 3, &samples), -1);
    assert_non_null(strstr(f->err, "do not split evenly into the 3 samples"));
}

/* IPC read "0.88" from ncu is taken from its two counters when ncu was asked
 * for them: 875/1000, not the rounded print; without them, the print. */
static void ncu_ratio_from_counters(void **state)
{
    struct fixture *f = *state;
#define IPC "sm__inst_executed.avg.per_cycle_active"
    static const char text[] = HEADER "\"0\",\"kd\",\"" IPC "\",\"inst/cycle\",\"0.88\"\n"
                                      "\"0\",\"kd\",\"sm__inst_executed.sum\",\"inst\",\"875\"\n"
                                      "\"0\",\"kd\",\"sm__cycles_active.sum\",\"cycle\",\"1,000\"\n"
                                      "\"1\",\"kd\",\"" IPC "\",\"inst/cycle\",\"0.5\"\n"
                                      "\"1\",\"kd\",\"sm__inst_executed.sum\",\"inst\",\"n/a\"\n"
                                      "\"1\",\"kd\",\"sm__cycles_active.sum\",\"cycle\",\"1,000\"\n";
    struct str_list m = {0};
    struct xc_side side;
    assert_int_equal(xc_metrics_add_list(&m, DRAM "," IPC), 0);
    xc_side_init(&side, m.n);
    char path[1024];
    scratch_write(f->dir, "ncu.csv", text, path, sizeof path);
    const char *variants[] = {"kd", "kd"};
    size_t samples;
    assert_int_equal(xc_read_ncu(path, variants, 2, &f->shape, &m, &side, &samples, f->err, sizeof f->err), 0);
    struct xc_series *kd = xc_side_find(&side, "kd", &f->shape);
    assert_non_null(kd);
    assert_int_equal(kd->nvalues[1], 2);
    assert_true(kd->values[1][0] == 0.875); /* from the counters */
    assert_true(kd->values[1][1] == 0.5);   /* a counter is n/a: the print */
    assert_int_equal(kd->nvalues[0], 0);    /* the terms add no metric to the comparison */
    xc_side_free(&side);
    str_list_free(&m);
#undef IPC
}

static void ncu_damaged(void **state)
{
    struct fixture *f = *state;
    const char *variants[] = {"ka", "kb", "kc"};
    size_t samples;
    /* 4 flushes cannot be placements of 3 variants */
    assert_int_equal(read_ncu(f, ncu_two_placements, variants, 3, &samples), -1);
    assert_non_null(strstr(f->err, "holds 4 flush kernels, not a whole number of placements of the 3"));
    /* no Metric Value column: the header (line 2, after a note) is named */
    assert_int_equal(read_ncu(f, "==PROF== note\n\"ID\",\"Kernel Name\",\"Metric Name\"\n\"0\",\"k\",\"m\"\n",
                              variants, 1, &samples),
                     -1);
    assert_non_null(strstr(f->err, "ncu.csv line 2: no 'Metric Value' column"));
    assert_non_null(strstr(f->err, "--print-units base"));
    /* a value in a scaled unit */
    assert_int_equal(read_ncu(f, HEADER "\"0\",\"k\",\"" DRAM "\",\"Kbyte\",\"1.5\"\n", variants, 1, &samples), -1);
    assert_non_null(strstr(f->err, "ncu.csv line 2: " DRAM " is in Kbyte"));
    /* a row cut short */
    assert_int_equal(read_ncu(f, HEADER "\"0\",\"k\",\"" DRAM "\"\n", variants, 1, &samples), -1);
    assert_non_null(strstr(f->err, "ncu.csv line 2 has 3 fields, the header has 5"));
    /* no table at all */
    assert_int_equal(read_ncu(f, "==ERROR== the application failed\n", variants, 1, &samples), -1);
    assert_non_null(strstr(f->err, "holds no table"));
    assert_null(strchr(f->err, '\n'));
}

static void results_csv(void **state)
{
    struct fixture *f = *state;
    scratch_write(f->dir, "run/results.csv",
                  "variant,family,M,N,K,status,reason," DRAM " (dram_read_bytes)\n"
                  "ka,matmul,64,64,64,ok,,1000\n"
                  "kb,matmul,64,64,64,skipped,\"too big, for this device\",\n"
                  "tr,transpose,64,64,0,ok,,8\n",
                  NULL, 0);
    char run[512];
    snprintf(run, sizeof run, "%s/run", f->dir);
    struct xc_statuses st = {0};
    struct run_view v;
    assert_int_equal(run_view_load(run, RUN_VIEW_RESULTS, &v, f->err, sizeof f->err), 0);
    assert_int_equal(xc_read_run(&v, &f->m, &f->side, &st, f->err, sizeof f->err), 0);
    assert_int_equal(st.n, 3);
    assert_string_equal(st.s[1].status, "skipped");
    assert_string_equal(st.s[1].reason, "too big, for this device");
    struct xc_series *ka = xc_side_find(&f->side, "ka", &f->shape);
    assert_non_null(ka);
    assert_true(ka->values[0][0] == 1000); /* "name (alias)" column */
    assert_int_equal(ka->nvalues[1], 0);  /* no column: not measured */
    assert_null(xc_side_find(&f->side, "kb", &f->shape));
    assert_non_null(xc_side_match(&f->side, "tr", &f->shape)); /* a transpose (K 0) at any K */
    xc_statuses_free(&st);
    run_view_free(&v);
    scratch_write(f->dir, "run/results.csv", "variant,family,M,N,status\nka,matmul,64,64,ok\n", NULL, 0);
    assert_int_equal(run_view_load(run, RUN_VIEW_RESULTS, &v, f->err, sizeof f->err), 2);
    assert_non_null(strstr(f->err, "results.csv line 1: no 'K' column"));
    scratch_write(f->dir, "run/results.csv", "variant,family,M,N,K,status\nka,matmul,64,x,64,ok\n", NULL, 0);
    assert_int_equal(run_view_load(run, RUN_VIEW_RESULTS, &v, f->err, sizeof f->err), 0);
    assert_int_equal(xc_read_run(&v, &f->m, &f->side, NULL, f->err, sizeof f->err), -1);
    assert_non_null(strstr(f->err, "results.csv line 2: no variant name or no whole M, N, K"));
    run_view_free(&v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ncu_split_by_flush, setup, teardown),
        cmocka_unit_test_setup_teardown(ncu_split_without_flush, setup, teardown),
        cmocka_unit_test_setup_teardown(ncu_ratio_from_counters, setup, teardown),
        cmocka_unit_test_setup_teardown(ncu_damaged, setup, teardown),
        cmocka_unit_test_setup_teardown(results_csv, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
