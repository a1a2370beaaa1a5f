/* One bound verdict per kernel, the one every output prints (`analyze`, its
 * --findings, the report): each unit's throughput as % of its roof ("speed
 * of light", as ncu's), over the counted pass's duration (else the timed
 * runtime): DRAM bytes, lts__t_bytes against the L2 roof, l1tex__t_bytes +
 * 128 B x shared wavefronts against the shared-memory roof (one L1 data
 * pipe), 2 x (FADD + FMUL + FFMA) against the FFMA roof (a lone FADD takes
 * an FFMA's slot), IPC / 4 (schedulers per SM). The highest binds the
 * kernel at VERDICT_BOUND_PCT or more; below it on every unit the kernel
 * is latency-bound, and the top stall reason (a run with --source) says
 * what its warps wait for. analysis/README.md has the table. */
#ifndef MMPROF_ANALYSIS_VERDICT_H
#define MMPROF_ANALYSIS_VERDICT_H

#include <stddef.h>

#include "analysis/analysis.h"

#define VERDICT_BOUND_PCT 60.0
#define SOL_ISSUE_PER_CYCLE 4.0
#define SOL_SHARED_WAVEFRONT_BYTES 128.0

struct roofline;

/* Roofs are the best this GPU does: raises each roof a kernel of a measured
 * above (its counted bytes or FP32 slots over the counted pass's time) to
 * that kernel's figure (roofline_raise), so no kernel is above 100 %. */
void analysis_fit_roofs(const struct analysis *a, struct roofline *roof);

/* Fills every row's sol_pct[] and sol_time_ms from the roofs (NaN where a
 * counter or a roof is missing). */
void analysis_attach_roofs(struct analysis *a, const struct roofline *roof);

/* A launch's time as the app paid it: the timed runtime (launch included),
 * else the counted pass's duration (a graph node is not timed); the GPU
 * time shares add these. */
double analysis_launch_ms(const struct analysis_row *r);

/* "DRAM", "L2", "L1/shared", "FP32", "issue". */
const char *sol_unit_name(enum sol_unit u);

enum verdict_kind { VERDICT_UNKNOWN, VERDICT_BOUND, VERDICT_LATENCY };

struct verdict {
    enum verdict_kind kind;
    enum sol_unit unit; /* the unit with the highest % (binding when kind is BOUND) */
    double pct;         /* its % of its roof */
};

/* From r's sol_pct (analysis_attach_roofs first). */
struct verdict analysis_verdict(const struct analysis_row *r);

/* The verdict in words: "L1/shared-bound at 87 % of its roof", "latency-bound:
 * every unit below 60 % (highest FP32, 14 %); top stall long_scoreboard (43 %
 * of samples)", "not known (no counters or roofs)". */
void verdict_text(const struct analysis_row *r, char *buf, size_t len);

/* "; top stall X (N % of samples), hottest line F:L (M %)", parts the run
 * did not sample left out; "" without samples. */
void verdict_stall_note(const struct analysis_row *r, char *buf, size_t len);

/* The bound column: the unit's name, "latency", or "" when unknown. */
const char *verdict_word(const struct analysis_row *r);

#endif
