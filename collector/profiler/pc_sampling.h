/* PC sampling of one kernel launch (CUPTI's PC Sampling API, continuous
 * mode, start/stop control) and the SASS-to-source correlation of each
 * sampled instruction through the cubin its module was loaded from.
 *
 *   pcs_open    once, before the kernels' modules load: subscribes to CUPTI's
 *               resource callbacks and keeps a copy of every cubin loaded
 *               from then on (CUPTI_CBID_RESOURCE_MODULE_LOADED)
 *   pcs_sample  per launch: PC sampling enabled on the current context,
 *               configured, started; work() launches the kernel and waits
 *               for it; stopped, drained with GetData until CUPTI has no PC
 *               left, disabled; every PC's stall reasons become rows, each
 *               with the instruction's file and line
 *   pcs_close
 *
 * PC sampling and the Range Profiler cannot be enabled on a context at the
 * same time: the caller disables the Range Profiler around pcs_sample
 * (profiler_suspend / profiler_resume). Continuous mode, not kernel-
 * serialized: the range holds one launch on an idle GPU, so serializing adds
 * nothing and continuous is the mode with the smaller overhead.
 *
 * Every function that can fail returns a profiler status and one sentence in
 * err naming the call and the fix. This header needs no CUPTI headers. */
#ifndef MMPROF_PROFILER_PC_SAMPLING_H
#define MMPROF_PROFILER_PC_SAMPLING_H

#include <stddef.h>

#include "collector/profiler/profiler.h"
#include "common/source_csv.h"

/* Sampling periods CUPTI accepts: 2^5 .. 2^31 cycles. */
#define PCS_PERIOD_MIN 5
#define PCS_PERIOD_MAX 31
/* The samples per SM pcs_period_log2 aims at: thousands of samples per kernel
 * over a GPU's SMs put a 20 % stall reason's share within a fraction of a
 * percentage point, while a short kernel is not sampled every few cycles. */
#define PCS_SAMPLES_PER_SM 2000

struct pcs_session;

/* The samples of one launch: rows without their row key (variant, M, N, K:
 * the caller's), strings owned by the result. */
struct pcs_result {
    struct source_row *rows;
    size_t n, cap;
    unsigned long long total_samples;   /* CUPTI's count, dropped and other kernels' included */
    unsigned long long dropped_samples; /* dropped by the hardware (buffer full) */
    size_t pcs_without_line;            /* sampled PCs the cubin gave no line for */
    char **strings;                     /* every string the rows point to */
    size_t nstrings, strings_cap;
};

/* log2 of the sampling period, in cycles, that gives a launch of kernel_ms at
 * sm_mhz about PCS_SAMPLES_PER_SM samples per SM, within [PCS_PERIOD_MIN,
 * PCS_PERIOD_MAX]; 0 (CUPTI's default period) when the duration or the clock
 * is unknown (not positive). */
unsigned pcs_period_log2(double kernel_ms, double sm_mhz);

/* Checks for cuda_device (no CUPTI target call without one) and subscribes.
 * PROFILER_MULTIPLE_SUBSCRIBERS under ncu, nsys or another CUPTI tool. */
enum profiler_status pcs_open(struct pcs_session **s, int cuda_device, char *err, size_t err_len);

/* Samples the kernels work(ctx) launches (it returns 0 after they finished,
 * -1 when a launch failed: PROFILER_ERROR with err naming the launch) with a
 * period of 2^period_log2 cycles (0: CUPTI's default). out is filled (and
 * pcs_result_free'd by the caller) whatever the status. */
enum profiler_status pcs_sample(struct pcs_session *s, unsigned period_log2, int (*work)(void *ctx), void *ctx,
                                struct pcs_result *out, char *err, size_t err_len);

/* Cubins kept so far (tests, messages). */
size_t pcs_cubins(const struct pcs_session *s);

void pcs_result_free(struct pcs_result *r);
void pcs_close(struct pcs_session *s);

#endif
