/* mmprof collect: verify, time and count every selected variant x size. */
#ifndef MMPROF_COLLECT_H
#define MMPROF_COLLECT_H

#include <stddef.h>
#include <stdint.h>

#include "collector/timing.h"
#include "model/registry.h"

struct collect_options {
    const struct variant **variants;
    size_t nvariants;
    const struct shape *shapes; /* matmul M,N,K; transposes use M rows x N cols */
    size_t nshapes;
    struct timing_options timing;
    uint64_t seed;
    const char *out_dir; /* NULL = results/<time>-<gpu> */
    int device;
    int profile;     /* collect hardware counters */
    int source;      /* --source: PC sampling of each kernel, source.csv */
    int require_counters; /* --require counters: no counters is an error, not a timing-only run */
    int ceilings;    /* measure the empirical ceilings first */
    int time_kernels; /* 0 with --profile-only */
    const char *metrics_spec;
    const char *add_metrics_spec;
    int one_config_image; /* --one-config-image: CUPTI splits one image over passes */
    long buffer_offset_mib; /* --buffer-offset-mb: allocated before any workload buffer */
    long local_memory_offset_mib; /* --local-memory-offset-mb: allocated before the local memory */
    long settle_cap_ms;     /* --settle-ms: the most to wait after each range's L2 flush */
    const char *command_line;
    double cpu_limit_s; /* skip cpu_blas where its predicted time exceeds this */
    int shard_index, shard_count; /* run only shard_index (0-based) of shard_count */
    int cpu_alone;                /* --cpu-alone: the last shard holds the CPU rows alone (plan_shard) */
    const char *resume_dir;       /* complete this run instead of starting one */
    const char *replay_dir;       /* test backend: copy rows from this run (no GPU) */
    double replay_delay_ms;       /* test backend: pause per row, to be killed mid-run */
    int argc;                     /* collect's own arguments, stored in run.json for --resume */
    char **argv;
};

/* Runs the collection; returns the process exit code (0, 1 or 2). */
int collect_run(const struct collect_options *o);

#endif
