/* A kernel's demangled name (the C++ ABI's demangler; demangle.cu). */
#ifndef MMPROF_PROFILE_INJECT_DEMANGLE_H
#define MMPROF_PROFILE_INJECT_DEMANGLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The demangled name into out, or the name itself when it is not a mangled
 * C++ name (an extern "C" kernel). */
void demangle(const char *mangled, char *out, size_t out_len);

#ifdef __cplusplus
}
#endif

#endif
