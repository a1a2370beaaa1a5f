/* State of one collect, shared by collect.c (setup, run directory) and
 * collect_loop.c (the work items). Private to collector/. */
#ifndef MMPROF_COLLECT_LOOP_H
#define MMPROF_COLLECT_LOOP_H

#include <cjson/cJSON.h>
#include <signal.h>
#include <stdio.h>

#include "collector/collect.h"
#include "collector/counters.h"
#include "collector/device.h"
#include "collector/l2_flush.h"
#include "collector/local_memory.h"
#include "collector/cupti/pc_sampling.h"
#include "collector/progress.h"
#include "rundir/plan.h"
#include "rundir/replay.h"
#include "rundir/run_create.h"
#include "rundir/run_json.h"

struct run {
    const struct collect_options *opt; /* &opt_own */
    struct collect_options opt_own;    /* the caller's, as restricted mode adjusts them */
    struct device_info dev;
    struct run_record meta;
    char dir[4096];
    FILE *results;
    FILE *samples; /* samples.csv */
    struct counters *counters;
    struct pcs_session *pcs; /* --source: PC sampling, NULL when off or refused */
    FILE *source;            /* source.csv, with --source */
    struct l2_flush_buf source_flush; /* L2 emptied before each sampled launch, as ncu's */
    int source_flush_ready;
    struct replay *replay; /* test backend instead of the GPU */
    struct plan plan;
    struct progress progress;
    double t0_ms;
    cJSON *ceilings;
    cJSON *datasheet;
    void *offset_buf; /* --buffer-offset-mb, held for the whole run */
    struct local_memory local; /* its --local-memory-offset-mb held for the whole run too */
    size_t profiler_held_bytes; /* device memory the profiler's open took (counted in that offset) */
    int context_lost; /* a kernel faulted: no more CUDA or CUPTI work in this process */
};

extern volatile sig_atomic_t collect_stop_requested;

/* Runs every item of r->plan that belongs to this shard and is not done.
 * Returns 0, or -1 when the run must stop (CUDA context lost, disk full). */
int collect_items(struct run *r);

#endif
