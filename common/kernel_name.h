/* A kernel's demangled name as a person reads it, and the one both tools'
 * demanglings of a kernel share: no "void ", no parameter list, no
 * namespaces or classes, template arguments as "<...>"
 * ("void cub::detail::DeviceRadixSortOnesweepKernel<...>(int*, ...)" ->
 * "DeviceRadixSortOnesweepKernel<...>"). */
#ifndef MMPROF_COMMON_KERNEL_NAME_H
#define MMPROF_COMMON_KERNEL_NAME_H

#include <stddef.h>

/* The short name of demangled into out (cut to len - 1 bytes); returns out.
 * It ends at the parameter list, or at a ';' (a name inside a params cell). */
char *kernel_short_name(const char *demangled, char *out, size_t len);

#endif
