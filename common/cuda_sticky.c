#include "common/cuda_sticky.h"

#include <string.h>

static const char *const sticky[] = {
    "cudaErrorIllegalAddress",      "cudaErrorLaunchFailure", "cudaErrorMisalignedAddress",
    "cudaErrorIllegalInstruction",  "cudaErrorHardwareStackError", "cudaErrorInvalidPc",
    "cudaErrorAssert",              "cudaErrorLaunchTimeout", "cudaErrorECCUncorrectable",
};

int cuda_error_name_is_sticky(const char *name)
{
    for (size_t i = 0; name && i < sizeof sticky / sizeof sticky[0]; i++)
        if (strcmp(name, sticky[i]) == 0)
            return 1;
    return 0;
}

const char *cuda_sticky_error_in(const char *text)
{
    for (size_t i = 0; text && i < sizeof sticky / sizeof sticky[0]; i++) {
        /* whole names only: "cudaErrorLaunchFailure" is not in "...FailureX" */
        size_t n = strlen(sticky[i]);
        for (const char *p = strstr(text, sticky[i]); p; p = strstr(p + 1, sticky[i]))
            if (!((p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= '0' && p[n] <= '9')))
                return sticky[i];
    }
    return NULL;
}
