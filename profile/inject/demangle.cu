/* demangle.h over abi::__cxa_demangle: a .cu file because the demangler is
 * the C++ runtime's (host code only). */
#include "profile/inject/demangle.h"

#include <cxxabi.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" void demangle(const char *mangled, char *out, size_t out_len)
{
    int status = -1;
    char *d = abi::__cxa_demangle(mangled, NULL, NULL, &status);
    snprintf(out, out_len, "%s", status == 0 && d ? d : mangled);
    free(d);
}
