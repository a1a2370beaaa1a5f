/* One kernel launch as the injection library sees it, and how to replay it:
 * plain data and two callbacks, so that everything after the CUPTI callback
 * (filter, counters, row) runs the same under the fake CUPTI in the tests.
 * Host C only. */
#ifndef MMPROF_PROFILE_LAUNCH_H
#define MMPROF_PROFILE_LAUNCH_H

#include "profile/nvtx_stack.h"

struct launch_desc {
    const char *mangled;   /* CUPTI's symbolName */
    const char *demangled; /* the same when it does not demangle */
    unsigned grid[3], block[3];
    int regs_per_thread;
    long smem_bytes;       /* per block: static + dynamic */
    long local_bytes_per_thread;
    int blocks_per_sm;                /* occupancy API; 0 when not known */
    double theoretical_occupancy_pct; /* NaN when not known */
    const char *limiter;              /* threads|registers|shared|blocks; NULL or "" when not known */
    unsigned long long stream_id;
    int device;            /* CUDA ordinal of the launch's context */
    unsigned long correlation; /* CUPTI's id of the launch call (a graph node: its graph launch's) */
    const struct nvtx_stack *nvtx; /* the launching thread's ranges */
};

/* The profiler's callbacks for one launch (collector/cupti/profiler.h):
 * prepare restores device memory and, with cold_l2, flushes L2, returning the
 * kernels it launched (the flush's, whose ranges are dropped) or -1; work
 * launches the kernel once more exactly as the app did and waits, returning
 * 1 or -1. */
struct launch_ops {
    int (*prepare)(void *ctx, int cold_l2);
    int (*work)(void *ctx);
    void *ctx;
};

#endif
