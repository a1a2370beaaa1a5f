/* `mmprof launch`'s work: the named variants launched on buffers made and
 * verified as collect makes them, each launch between cudaProfilerStart and
 * Stop (with the L2 flush when asked), so an external tool (ncu,
 * compute-sanitizer) sees exactly the kernels mmprof measures, with as much
 * device memory in use before each buffer. */
#ifndef MMPROF_COLLECTOR_LAUNCH_RUN_H
#define MMPROF_COLLECTOR_LAUNCH_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "model/registry.h"

#define LAUNCH_MAX_OFFSETS 10
#define LAUNCH_MAX_VARIANTS 128

struct launch_opts {
    const struct variant *v[LAUNCH_MAX_VARIANTS]; /* in the order given */
    int nvariants;
    struct shape s;
    uint64_t seed;
    int seed_fresh; /* no --seed: said once the launch is sure to run */
    long count;
    long warmup; /* --warmup */
    int device;
    int l2_flush;      /* --l2-flush */
    int profile_flush; /* --profile-flush */
    long offsets_mib[LAUNCH_MAX_OFFSETS]; /* --buffer-offset-mb */
    int noffsets;
    long local_memory_offset_mib; /* --local-memory-offset-mb */
};

/* Runs every placement of o. Returns the exit code (0; 1 runtime; 2 a variant
 * that cannot launch or a bad offset), with why set when not 0. */
int launch_run(const struct launch_opts *o, char *why, size_t why_len);

#endif
