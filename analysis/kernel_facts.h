/* What a run says about each kernel beyond its own results.csv row: its
 * speed of light against the run's roofs (verdict.h), its top stall reason
 * and hottest source line from source.csv (a run with --source), and how many launches of it (same
 * name and launch shape) the run holds with their share of its GPU time. */
#ifndef MMPROF_ANALYSIS_KERNEL_FACTS_H
#define MMPROF_ANALYSIS_KERNEL_FACTS_H

#include <stddef.h>

#include "analysis/analysis.h"

struct roofline;

/* 1 when rows a and b are launches of one kernel: the same name, size and
 * launch shape (threads per block, blocks). */
int analysis_same_kernel(const struct analysis_row *a, const struct analysis_row *b);

/* 1 when r is a kernel that ran on the GPU and was measured (status ok):
 * the rows of the kernel tables and of the GPU time. */
int analysis_row_on_gpu(const struct analysis_row *r);

/* The kernels of a (rows on the GPU), one row each, its first launch,
 * hottest first by time_share_pct (analysis_attach first): fills out (room
 * for a->nrows) and returns how many. */
size_t analysis_kernels(const struct analysis *a, const struct analysis_row **out);
/* The time of all launches of r's kernel, ms (NaN when none is timed). */
double analysis_kernel_time_ms(const struct analysis *a, const struct analysis_row *r);

/* Fills sol_pct, top_stall, launches and time_share_pct of every row, the
 * stalls from v's source.csv (loaded with RUN_VIEW_SOURCE), after raising
 * any roof a kernel measured above to its figure (analysis_fit_roofs). 0, or
 * -1 with err when the run's source.csv is malformed. */
struct run_view;
int analysis_attach(struct analysis *a, const struct run_view *v, struct roofline *roof, char *err,
                    size_t err_len);
/* The same with the run's stalls already folded (NULL: none), for a caller
 * that keeps them (the report's stalls section). */
struct source_profile;
void analysis_attach_with(struct analysis *a, const struct source_profile *stalls, struct roofline *roof);

#endif
