/* A profiled launch's facts (profile/inject/launch_facts.h) against a
 * stand-in driver defined here: the attributes of a CUfunction, of a
 * CUkernel passed as one (the runtime's launches), none of an unknown
 * handle; the occupancy, its limiter and a failed occupancy query. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "profile/inject/launch_facts.h"

/* One kernel of 40 registers, 2 KiB static shared memory and 16 bytes of
 * local memory per thread, on an H100's SM limits. */
static int func_obj, kernel_obj;
#define FUNC ((CUfunction)&func_obj)
#define KERNEL ((CUkernel)&kernel_obj)
static int occupancy_fails;
static CUfunction occupancy_asked_of;

CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc)
{
    if (hfunc != FUNC)
        return CUDA_ERROR_INVALID_HANDLE;
    *pi = attrib == CU_FUNC_ATTRIBUTE_NUM_REGS ? 40 : attrib == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES ? 2048 : 16;
    return CUDA_SUCCESS;
}

CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel)
{
    if (kernel != KERNEL)
        return CUDA_ERROR_INVALID_HANDLE;
    *pFunc = FUNC;
    return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device)
{
    *device = 0;
    return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev)
{
    (void)dev;
    switch (attrib) {
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: *pi = 2048; break;
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR: *pi = 65536; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR: *pi = 32; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR: *pi = 233472; break;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func, int blockSize,
                                                     size_t dynamicSMemSize)
{
    (void)blockSize;
    (void)dynamicSMemSize;
    occupancy_asked_of = func;
    if (occupancy_fails)
        return CUDA_ERROR_INVALID_VALUE;
    *numBlocks = 6; /* 40 x 32 registers a warp, 8 warps: 65536 / 10240 */
    return CUDA_SUCCESS;
}

static const unsigned block_256[3] = {16, 16, 1};

static void assert_h100_facts(const struct launch_facts *f)
{
    assert_int_equal(f->regs_per_thread, 40);
    assert_int_equal(f->static_smem_bytes, 2048);
    assert_int_equal(f->dynamic_smem_bytes, 1024);
    assert_int_equal(f->local_bytes_per_thread, 16);
    assert_int_equal(f->blocks_per_sm, 6);
    assert_string_equal(f->limiter, "registers");
    assert_true(fabs(f->theoretical_occupancy_pct - 75.0) < 1e-9); /* 6 x 256 of 2048 threads */
    assert_ptr_equal(occupancy_asked_of, FUNC);
}

static void a_function(void **state)
{
    (void)state;
    struct launch_facts f;
    occupancy_fails = 0;
    assert_int_equal(launch_facts_read(FUNC, block_256, 1024, &f), 0);
    assert_h100_facts(&f);
}

static void a_kernel_passed_as_a_function(void **state)
{
    (void)state;
    struct launch_facts f;
    occupancy_fails = 0;
    occupancy_asked_of = NULL;
    assert_int_equal(launch_facts_read((CUfunction)KERNEL, block_256, 1024, &f), 0);
    assert_h100_facts(&f); /* read from its function in the context, occupancy asked of that function */
}

static void an_unknown_handle(void **state)
{
    (void)state;
    struct launch_facts f;
    static int other;
    assert_int_equal(launch_facts_read((CUfunction)&other, block_256, 512, &f), -1);
    assert_int_equal(f.regs_per_thread, 0);
    assert_int_equal(f.dynamic_smem_bytes, 512);
    assert_int_equal(f.blocks_per_sm, 0);
    assert_true(isnan(f.theoretical_occupancy_pct));
    assert_string_equal(f.limiter, "");
}

static void occupancy_query_fails(void **state)
{
    (void)state;
    struct launch_facts f;
    occupancy_fails = 1;
    assert_int_equal(launch_facts_read(FUNC, block_256, 0, &f), 0);
    assert_int_equal(f.regs_per_thread, 40); /* the attributes stand */
    assert_int_equal(f.blocks_per_sm, 0);
    assert_true(isnan(f.theoretical_occupancy_pct));
    assert_string_equal(f.limiter, "");
    occupancy_fails = 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_function),
        cmocka_unit_test(a_kernel_passed_as_a_function),
        cmocka_unit_test(an_unknown_handle),
        cmocka_unit_test(occupancy_query_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
