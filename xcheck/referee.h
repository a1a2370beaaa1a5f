/* A third opinion where the two tools' elapsed cycles disagree: the kernel's
 * duration unprofiled, from the CUDA events of `mmprof collect` timing runs
 * (--timing), at mmprof's clock. Neither profiler runs then, so a side far
 * from it perturbed the kernel: ncu ran the spilling rt_b16_23x24 at
 * 5003x7001x67 for 2.91 ms, collect counted 2.79 ms, events 2.80 ms (H200,
 * docs/fidelity.md). Events of back-to-back launches hold the gap between
 * them (1-2 us), so kernels under XC_REFEREE_MIN_MS get no opinion. */
#ifndef MMPROF_XCHECK_REFEREE_H
#define MMPROF_XCHECK_REFEREE_H

#include <stdio.h>

#include "common/str_list.h"
#include "xcheck/inputs.h"
#include "xcheck/series.h"

#define XC_REFEREE_MIN_MS 0.3

struct xc_referee {
    struct xc_side timing; /* one metric: runtime_ms */
    struct str_list metric;
    int loaded;
    char *text; /* the notes, printed after the table */
    size_t text_len;
    FILE *notes;
};

/* Reads the runtime_ms of every --timing run directory (none: nothing to
 * say). 0, or -1 after one line on stderr. */
int xc_referee_open(struct xc_referee *r, const struct xc_args *timing);

/* A note for series a (mmprof) against b (ncu), whose elapsed cycles
 * missed: the unprofiled duration as cycles at a's clock, and how far each
 * side is from it. Nothing without timing runs for the kernel. */
void xc_referee_note(struct xc_referee *r, const struct xc_series *a, const struct xc_series *b,
                     const struct str_list *m);

/* Prints the notes (a heading, then a line each; nothing when there are
 * none) and frees everything. */
void xc_referee_close(struct xc_referee *r, FILE *out);

#endif
