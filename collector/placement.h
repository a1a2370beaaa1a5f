/* --buffer-offset-mb: device memory allocated before a workload's buffers so
 * that they land elsewhere in physical memory. DRAM and L2 totals of kernels
 * whose working set is close to the L2 size depend on where their buffers sit
 * (docs/fidelity.md, "Why each class has its limit"): a comparison of such
 * totals between two tools is only fair over several placements. */
#ifndef MMPROF_PLACEMENT_H
#define MMPROF_PLACEMENT_H

#include <stddef.h>

#define PLACEMENT_OFFSET_MAX_MIB 65536L

/* Allocates offset_mib MiB (nothing for 0) into *held; the error names
 * option. 0, or -1 with why set. */
int placement_offset_alloc(const char *option, long offset_mib, void **held, char *why, size_t why_len);

/* Device memory in use on the current device (total less free), 0 when it
 * cannot be read. */
size_t placement_in_use_bytes(void);

/* An offset that stands for a profiler's memory in the process (ncu's) when
 * mmprof's own profiler holds own_bytes of it already: what is left to
 * allocate, in whole MiB, at least 0. */
long placement_padding_mib(long offset_mib, size_t own_bytes);

#endif
