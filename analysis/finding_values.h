/* The figures the findings of analysis/findings.def speak of beyond
 * analysis.csv's columns: each limiter's estimated gain, as ncu's
 * "estimated speedup" (the share of the kernel's time, %, removing the
 * limiter would save), computed from the row's speed of light (verdict.h)
 * so that the gains of one kernel compare, and a few ratios the evidence
 * quotes. analysis/README.md ("Findings: the estimated gains") gives every
 * name and formula. NaN when a figure is not measured, so a finding on it
 * does not fire. */
#ifndef MMPROF_ANALYSIS_FINDING_VALUES_H
#define MMPROF_ANALYSIS_FINDING_VALUES_H

#include "analysis/analysis.h"

/* 0: *num holds name's value; 1: *text does; -1: not one of these names. */
int finding_value(const struct analysis_row *r, const char *name, double *num, const char **text);

#endif
