/* Every kernel the app runs, timed on the GPU through CUPTI's activity API
 * (start and end in ns, the correlation id of the launch call, graph nodes
 * included). Serial timing (CUPTI_ACTIVITY_KIND_KERNEL) runs kernels one at
 * a time and has the command stream write each one's start and end: about
 * 2 us more than the kernel's own run, nothing inside it. Concurrent timing
 * (CONCURRENT_KERNEL) keeps kernels overlapping, and on Hopper CUPTI
 * instruments every block to time them, which slows kernels of many short
 * blocks and adds a global store (docs/profile.md). Records arrive in
 * buffers CUPTI fills and hands back on its own thread; each becomes a line
 * of activity.tsv (profile/activity_log.h). Nothing is timed on the app's
 * thread. */
#ifndef MMPROF_PROFILE_INJECT_ACTIVITY_H
#define MMPROF_PROFILE_INJECT_ACTIVITY_H

#include <stddef.h>

#include "profile/settings.h"

/* Registers the buffers and enables kernel records of that timing, writing
 * into dir/activity.tsv; 0, or -1 with why (the app then runs untimed). */
int activity_start(const char *dir, long pid, enum kernel_timing timing, char *why, size_t why_len);
/* Hands every buffer back now, partly filled ones too (at the app's exit). */
/* Kernel records off (1) while the profiler replays a launch, on again (0)
 * after: with them on, the replays' SASS-patched counters read 0. */
void activity_pause(int paused);
void activity_flush(void);

#endif
