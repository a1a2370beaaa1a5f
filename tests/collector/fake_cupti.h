/* A fake CUPTI/CUDA boundary for the profiler's CPU tests: it answers like a
 * GPU machine (one GH100, a few passes) unless told to fail a named call with a
 * chosen CUPTI error code, and it records how it was used. */
#ifndef MMPROF_TESTS_FAKE_CUPTI_H
#define MMPROF_TESTS_FAKE_CUPTI_H

#include <stddef.h>

#include "collector/cupti/cupti_api.h"

#define FAKE_MAX_VALUES 16
#define FAKE_MAX_RANGES 64

struct fake_value {
    const char *name;
    double value;
};

struct fake_state {
    /* --- what the fake answers --- */
    cudaError_t device_count_error; /* cudaSuccess, or e.g. cudaErrorInsufficientDriver */
    int device_count;
    const char *fail_call;          /* api field name, e.g. "rp_enable"; NULL = none */
    CUptiResult fail_code;
    size_t fail_after;              /* calls of fail_call that succeed first */
    size_t fail_times;              /* failures before succeeding again; 0 = always */
    CUpti_Profiler_Support_Level supported, architecture, vgpu;
    const char *chip;               /* cuptiDeviceGetChipName's answer */
    const char *bad_metric;         /* GetMetricProperties rejects this name */
    size_t passes;                  /* config passes; Stop reports all submitted after them */
    size_t metrics_per_pass;        /* if not 0: a config of n metrics takes ceil(n / this) passes */
    size_t passes_reported;         /* if not 0: Stop says "all submitted" after this many */
    size_t dropped;                 /* added to DecodeData's numOfRangeDropped */
    int prepare_kernels;            /* kernels fake_prepare launches for a cold L2 (default 2, the flush's) */
    int work_kernels;               /* kernels fake_work launches (default 1) */
    int work_kernels_by_call;       /* if not 0: fake_work launches this many ... */
    size_t work_kernels_call;       /* ... in its call number this (1-based) */
    int library_kernels;            /* kernels fake_work_library launches (it says 1) */
    const char *eval_fail_metric;   /* EvaluateToGpuValues fails for this name */
    int eval_nan;                   /* EvaluateToGpuValues succeeds with NaN for every metric */
    struct fake_value values[FAKE_MAX_VALUES]; /* evaluated values; others are 0 */
    size_t nvalues;

    /* --- what the fake saw --- */
    size_t cuda_calls, cupti_calls;
    int initialized;                /* live cuptiProfilerInitialize */
    int host_objects;               /* live host objects */
    size_t host_inits;              /* host objects made in all (one per config image built) */
    int enabled;                    /* live Range Profiler objects */
    int started;
    size_t enables, disables, set_configs, counter_data_inits;
    size_t starts, stops, session_passes;
    size_t add_metrics_calls, metrics_added, last_added;
    size_t config_passes;           /* passes of the config last set */
    size_t counter_data_sized;      /* GetCounterDataSize's last answer */
    size_t prepare_calls, work_calls;
    size_t cold_prepare_calls; /* those asked for an empty L2 */
    size_t kernels_outside_pass;    /* launched while no pass was started */
    size_t session_ranges;          /* kernel ranges of the replay's first pass */
    size_t session_dropped;         /* ranges that did not fit it */
    size_t max_ranges_per_pass;     /* SetConfig's */
    int range_mode, target_nesting; /* SetConfig's range (CUPTI_AutoRange ...) and targetNestingLevel */
    double per_range_step;          /* evaluated value + this x range index */
    size_t fail_seen;               /* calls of fail_call so far */
};

extern struct fake_state fake;
extern const struct cupti_api fake_api;

/* Defaults: one device, chip GH100, supported, 3 passes, nothing failing. */
void fake_reset(void);
void fake_set_value(const char *name, double value);
/* Test callbacks for profiler_measure: count calls and launch fake kernels
 * (each a range of its own), returning how many. ctx points to an int: the
 * 1-based call on which the callback fails (0 = never; work: -1 = always). */
int fake_prepare(void *ctx, int cold_l2);
int fake_work(void *ctx);
/* A library call: launches fake.library_kernels kernels and, not knowing
 * better, says it launched one. */
int fake_work_library(void *ctx);

#endif
