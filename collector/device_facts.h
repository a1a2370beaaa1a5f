/* What `mmprof profile` records of the GPU before the app starts: the device
 * the app most likely runs on (device 0 as CUDA_VISIBLE_DEVICES shows it: the
 * injection library profiles the device of each process's first profiled
 * launch), its driver and clocks, its datasheet and, unless asked not to, its
 * measured ceilings (collect's micro-benchmarks, or the same GPU's from the
 * last hour: ceilings_cache.h), and the passes the metric set takes on its
 * chip. Only measuring the ceilings makes a context, released before
 * returning, so the app has the GPU, its memory included, to itself. */
#ifndef MMPROF_COLLECTOR_DEVICE_FACTS_H
#define MMPROF_COLLECTOR_DEVICE_FACTS_H

#include <cjson/cJSON.h>
#include <stddef.h>

#include "collector/cupti/profiler.h"
#include "rundir/device_info.h"

struct device_facts_opts {
    int list_only;                     /* no counters, no roofline: nothing is read */
    int no_ceilings;                   /* the datasheet alone */
    const char *metrics;               /* the metric set ("default", a list, @FILE) */
    enum profiler_schedule schedule;   /* as the injection's profiler will schedule it */
    int needs_passes;                  /* a refusal of the metric set is an error said here */
};

struct device_facts {
    struct device_info dev;
    int found;
    char driver[64];                         /* NVML's driver version */
    int clock_before_sm_mhz, clock_before_mem_mhz; /* before the app, -1 = unknown */
    cJSON *ceilings, *datasheet;
    char chip[64];          /* CUPTI's name, "" when not known */
    size_t passes, configs; /* of the metric set on it */
};

/* Fills f (zeroed first) but for the chip and passes. 0, or 1 (EXIT_RUNTIME)
 * when device 0 cannot be released for the app, said on stderr; a missing
 * device is a warning and f->found 0. Free with device_facts_free either way. */
int device_facts(const struct device_facts_opts *o, struct device_facts *f);

/* The chip and the passes the metric set takes on it, as the injection's
 * profiler will schedule them (profiler_offline_check, the Profiler Host API:
 * host work only, so it may overlap the app's run); chip "" when CUPTI
 * refuses (the rows will say why) or no device was found. */
void device_facts_passes(const struct device_facts_opts *o, struct device_facts *f);
void device_facts_free(struct device_facts *f);

#endif
