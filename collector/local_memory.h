/* Local memory (register spills, stack frames) is one reservation per context,
 * sized for the largest per-thread frame launched so far: the driver grows it
 * at the first launch of a kernel whose frame exceeds it (1024 bytes a thread
 * by default), wherever device memory is free at that moment, and never
 * shrinks it. Left alone, which variant launched first and what the process
 * had allocated by then would decide where a spilling kernel's local memory
 * sits, and with it how often its lines evict A and B from L2.
 * This module reserves the largest frame of the run first, before any other
 * allocation but the placement offset: the reservation sits in the same place
 * in every process, collect's and launch's alike, and every kernel of the
 * process has the same per-thread stride from its first launch on. Nothing may
 * load before it: reading the frames loads the kernels' code (lazy loading), so
 * they are read in a scratch context, destroyed before the reservation.
 * The measurements behind each choice: docs/fidelity.md ("Where local memory
 * lands"). */
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
 * process (ncu) moves the reservation, and spilling kernels follow it: an
 * offset of as much as it holds puts collect's reservation where it lands
 * under that profiler (docs/fidelity.md). held_bytes: what the caller's own
 * profiler, opened before, holds already; it counts in offset_mib, so that
 * collect's reservation and buffers sit where launch's do under ncu. 0; -1
 * with why set, or LOCAL_MEMORY_BAD_OFFSET when the offset cannot be allocated
 * (bad input); release lm either way. */
#define LOCAL_MEMORY_BAD_OFFSET (-2)
int local_memory_reserve(const struct variant *const *vs, const struct shape *shapes, size_t n,
                         const struct device_info *d, long offset_mib, size_t held_bytes, struct local_memory *lm,
                         char *why, size_t why_len);
void local_memory_release(struct local_memory *lm);

#endif
