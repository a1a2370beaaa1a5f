/* The CUDA errors that lose the context, by name (common/cuda_sticky.c): the
 * collector's check of a cudaError_t and the replay backend's reading of a
 * recorded reason must agree. Needs the CUDA runtime's names, not a GPU. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "collector/cuda_check.h"
#include "common/cuda_sticky.h"

static void codes_by_name(void **state)
{
    (void)state;
    const cudaError_t sticky[] = {cudaErrorIllegalAddress, cudaErrorLaunchFailure, cudaErrorMisalignedAddress,
                                  cudaErrorIllegalInstruction, cudaErrorHardwareStackError, cudaErrorInvalidPc,
                                  cudaErrorAssert, cudaErrorLaunchTimeout, cudaErrorECCUncorrectable};
    for (size_t i = 0; i < sizeof sticky / sizeof sticky[0]; i++)
        assert_true(cuda_error_is_sticky(sticky[i]));
    const cudaError_t not_sticky[] = {cudaSuccess, cudaErrorMemoryAllocation, cudaErrorInvalidValue,
                                      cudaErrorLaunchOutOfResources, cudaErrorNoDevice};
    for (size_t i = 0; i < sizeof not_sticky / sizeof not_sticky[0]; i++)
        assert_false(cuda_error_is_sticky(not_sticky[i]));
}

static void names_in_a_reason(void **state)
{
    (void)state;
    assert_string_equal(cuda_sticky_error_in("launch failed: an illegal memory access was encountered "
                                             "(cudaErrorIllegalAddress)"),
                        "cudaErrorIllegalAddress");
    assert_string_equal(cuda_sticky_error_in("cudaErrorLaunchFailure"), "cudaErrorLaunchFailure");
    assert_null(cuda_sticky_error_in("launch failed: too many resources requested (cudaErrorLaunchOutOfResources)"));
    assert_null(cuda_sticky_error_in("cudaErrorLaunchFailureX")); /* whole names only */
    assert_null(cuda_sticky_error_in(""));
    assert_null(cuda_sticky_error_in(NULL));
    assert_false(cuda_error_name_is_sticky(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(codes_by_name),
        cmocka_unit_test(names_in_a_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
