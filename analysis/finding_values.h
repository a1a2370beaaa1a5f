/* The figures the findings of analysis/findings.def speak of, beyond
 * analysis.csv's columns: each limiter's estimated gain, as ncu's
 * "estimated speedup": the share of the kernel's time (%) that removing the
 * limiter would save, and a few ratios the evidence quotes. Every gain is
 * computed from the row's speed of light (verdict.h) so that the gains of
 * one kernel compare:
 *
 *   headroom_gain_pct     100 x (1 - second-highest unit / highest unit):
 *                         the binding unit's limit gone, the next one binds
 *   latency_gain_pct      100 x (1 - highest unit / 100): the kernel at its
 *                         binding roof
 *   occupancy_gain_pct    latency_gain_pct x (1 - theoretical occupancy/100)
 *   ld_waste_gain_pct     100 x (load sectors beyond bytes/32) / all global
 *   st_waste_gain_pct     sectors x memory share; memory share = the highest
 *                         of the DRAM, L2, L1/shared units / the highest unit
 *   bank_gain_pct         100 x conflict wavefronts x 128 B / L1/shared bytes
 *                         x L1/shared unit / highest unit
 *   wave_gain_pct         100 x (1 - waves / whole waves): SMs idle in the
 *                         last wave (grid / SMs when blocks per SM is unknown)
 *   fma_gain_pct          100 x min(FADD, FMUL) / FP32 instructions x FP32
 *                         unit / highest unit: pairs an FFMA would fuse
 *   launch_gain_pct       100 x (runtime - counter time) / runtime: what of
 *                         each launch is not the kernel running
 *   local_gain_pct        100 x L1 bytes beyond global sectors / L1 bytes x
 *                         memory share (local memory: spills)
 *   local_bytes_pct       L1 T-stage bytes beyond global sectors, %
 *   sol_second_pct        the second-highest unit's %
 *   sol_second_unit       its name (text)
 *   ld_ideal_sectors_per_request, st_...: the sectors a request of the
 *                         same bytes needs when coalesced (bytes / 32, >= 1)
 *   has_flops             1 when the kernel executed FP32 FLOPs, else 0
 *   grid_per_sm           blocks of the grid per SM
 *   stall_note            verdict_stall_note's: top stall and hottest line, "" unsampled
 * NaN when a figure is not measured, so a rule on it does not fire. */
#ifndef MMPROF_ANALYSIS_FINDING_VALUES_H
#define MMPROF_ANALYSIS_FINDING_VALUES_H

#include "analysis/analysis.h"

/* 0: *num holds name's value; 1: *text does; -1: not one of these names. */
int finding_value(const struct analysis_row *r, const char *name, double *num, const char **text);

#endif
