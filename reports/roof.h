/* The roofline the findings classify variants against: the run's measured
 * FP32 and DRAM ceilings (run.json "ceilings.measured"), or the datasheet's
 * when the run measured none. */
#ifndef MMPROF_REPORTS_ROOF_H
#define MMPROF_REPORTS_ROOF_H

#include "reports/run_meta.h"

struct roof {
    double fp32_gflops; /* FP32 FFMA peak, GFLOP/s */
    double dram_gbs;    /* DRAM bandwidth (device-to-device copy), GB/s */
    const char *source; /* "measured" or "datasheet"; NULL when neither is in run.json */
};

/* 0 when both ceilings are known, -1 (source NULL) otherwise. */
int roof_from_meta(const struct run_meta *m, struct roof *r);
/* Arithmetic intensity (FLOP per DRAM byte) where the two roofs meet. */
double roof_ridge(const struct roof *r);
/* The attainable GFLOP/s at an intensity: min(peak, intensity x bandwidth). */
double roof_attainable(const struct roof *r, double flop_per_byte);

#endif
