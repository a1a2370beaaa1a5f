/* A fake CUPTI/CUDA boundary for the profiler's CPU tests: it answers like a
 * GPU machine (one GH100, a few passes) unless told to fail a named call with a
 * chosen CUPTI error code, and it records how it was used. */
#ifndef MMPROF_TESTS_FAKE_CUPTI_H
#define MMPROF_TESTS_FAKE_CUPTI_H

#include <stddef.h>

#include "collector/profiler/cupti_api.h"

#define FAKE_MAX_VALUES 16
#define FAKE_MAX_RANGES 8

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
    size_t dropped;                 /* DecodeData's numOfRangeDropped */
    const char *range_name;         /* if set: the range name the counter data reports */
    const char *eval_fail_metric;   /* EvaluateToGpuValues fails for this name */
    struct fake_value values[FAKE_MAX_VALUES]; /* evaluated values; others are 0 */
    size_t nvalues;

    /* --- what the fake saw --- */
    size_t cuda_calls, cupti_calls;
    int initialized;                /* live cuptiProfilerInitialize */
    int host_objects;               /* live host objects */
    int enabled;                    /* live Range Profiler objects */
    int range_open, started;
    size_t enables, disables, set_configs, counter_data_inits;
    size_t starts, stops, pushes, pops, session_passes;
    size_t add_metrics_calls, metrics_added, last_added;
    size_t config_passes;           /* passes of the config last set */
    size_t counter_data_sized;      /* GetCounterDataSize's last answer */
    size_t prepare_calls, work_calls, prepare_in_range, work_outside_range;
    char last_range[128];
    char session_range[FAKE_MAX_RANGES][128]; /* ranges pushed in the replay's first pass */
    size_t session_ranges;
    size_t max_ranges_per_pass;     /* SetConfig's */
    double per_range_step;          /* evaluated value + this x range index */
    size_t fail_seen;               /* calls of fail_call so far */
};

extern struct fake_state fake;
extern const struct cupti_api fake_api;

/* Defaults: one device, chip GH100, supported, 3 passes, nothing failing. */
void fake_reset(void);
void fake_set_value(const char *name, double value);
/* Test callbacks for profiler_measure: count calls and check range state.
 * ctx points to an int: the 1-based pass on which the callback fails (0 = never). */
int fake_prepare(void *ctx);
int fake_work(void *ctx);

#endif
