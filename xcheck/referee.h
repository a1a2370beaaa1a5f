/* A third opinion where the two tools' elapsed cycles disagree: the kernel's
 * duration unprofiled, from the CUDA events of `mmprof collect` timing runs
 * (--timing, read into xc_inputs.timing), at mmprof's clock. Neither
 * profiler runs then, so a side far from it perturbed the kernel: ncu ran the
 * spilling rt_b16_23x24 at 5003x7001x67 for 2.91 ms, collect counted 2.79 ms,
 * events 2.80 ms (H200, docs/fidelity.md). Events of back-to-back launches
 * hold the gap between them (1-2 us), so kernels under XC_REFEREE_MIN_MS get
 * no opinion. The notes are printed after the table. */
#ifndef MMPROF_XCHECK_REFEREE_H
#define MMPROF_XCHECK_REFEREE_H

#include <stdio.h>

#include "common/str_list.h"
#include "xcheck/series.h"

#define XC_REFEREE_MIN_MS 0.3

struct xc_referee {
    char *text; /* the notes so far */
    size_t text_len;
    FILE *notes; /* NULL: no timing runs, nothing to say */
};

/* Ready to take notes when timing holds any series. 0, or -1 out of memory. */
int xc_referee_open(struct xc_referee *r, const struct xc_side *timing);

/* A note for series a (mmprof) against b (ncu), whose elapsed class missed:
 * the unprofiled duration as cycles at a's clock, and how far each side's
 * elapsed cycles (metrics m) are from it. Nothing without a timing series
 * for the kernel. */
void xc_referee_note(struct xc_referee *r, const struct xc_side *timing, const struct xc_series *a,
                     const struct xc_series *b, const struct str_list *m);

/* Prints the notes (a heading, then a line each; nothing when there are
 * none) and frees them. */
void xc_referee_close(struct xc_referee *r, FILE *out);

#endif
