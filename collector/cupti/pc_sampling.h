/* PC sampling of one kernel launch (CUPTI's PC Sampling API, continuous
 * mode, start/stop control) and the SASS-to-source correlation of each
 * sampled instruction through the cubin its module was loaded from.
 *
 *   pcs_open    once, before the kernels' modules load: subscribes to CUPTI's
 *               resource callbacks and keeps a copy of every cubin loaded
 *               from then on (CUPTI_CBID_RESOURCE_MODULE_LOADED)
 *   pcs_attach  once the context exists and before the kernels' modules load:
 *               PC sampling enabled on it. CUPTI attributes a sample to a
 *               kernel only when its module loaded while PC sampling was
 *               enabled; samples of a module loaded before count as "other
 *               kernels" (H100, CUDA 13.0: all 333 352 samples of naive)
 *   pcs_pause   PC sampling disabled, before the Range Profiler measures: its
 *               Start fails (CUPTI_ERROR_INVALID_PARAMETER) on a context where
 *               PC sampling has sampled and is still enabled. The modules
 *               loaded while it was enabled stay known
 *   pcs_sample  per launch: enabled again if paused, configured, started;
 *               work() launches the kernel and waits for it; stopped, drained
 *               with GetData until CUPTI has no PC left; every PC's stall
 *               reasons become rows, each with the instruction's file and line
 *   pcs_close   disabled, everything freed
 *
 * So a kernel's first launch (its module's lazy load) must come while PC
 * sampling is enabled: collect's verification launch, before any counters.
 * The caller also disables the Range Profiler around pcs_sample
 * (profiler_suspend / profiler_resume). Continuous mode, not kernel-
 * serialized: the range holds one launch on an idle GPU, so serializing adds
 * nothing and continuous is the mode with the smaller overhead.
 *
 * Every function that can fail returns a profiler status and one sentence in
 * err naming the call and the fix. This header needs no CUPTI headers. */
#ifndef MMPROF_PROFILER_PC_SAMPLING_H
#define MMPROF_PROFILER_PC_SAMPLING_H

#include <stddef.h>

#include "collector/cupti/profiler.h"
#include "rundir/source_csv.h"

/* Sampling periods used: CUPTI accepts 2^5 .. 2^31 cycles, but the denser
 * the sampling the more a memory-bound kernel waits on lg_throttle (the
 * samples are written through the memory system it waits on): tr_naive at
 * 2048, alone in its process, 6.0 % of its samples every 2^10 cycles, 5.1 %
 * every 2^11, 4.4 % every 2^12 (ncu: 4.9, 4.6 and 4.0 %; H100). The floor is
 * ncu's own interval on an H100, 2^11 (means of three runs each). */
#define PCS_PERIOD_MIN 11
#define PCS_PERIOD_MAX 31
/* The samples per SM pcs_period_log2 aims at in a long kernel: over a GPU's
 * SMs some 20 000 samples, which put a 20 % stall reason's share within about
 * 0.3 points (a short kernel gets fewer: PCS_PERIOD_MIN). */
#define PCS_SAMPLES_PER_SM 150

struct pcs_session;
struct CUctx_st; /* CUcontext's struct (cuda.h) */

/* The samples of one launch: rows without their row key (variant, M, N, K:
 * the caller's), strings owned by the result. */
struct pcs_result {
    struct source_row *rows;
    size_t n, cap;
    unsigned long long total_samples;   /* CUPTI's count, dropped and other kernels' included */
    unsigned long long dropped_samples; /* dropped by the hardware (buffer full) */
    unsigned long long other_samples;   /* in kernels CUPTI gives no PCs for ("non-user kernels") */
    size_t pcs_without_line;            /* sampled PCs the cubin gave no line for */
    char **strings;                     /* every string the rows point to */
    size_t nstrings, strings_cap;
};

/* log2 of the sampling period, in cycles, that gives a launch of kernel_ms at
 * sm_mhz about PCS_SAMPLES_PER_SM samples per SM, within [PCS_PERIOD_MIN,
 * PCS_PERIOD_MAX]; PCS_PERIOD_MIN when the duration or the clock is unknown
 * (not positive). */
unsigned pcs_period_log2(double kernel_ms, double sm_mhz);

/* Checks for cuda_device (no CUPTI target call without one) and subscribes.
 * PROFILER_MULTIPLE_SUBSCRIBERS under ncu, nsys or another CUPTI tool. */
enum profiler_status pcs_open(struct pcs_session **s, int cuda_device, char *err, size_t err_len);
/* A session without a subscriber of its own, for a caller that already has
 * CUPTI's one (the profile injection library): it hands every module load
 * to pcs_module_loaded. NULL when out of memory. */
struct pcs_session *pcs_new(int cuda_device);
/* Keeps a copy of a loaded module's cubin (CUPTI's data is valid only inside
 * its callback). No CUPTI call. */
void pcs_module_loaded(struct pcs_session *s, const void *cubin, size_t size);

/* Samples the kernels work(ctx) launches (it returns 0 after they finished,
 * -1 when a launch failed: PROFILER_ERROR with err naming the launch) with a
 * period of 2^period_log2 cycles (0: CUPTI's default). out is filled (and
 * pcs_result_free'd by the caller) whatever the status. */
enum profiler_status pcs_sample(struct pcs_session *s, unsigned period_log2, int (*work)(void *ctx), void *ctx,
                                struct pcs_result *out, char *err, size_t err_len);

/* Cubins kept so far (tests, messages). */
size_t pcs_cubins(const struct pcs_session *s);
/* ctx: the context (a CUcontext), or NULL for the runtime's current one on
 * the session's device. The injection library passes the context CUPTI's
 * context-created callback names: a runtime call inside that callback would
 * re-enter the runtime that is creating it. */
enum profiler_status pcs_attach(struct pcs_session *s, struct CUctx_st *ctx, char *err, size_t err_len);
/* s may be NULL. */
void pcs_pause(struct pcs_session *s);

void pcs_result_free(struct pcs_result *r);
void pcs_close(struct pcs_session *s);

#endif
