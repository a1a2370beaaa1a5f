/* One variant at one shape: check, verify, time and count it into a row. */
#ifndef MMPROF_MEASURE_H
#define MMPROF_MEASURE_H

#include "collector/collect.h"
#include "collector/counters.h"
#include "collector/device.h"
#include "collector/workload.h"
#include "rundir/results.h"

struct measure_ctx {
    const struct collect_options *opt;
    const struct device_info *dev;
};

/* "variant/MxNxK": the NVTX range and the CUPTI range of one launch. */
void range_name(const struct variant *v, const struct shape *s, char *buf, size_t len);

/* Checks, verifies and times v into row; the hardware counters come later, for
 * a batch of several family x shape groups at once (counters_measure_batch). Returns 0,
 * or -1 when the CUDA context is lost and the run must stop (the row then says
 * why). */
int measure_gpu_variant(struct measure_ctx *mc, const struct variant *v, struct workload *w,
                        struct result_row *row);
/* The CPU baseline (cpu_blas): timed on the host, verified like the others. */
int measure_cpu_variant(struct measure_ctx *mc, const struct variant *v, struct workload *w,
                        struct result_row *row);

/* Sets row's status and reason from a comparison; -1 when it failed. */
int verify_judge(const struct variant *v, double rel_err, unsigned long long nonfinite, struct result_row *row);

/* Relative error allowed for a variant: matmul in FP32 vs FP64, transposes exact. */
double tolerance_for(const struct variant *v);

#endif
