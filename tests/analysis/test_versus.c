/* analysis/versus.c on the committed runs: the H100 ladder pairs each size's
 * fastest own matmul with cuBLAS, the profile run its declared tiled_t16
 * with cuBLAS's SGEMM kernel by executed FLOPs; the reasons come furthest
 * first, on the right side; a counter within 5 % is no reason; and `analyze
 * --findings` prints the same comparison. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/analysis.h"
#include "analysis/kernel_facts.h"
#include "analysis/roofline.h"
#include "analysis/versus.h"
#include "rundir/run_view.h"

static size_t counter_index(const char *label)
{
    size_t n;
    const struct versus_counter *k = versus_counters(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(k[i].label, label) == 0)
            return i;
    fail_msg("no counter '%s'", label);
    return 0;
}

static void load(const char *run, struct analysis *a)
{
    char err[512];
    struct run_view v;
    assert_int_equal(analysis_load(run, 0, &v, a, err, sizeof err), 0);
    run_view_free(&v);
}

static void ladder_pairs_each_size(void **state)
{
    (void)state;
    struct analysis a;
    load(MMPROF_SOURCE_DIR "/examples/seeds", &a);
    struct versus_pair p[8];
    assert_int_equal(versus_pairs(&a, p, 8), 2);
    assert_string_equal(p[0].own->variant, "rt_b16_4x4");
    assert_string_equal(p[1].own->variant, "best");
    assert_string_equal(p[1].lib->variant, "cublas");
    assert_int_equal(p[1].own->m, 2048);
    size_t shared = counter_index("shared wavefronts per warp FFMA"), ipc = counter_index("instructions issued per cycle (IPC)");
    assert_true(fabs(versus_value(shared, p[1].own) - 0.15625) < 1e-4);
    size_t worse[16], ahead[16];
    size_t nw = versus_reasons(p[1].own, p[1].lib, 1, worse, 16), na = versus_reasons(p[1].own, p[1].lib, 0, ahead, 16);
    assert_int_equal(nw, 2);
    assert_int_equal(worse[0], shared); /* 1.65x before IPC's 0.895x */
    assert_int_equal(worse[1], ipc);
    assert_int_equal(na, 2);
    assert_int_equal(ahead[0], counter_index("global load requests"));
    /* the same FP32 work, DRAM bytes within 5 %: no reason on either side */
    assert_true(versus_worse_by(counter_index("FP32 FLOPs executed"), p[1].own, p[1].lib) == 0);
    assert_true(versus_worse_by(counter_index("DRAM bytes"), p[1].own, p[1].lib) == 0);
    analysis_free(&a);
}

static void profile_pairs_by_flops(void **state)
{
    (void)state;
    struct analysis a;
    load(MMPROF_SOURCE_DIR "/examples/profile-h200", &a);
    struct versus_pair p[8];
    assert_int_equal(versus_pairs(&a, p, 8), 1);
    assert_string_equal(p[0].own->variant, "tiled_t16");
    assert_non_null(strstr(p[0].lib->variant, "sm80_xmma_gemm"));
    char name[41];
    assert_string_equal(analysis_row_name(p[0].own, name, 40), "tiled_t16");
    assert_true(strlen(analysis_row_name(p[0].lib, name, 40)) <= 40);
    analysis_free(&a);
}

/* analyze --findings prints the pairs after the kernels. */
static void findings_print_the_pairs(void **state)
{
    (void)state;
    char err[512], *text = NULL;
    size_t len = 0;
    struct run_view v;
    struct analysis a;
    struct roofline roof;
    assert_int_equal(analysis_load(MMPROF_SOURCE_DIR "/examples/seeds", RUN_VIEW_SOURCE, &v, &a, err, sizeof err), 0);
    roofline_read(v.meta.root, &roof);
    assert_int_equal(analysis_attach(&a, &v, &roof, err, sizeof err), 0);
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(analysis_print_findings(&a, &roof, f, err, sizeof err), 0);
    fclose(f);
    const char *at = strstr(text, "\nbest 2048x2048x2048 against cublas: 0.893 of its speed (0.3841 against 0.3429 ms); loses on ");
    assert_non_null(at);
    assert_true(at < strstr(text, "next steps checked against this run"));
    assert_non_null(strstr(at, "ahead on global load requests 0.5x"));
    free(text);
    analysis_free(&a);
    run_view_free(&v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ladder_pairs_each_size),
        cmocka_unit_test(profile_pairs_by_flops),
        cmocka_unit_test(findings_print_the_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
