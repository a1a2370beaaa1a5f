/* The report's sections, in the order report.c writes them. Each is one
 * file (sec_*.c): whether the run has what it needs, and how to write it.
 * A section's charts (plots/charts.def names its anchor) follow its text
 * unless it embeds them earlier itself (plots_embed). */
#ifndef MMPROF_REPORTS_SECTIONS_H
#define MMPROF_REPORTS_SECTIONS_H

#include "reports/context.h"

struct section {
    const char *anchor, *title;
    int (*present)(const struct report_ctx *c);
    void (*write)(struct report_ctx *c);
    const char *profile_title; /* a profile run's title where it differs; NULL: title */
};

/* s's title for the run c. */
const char *section_title(const struct section *s, const struct report_ctx *c);

extern const struct section sec_kernels;  /* a profile run: where the GPU time goes, a section per hot kernel */
extern const struct section sec_env;      /* device, versions, clocks, ceilings */
extern const struct section sec_baseline; /* against `--baseline OTHER`: side by side, verdicts */
extern const struct section sec_seed000;  /* TILE_WIDTH x size times */
extern const struct section sec_seed001;  /* thread granularity: naive vs 1x2 vs 1x4 */
extern const struct section sec_seed002;  /* transpose throughput against copy */
extern const struct section sec_seed003;  /* the Rx x Ry profiler tables */
extern const struct section sec_seed004;  /* naive vs shared across sizes, CPU baseline */
extern const struct section sec_cgma;     /* theoretical vs measured CGMA */
extern const struct section sec_findings; /* best variants, bounds, theory gaps */
extern const struct section sec_versus;  /* the fastest own matmul beside the library's, counter by counter */
extern const struct section sec_next;     /* what holds each kernel back and what to try next */
extern const struct section sec_source;   /* PC samples: stall reasons and hottest source lines per kernel */
extern const struct section sec_skipped;  /* skipped and failed rows with their reason */

/* All of them, in order (report.c): the anchors plots/charts.def names. */
const struct section *const *report_sections(size_t *count);

#endif
