/* A third opinion where the two tools' elapsed cycles disagree: the kernel's
 * duration unprofiled, from the CUDA events of `mmprof collect` timing runs
 * (--timing, read into xc_inputs.timing), at mmprof's clock. Those runs put
 * local memory where collect does (--local-memory-offset-mb), so they check
 * collect's counters of that placement. A kernel whose local memory traffic
 * nearly fills L2 (the spilling register tiles) runs faster or slower with
 * where its local memory lands, except in ncu's process: rt_b16_24x24 at
 * 2003x3001x1009 ran 9.58-11.38 ms over 7 offsets of it (0-154 MiB), and
 * 10.11-10.17 ms at each of them in ncu's process (H200, docs/fidelity.md). So
 * --timing-placements, the same runs at other local-memory offsets, give the
 * kernel's own range, and the note says where each tool's cycles fall in it.
 * Events of back-to-back launches hold the gap between them (1-2 us), so
 * kernels under XC_REFEREE_MIN_MS get no opinion from them. A `mmprof
 * profile` run needs no timing runs: each profiled launch carries its own
 * unprofiled duration, CUPTI's activity record of it (GPU start to end, at
 * any length), read into xc_inputs.activity; where a launch has one it is
 * the referee. Serial kernel records (`--kernel-timing serial`, the
 * default) hold the ~2 us the command stream takes to write a kernel's start
 * and end, a fixed cost like the events' gap: under XC_REFEREE_MIN_MS they
 * inform only, as events do. The notes are printed after the table. An activity record
 * also decides: where mmprof's elapsed cycles lie within the elapsed limit
 * of the launch's unprofiled duration, its elapsed class is upheld, and a
 * miss against ncu there is counted "refereed", not a miss (ncu then measured
 * the launch running at another speed than the app runs it). CUDA events
 * only inform. Not in an application replay: its records are taken in one
 * of its counting runs (the first), and on Hopper CUPTI times kernels by
 * instrumenting them, which slows kernels of many blocks (the solver's
 * jacobi_step, docs/fidelity.md): where that run measured the elapsed class,
 * record and counters share the slowdown and agreeing proves nothing; the
 * note says "no verdict". */
#ifndef MMPROF_XCHECK_REFEREE_H
#define MMPROF_XCHECK_REFEREE_H

#include <stdio.h>

#include "common/str_list.h"
#include "xcheck/series.h"

#define XC_REFEREE_MIN_MS 0.3

/* The unprofiled durations the referee weighs with, each a side of one
 * metric (ms): activity's win over timing's for the same launch. */
struct xc_referee_sources {
    const struct xc_side *activity;   /* a profile run's launches (inputs.h): ms, then the launch's clock */
    const struct xc_side *timing;     /* --timing: collect's CUDA events */
    const struct xc_side *placements; /* --timing-placements */
    int activity_with_counters;       /* an application replay's records: notes, no verdict */
    int activity_serial;              /* serial kernel records: a fixed ~2 us in each */
};

struct xc_referee {
    char *text; /* the notes so far */
    size_t text_len;
    FILE *notes; /* NULL: no durations, nothing to say */
    int by_activity, by_events; /* notes taken from each source */
};

/* Ready to take notes when a source holds any series. 0, or -1 out of memory. */
int xc_referee_open(struct xc_referee *r, const struct xc_referee_sources *src);

/* The unprofiled duration of series a's kernel (ms): its activity record,
 * else the median of timing's runs; NaN when neither has it. *exact is 1
 * for an activity record good at this length (concurrent timing: any; serial:
 * XC_REFEREE_MIN_MS or more), 0 for CUDA events or a shorter serial record. */
double xc_referee_ms(const struct xc_referee_sources *src, const struct xc_series *a, int *exact);

/* 1 when series a's launch has an activity record taken apart from its
 * counters and a's median elapsed cycles lie within XC_REL of its
 * unprofiled duration at a's clock. */
int xc_referee_upholds(const struct xc_referee_sources *src, const struct xc_series *a, const struct str_list *m);

/* A note for series a (mmprof) against b (ncu), whose elapsed class missed:
 * the unprofiled duration as cycles at a's clock, and how far each side's
 * elapsed cycles (metrics m) are from it; with placements of the kernel, its
 * range over them (and timing's run) and where each side falls. Nothing
 * without a duration for the kernel. */
void xc_referee_note(struct xc_referee *r, const struct xc_referee_sources *src, const struct xc_series *a,
                     const struct xc_series *b, const struct str_list *m);

/* Prints the notes (a heading, then a line each; nothing when there are
 * none) and frees them. */
void xc_referee_close(struct xc_referee *r, FILE *out);

#endif
