/* Everything a comparison reads: the metric list, the statuses mmprof gave
 * each variant, and the two sides' series, from the command line's run
 * directories and ncu CSVs. */
#ifndef MMPROF_XCHECK_INPUTS_H
#define MMPROF_XCHECK_INPUTS_H

#include <stddef.h>

#include "xcheck/metrics.h"
#include "xcheck/runs.h"
#include "xcheck/series.h"

/* A list of command-line values, each possibly "a,b,c". */
struct xc_args {
    const char *v[256];
    size_t n;
};

struct xc_sources {
    struct xc_args mmprof, mmprof2; /* RUN_DIR[,RUN_DIR...] */
    struct xc_args ncu, ncu2;       /* [VARIANTS@MxNxK:]CSV[,CSV...] */
    struct xc_args timing;          /* RUN_DIR[,RUN_DIR...] of collect with timing (referee.h) */
    struct xc_args placements;      /* the same at other local-memory placements (referee.h) */
    const char *metrics;            /* NULL: the first input's */
    int verbose;                    /* --check: a line per file read */
};

struct xc_inputs {
    struct str_list metrics;
    struct xc_statuses statuses; /* from --mmprof */
    struct xc_side a, b;
    struct xc_side timing;        /* --timing: one metric, runtime_ms (XC_TIMING_METRIC) */
    struct xc_side placements;    /* --timing-placements: the same, a value a placement */
    struct xc_side activity;      /* launches' own unprofiled durations (referee.h), ms, and clocks, Hz */
    int activity_with_counters;   /* those records were taken in a counting run (an application
                                     replay's first): no referee verdict (referee.h) */
    int activity_serial;          /* those records are serial kernel timing's: ~2 us each over
                                     the kernel's run (run.json's timing.kernel_timing; a run
                                     without it timed concurrently) */
    struct str_list timing_metric;
    struct xc_launches launches;  /* the first --mmprof profile run's (runs.h); none for collect runs */
    struct str_list unpaired;     /* "ncu #K<TAB>why": ncu's launches no launch of launches pairs with */
    const char *label_a, *label_b;
    struct run_view **runs; /* every run directory named, read once whatever its roles */
    size_t nruns;
};

#define XC_TIMING_METRIC "runtime_ms"

/* Reads every source. Side A is --mmprof and side B --ncu; with --ncu2
 * they are --ncu and --ncu2 (--mmprof then gives the statuses only), with
 * --mmprof2 --mmprof and --mmprof2; --timing goes to in->timing,
 * --timing-placements to in->placements. Returns 0, or -1 after one line on
 * stderr (a missing or damaged file, a spec that does not parse). */
int xc_inputs_load(const struct xc_sources *src, struct xc_inputs *in);
void xc_inputs_free(struct xc_inputs *in);

#endif
