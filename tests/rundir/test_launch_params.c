/* rundir/launch_params.c: a profile row's params written and read back, the
 * launch's unprofiled duration added, an NVTX path that looks like a field,
 * and cells that are not a launch's refused. Host only. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "rundir/launch_params.h"

static void written_and_read_back(void **state)
{
    (void)state;
    char cell[512], timed[600];
    const unsigned grid[3] = {64, 64, 1}, block[3] = {16, 16, 1};
    assert_int_equal(launch_params_format(cell, sizeof cell, "void k<int; 2>(float*)", 4754, 12, grid, block, 7,
                                          "step/inner"),
                     0);
    assert_string_equal(cell, "kernel=void k<int; 2>(float*);pid=4754;launch=12;grid=64,64,1;block=16,16,1;stream=7;"
                              "nvtx=step/inner");
    struct launch_params p;
    assert_int_equal(launch_params_read(cell, &p), 0);
    assert_int_equal(p.kernel_len, strlen("void k<int; 2>(float*)"));
    assert_memory_equal(p.kernel, "void k<int; 2>(float*)", p.kernel_len);
    assert_int_equal(p.pid, 4754);
    assert_int_equal(p.launch, 12);
    assert_int_equal(p.grid[1], 64);
    assert_int_equal(p.block[0], 16);
    assert_true(p.stream == 7);
    assert_int_equal(p.nvtx_len, strlen("step/inner"));
    assert_true(isnan(p.gpu_ms));

    assert_int_equal(launch_params_add_gpu_ms(timed, sizeof timed, cell, 0.064352), 0);
    assert_int_equal(launch_params_read(timed, &p), 0);
    assert_true(fabs(p.gpu_ms - 0.064352) < 1e-12);
    assert_int_equal(p.nvtx_len, strlen("step/inner"));
    assert_int_equal(launch_params_add_gpu_ms(timed, 20, cell, 1.0), -1); /* does not fit */
}

static void nvtx_named_like_a_field(void **state)
{
    (void)state;
    struct launch_params p;
    const char *cell = "kernel=k;pid=1;launch=2;grid=1,1,1;block=1,1,1;stream=0;nvtx=a;gpu_ms=9;gpu_ms=0.5";
    assert_int_equal(launch_params_read(cell, &p), 0);
    assert_true(p.gpu_ms == 0.5);
    assert_int_equal(p.nvtx_len, strlen("a;gpu_ms=9"));
}

static void other_cells_refused(void **state)
{
    (void)state;
    struct launch_params p;
    assert_int_equal(launch_params_read("bs=32;rx=1;ry=1", &p), -1);
    assert_int_equal(launch_params_read("kernel=k;launch=1", &p), -1); /* no pid */
    assert_int_equal(launch_params_read("kernel=k;pid=1", &p), -1);    /* no launch */
    assert_int_equal(launch_params_read("", &p), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(written_and_read_back),
        cmocka_unit_test(nvtx_named_like_a_field),
        cmocka_unit_test(other_cells_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
