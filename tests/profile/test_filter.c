/* The launch filters (profile/filter.h) and what they read: kernel base names,
 * name patterns (exact or regex:), per-thread NVTX stacks with domains, and
 * --launch-skip / -c counted over the launches that pass name and NVTX. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "profile/filter.h"

static void base_names(void **state)
{
    char b[256];
    kernel_base_name("void ns::tiled<16>(float const*, float*, int)", b, sizeof b);
    assert_string_equal(b, "ns::tiled");
    kernel_base_name("my_kernel", b, sizeof b);
    assert_string_equal(b, "my_kernel");
    kernel_base_name("(anonymous namespace)::k(int)", b, sizeof b);
    assert_string_equal(b, "(anonymous namespace)::k");
    kernel_base_name("void cub::DeviceRadixSortOnesweepKernel<cub::Policy<(bool)0>, int>(int*, "
                     "int const*)",
                     b, sizeof b);
    assert_string_equal(b, "cub::DeviceRadixSortOnesweepKernel");
    kernel_base_name("", b, sizeof b);
    assert_string_equal(b, "");
}

static void name_patterns(void **state)
{
    struct kernel_pattern p;
    char why[256];
    const char *dm = "void tiled<16>(float const*, float*, int)";
    assert_int_equal(kernel_pattern_compile(&p, "tiled", why, sizeof why), 0);
    assert_true(kernel_pattern_match(&p, "_Z5tiledILi16EEvPKfPfi", dm));
    assert_false(kernel_pattern_match(&p, "_Z5tiledILi16EEvPKfPfi", "void tiled_db<16>(int)"));
    kernel_pattern_free(&p);
    /* the mangled name and the whole demangled name match too */
    assert_int_equal(kernel_pattern_compile(&p, "_Z5tiledILi16EEvPKfPfi", why, sizeof why), 0);
    assert_true(kernel_pattern_match(&p, "_Z5tiledILi16EEvPKfPfi", dm));
    kernel_pattern_free(&p);
    assert_int_equal(kernel_pattern_compile(&p, "regex:tiled<(8|16)>", why, sizeof why), 0);
    assert_true(kernel_pattern_match(&p, "x", dm));
    assert_false(kernel_pattern_match(&p, "x", "void tiled<32>(int)"));
    kernel_pattern_free(&p);
    assert_int_equal(kernel_pattern_compile(&p, "regex:(", why, sizeof why), 2);
    assert_non_null(strstr(why, "bad regular expression"));
    /* stacked repetitions: glibc's regcomp takes gigabytes for a run of them */
    assert_int_equal(kernel_pattern_compile(&p, "regex:T=1++++++++++++++++++++++++++6", why, sizeof why), 2);
    assert_non_null(strstr(why, "repeats another"));
    assert_int_equal(kernel_pattern_compile(&p, "regex:a*{2}", why, sizeof why), 2);
    /* escaped, bracketed or separated repetitions are fine */
    assert_int_equal(kernel_pattern_compile(&p, "regex:a\\++[+*]+(b+)+x{1,2}?", why, sizeof why), 2);
    assert_int_equal(kernel_pattern_compile(&p, "regex:a\\++[+*]+(b+)+c", why, sizeof why), 0);
    assert_true(kernel_pattern_match(&p, "x", "a++bbc"));
    kernel_pattern_free(&p);
}

static struct nvtx_stack stack;

static void nvtx_stack_domains(void **state)
{
    memset(&stack, 0, sizeof stack);
    char path[256];
    nvtx_stack_push(&stack, NULL, "solve");
    nvtx_stack_push(&stack, "mmprof", "kind=tiled T=16 M=8 N=8 K=8");
    nvtx_stack_push(&stack, NULL, "gemm");
    nvtx_stack_path(&stack, NULL, path, sizeof path);
    assert_string_equal(path, "solve/gemm");
    assert_string_equal(nvtx_stack_top(&stack, "mmprof"), "kind=tiled T=16 M=8 N=8 K=8");
    nvtx_stack_pop(&stack, "mmprof"); /* pops its own domain's range, not gemm */
    assert_null(nvtx_stack_top(&stack, "mmprof"));
    assert_string_equal(nvtx_stack_top(&stack, NULL), "gemm");
    nvtx_stack_pop(&stack, NULL);
    nvtx_stack_pop(&stack, NULL);
    nvtx_stack_pop(&stack, NULL); /* one pop too many: nothing */
    assert_int_equal(stack.depth, 0);
    /* deeper than stored: counted, popped without touching the stored ones */
    for (int i = 0; i < NVTX_STACK_MAX + 3; i++)
        nvtx_stack_push(&stack, NULL, "r");
    for (int i = 0; i < 3; i++)
        nvtx_stack_pop(&stack, NULL);
    assert_int_equal(stack.depth, NVTX_STACK_MAX);
}

static void nvtx_include(void **state)
{
    struct profile_filter f;
    char why[256];
    filter_init(&f);
    memset(&stack, 0, sizeof stack);
    assert_int_equal(filter_add_nvtx(&f, "solve/gemm/", why, sizeof why), 0);
    assert_int_equal(filter_add_nvtx(&f, "lib@*/inner/", why, sizeof why), 0);
    assert_int_equal(filter_add_nvtx(&f, "solve", why, sizeof why), 2);
    assert_int_equal(filter_add_nvtx(&f, "@x/", why, sizeof why), 2);
    assert_int_equal(filter_add_nvtx(&f, "a//", why, sizeof why), 2);
    nvtx_stack_push(&stack, NULL, "setup");
    nvtx_stack_push(&stack, NULL, "gemm");
    assert_false(filter_nvtx_match(&f.nvtx[0], &stack)); /* names compared, not counted */
    nvtx_stack_pop(&stack, NULL);
    nvtx_stack_pop(&stack, NULL);
    nvtx_stack_push(&stack, NULL, "solve");
    assert_false(filter_nvtx_match(&f.nvtx[0], &stack));
    nvtx_stack_push(&stack, NULL, "gemm");
    assert_true(filter_nvtx_match(&f.nvtx[0], &stack));
    nvtx_stack_push(&stack, NULL, "deeper"); /* still inside solve/gemm */
    assert_true(filter_nvtx_match(&f.nvtx[0], &stack));
    /* the domain's ranges only; `*` needs at least one range before inner */
    assert_false(filter_nvtx_match(&f.nvtx[1], &stack));
    nvtx_stack_push(&stack, "lib", "inner");
    assert_false(filter_nvtx_match(&f.nvtx[1], &stack));
    nvtx_stack_pop(&stack, "lib");
    nvtx_stack_push(&stack, "lib", "outer");
    nvtx_stack_push(&stack, "lib", "mid");
    nvtx_stack_push(&stack, "lib", "inner");
    assert_true(filter_nvtx_match(&f.nvtx[1], &stack));
    filter_free(&f);
}

static void skip_and_count(void **state)
{
    struct profile_filter f;
    char why[256];
    const unsigned grid[3] = {8, 1, 1}, block[3] = {256, 1, 1};
    filter_init(&f);
    assert_int_equal(f.launch_count, FILTER_LAUNCH_COUNT_DEFAULT);
    assert_int_equal(f.per_kernel, FILTER_PER_KERNEL_DEFAULT);
    memset(&stack, 0, sizeof stack);
    assert_int_equal(filter_set_name(&f, "k", why, sizeof why), 0);
    f.per_kernel = 0; /* every launch */
    f.launch_skip = 2;
    f.launch_count = 3;
    enum filter_verdict want[] = {FILTER_SKIPPED, FILTER_SKIPPED, FILTER_PROFILE, FILTER_PROFILE,
                                  FILTER_PROFILE, FILTER_CAPPED};
    for (size_t i = 0; i < 6; i++) {
        /* launches of other kernels do not count towards skip and count */
        assert_int_equal(filter_launch(&f, "o", "void other(int)", grid, block, &stack), FILTER_OTHER_NAME);
        assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", grid, block, &stack), want[i]);
    }
    f.launch_count = 0; /* no cap */
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", grid, block, &stack), FILTER_PROFILE);
    assert_int_equal(filter_add_nvtx(&f, "phase/", why, sizeof why), 0);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", grid, block, &stack), FILTER_OTHER_NVTX);
    assert_string_equal(filter_verdict_name(FILTER_CAPPED), "capped");
    assert_int_equal(filter_set_name(&f, "", why, sizeof why), 2);
    filter_free(&f);
}

/* Each kernel (name, grid, block) at its first N launches after the skip;
 * the cap counts profiled launches only. */
static void per_kernel(void **state)
{
    struct profile_filter f;
    const unsigned g1[3] = {8, 1, 1}, g2[3] = {16, 1, 1}, block[3] = {256, 1, 1};
    filter_init(&f);
    memset(&stack, 0, sizeof stack);
    f.per_kernel = 2;
    f.launch_skip = 1;
    f.launch_count = 4;
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g1, block, &stack), FILTER_SKIPPED);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g1, block, &stack), FILTER_PROFILE);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g1, block, &stack), FILTER_PROFILE);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g1, block, &stack), FILTER_REPEAT);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g2, block, &stack), FILTER_PROFILE);
    assert_int_equal(filter_launch(&f, "_Z1ji", "j(int)", g1, block, &stack), FILTER_PROFILE);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g2, block, &stack), FILTER_CAPPED);
    assert_int_equal(filter_launch(&f, "_Z1ji", "j(int)", g1, block, &stack), FILTER_CAPPED);
    assert_int_equal(filter_launch(&f, "_Z1ki", "k(int)", g1, block, &stack), FILTER_REPEAT);
    assert_string_equal(filter_verdict_name(FILTER_REPEAT), "repeat");
    filter_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(base_names),         cmocka_unit_test(name_patterns),
        cmocka_unit_test(nvtx_stack_domains), cmocka_unit_test(nvtx_include),
        cmocka_unit_test(skip_and_count),     cmocka_unit_test(per_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
