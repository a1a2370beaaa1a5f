/* The report's section on the top rung: the fastest own matmul beside the
 * vendor library's at each size, on copies of the committed H100 run and of
 * the fixture (no library row). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "run_dir.h"

#define assert_has(text, part)                                                                                     \
    do {                                                                                                           \
        if (!strstr((text), (part)))                                                                               \
            fail_msg("expected to find:\n%s\n--- in:\n%.600s", (part), (text));                                   \
    } while (0)

/* The top rung against cuBLAS on the committed H100 run: at each size the
 * fastest own matmul beside it with the counters that explain the gap,
 * worse ones first; made faster than cuBLAS (its time scaled), `best` leads
 * and the section says where it is ahead. On the committed profile run, the
 * app's declared matmul beside cuBLAS's kernel of the same FP32 work. A run
 * without a library row (the fixture) has no such section. */
static void versus_section(void **state)
{
    char dir[64];
    struct captured c;
    run_copy(EXAMPLE, dir, sizeof dir);
    char *md = report_md(dir, &c);
    const char *at = strstr(md, "## The top rung against the vendor library");
    assert_non_null(at);
    assert_true(at > strstr(md, "## Findings"));
    assert_has(at, "### 1024x1024x1024: `rt_b16_4x4` beside `cublas`");
    assert_has(at, "### 2048x2048x2048: `best` beside `cublas`\n\n`best`, the fastest of this run's own matmuls at "
                   "2048x2048x2048, runs at **0.893** of `cublas`'s speed (384.1 µs against 342.9 µs median;");
    assert_has(at, "| counter | `best` | `cublas` | ours ÷ library |");
    assert_has(at, "| shared wavefronts per warp FFMA | 0.1562 | 0.09486 | ⚠ 1.65× |");
    assert_has(at, "| registers / thread | 231 | not known (a library call) | — |");
    assert_has(at, "Where `best` loses to `cublas`, furthest first:\n\n- shared wavefronts per warp FFMA: 0.1562 "
                   "against 0.09486 (1.65×)");
    assert_has(at, "Where `best` is ahead of `cublas`:\n\n- global load requests: 1.57 M against 3.15 M (0.500×).");
    free(md);
    captured_free(&c);

    csv_scale(dir, "best", 2048, "runtime_ms", 0.5);
    md = report_md(dir, &c);
    assert_has(md, "runs at **1.786** of `cublas`'s speed");
    free(md);
    captured_free(&c);
    run_remove(dir);

    /* an app's declared matmul beside cuBLAS's kernel of the same executed FLOPs */
    run_copy(MMPROF_SOURCE_DIR "/examples/profile-h200", dir, sizeof dir);
    md = report_md(dir, &c);
    at = strstr(md, "## The top rung against the vendor library");
    assert_non_null(at);
    assert_has(at, "### 1024x1024x1024: `tiled_t16` beside `sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesi...`");
    assert_has(at, "runs at **0.231** of `sm80_xmma_gemm");
    assert_has(at, "| blocks | 4096 | 128 | — |");
    assert_has(at, "Where `tiled_t16` loses to `sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesi...`, furthest first:\n\n"
                   "- shared wavefronts per warp FFMA: 1.635 against 0.1895 (8.63×)");
    const char *end = strstr(at, "<a id=\"next\">"), *second = strstr(strstr(at, "### ") + 4, "### ");
    assert_true(end && (!second || second > end)); /* one pair: no other kernel does that work */
    free(md);
    captured_free(&c);
    /* the same kernel named as the app's own ("my_gemm"): not a library's, no section */
    assert_true(text_replace_all(dir, "results.csv", "sm80_xmma_gemm", "my_gemm") > 0);
    md = report_md(dir, &c);
    assert_null(strstr(md, "## The top rung"));
    free(md);
    captured_free(&c);
    run_remove(dir);

    run_copy(FIXTURE, dir, sizeof dir);
    md = report_md(dir, &c);
    assert_null(strstr(md, "## The top rung"));
    free(md);
    captured_free(&c);
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(versus_section),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
