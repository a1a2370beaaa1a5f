/* Local memory (register spills, stack frames) is one reservation per context,
 * sized for the largest per-thread frame launched so far: the driver grows it
 * at the first launch of a kernel whose frame exceeds it (1024 bytes a thread
 * by default), wherever device memory is free at that moment, and never
 * shrinks it. Which variant launched first, and what the process had allocated
 * by then, would decide where a spilling kernel's local memory sits and how
 * often its lines evict A and B from L2: under ncu, rt_b16_24x24's DRAM reads
 * at 2048^3 were 34 MB in some processes and 50 MB in others, the same within
 * each (git e2353c2:examples/ncu-crosscheck-h200). Reserving the largest frame first, before
 * any other allocation, puts it in the same place in every process, collect's
 * and launch's alike, and gives every kernel of the process the same per-thread
 * stride from its first launch on. Where it sits matters as much as where the
 * buffers do (rt_b16_24x24 at 4099x5001x255, H200: 0 to 4 GiB allocated before
 * the reservation gave 1.18e7 to 1.29e7 cycles, 1.97 to 2.74 GB of DRAM
 * reads), yet moving it with the --buffer-offset-mb placement (offset first)
 * spread those DRAM reads over five placements by 36 % instead of 7 %, and its
 * cycles stayed 2.2-2.8 % below ncu's (3.4-3.6 % before, another H200): it
 * stays first. And nothing may load before it: reading the frames loads the
 * kernels' code (lazy loading), so they are read in a scratch context,
 * destroyed before the reservation (local_memory.c has the figures). */
#ifndef MMPROF_LOCAL_MEMORY_H
#define MMPROF_LOCAL_MEMORY_H

#include <stddef.h>

#include "collector/device.h"
#include "model/registry.h"

struct local_memory {
    size_t per_thread_bytes; /* the stack limit in force after the reservation */
    size_t in_use_bytes;     /* device memory in use before the offset and the reservation */
    long padding_mib;        /* what was allocated for the offset: offset_mib less held_bytes */
    void *offset_buf;        /* padding_mib MiB held for the run (local_memory_release) */
};

/* Raises the per-thread stack limit to the largest local memory of the
 * variants' kernels at their shapes (pairs vs[i], shapes[i]; variants that are
 * no kernel of ours, or that cannot launch on d, do not count; read in a
 * context of its own, so that the run's context loads no code before the
 * reservation), which makes the driver reserve it now, after offset_mib MiB
 * held first (0: none). A profiler that holds device memory of its own in the
 * process moves the reservation, and spilling kernels follow it
 * (docs/fidelity.md): ncu 2025.3.1 holds 138 MiB on an H200, and collect with
 * an offset of 138 MiB reads what ncu reads (rt_b16_24x24 at 2999x4001x127:
 * DRAM reads 2.01-2.03e8 bytes, ncu 1.95-2.03e8; 1.35e8 and 1.50e8 at 136
 * and 140 MiB). held_bytes: what the caller's own profiler, opened before,
 * holds already; it counts in offset_mib, so that collect's reservation and
 * buffers sit where launch's do under ncu. 0; -1 with why set, or
 * LOCAL_MEMORY_BAD_OFFSET when the offset cannot be allocated (bad input);
 * release lm either way. */
#define LOCAL_MEMORY_BAD_OFFSET (-2)
int local_memory_reserve(const struct variant *const *vs, const struct shape *shapes, size_t n,
                         const struct device_info *d, long offset_mib, size_t held_bytes, struct local_memory *lm,
                         char *why, size_t why_len);
void local_memory_release(struct local_memory *lm);

#endif
