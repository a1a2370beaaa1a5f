/* Empirical ceilings, measured once per run as the Empirical Roofline Toolkit
 * does: DRAM bandwidth (copy, read-only, write-only), L2 read bandwidth,
 * shared-memory bandwidth and FP32 FFMA throughput, each from a small
 * micro-kernel timed with CUDA events (best of CEILINGS_REPS after warm-up).
 *
 * Units: GB/s and GFLOP/s are decimal (1 GB = 1e9 bytes), as datasheets use.
 * This header needs no CUDA include, so host-only code (sku.c, analysis,
 * tests) can use struct ceilings; ceilings_measure lives in ceilings.cu. */
#ifndef MMPROF_CEILINGS_H
#define MMPROF_CEILINGS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CEILINGS_REPS 7
#define CEILINGS_METHOD_LEN 320

enum ceiling_id {
    CEIL_DRAM_COPY,
    CEIL_DRAM_READ,
    CEIL_DRAM_WRITE,
    CEIL_L2_READ,
    CEIL_SMEM,
    CEIL_FP32,
    CEIL_COUNT
};

struct ceilings {
    /* (bytes read + bytes written) / s of a device-to-device copy of a
     * buffer >= 8x L2: the STREAM / METHOD convention */
    double dram_copy_gbs;
    double dram_read_gbs;  /* bytes read / s, same buffer size */
    double dram_write_gbs; /* bytes written / s, same buffer size */
    double l2_read_gbs;    /* bytes loaded / s, working set L2/4, L1 bypassed */
    double smem_gbs;       /* shared-memory bytes loaded / s, all SMs together */
    double fp32_gflops;    /* 2 FLOPs per FFMA / s */
    /* SM clock while the best FP32 repetition ran: clock64 cycles over
     * %globaltimer nanoseconds, read inside the kernel. The FP32 peak to
     * compare with is the peak at this clock (sku_fp32_peak_at_clock_gflops). */
    double sm_clock_mhz_during;

    size_t dram_buffer_bytes;    /* each of the two DRAM buffers */
    size_t l2_working_set_bytes;
    int grid_blocks_dram_copy, grid_blocks_dram_read, grid_blocks_dram_write;
    int block_threads;           /* every ceiling kernel */
    int reps;                    /* timed repetitions per ceiling; best kept */
    double elapsed_ms;           /* wall time of ceilings_measure, host clock */

    /* One line per ceiling for run.json: what was run and how it was counted. */
    char method[CEIL_COUNT][CEILINGS_METHOD_LEN];

    /* On failure: the step that failed (static string), NULL on success. */
    const char *failed_step;
};

/* Measures every ceiling on the current CUDA device (cudaSetDevice first).
 * l2_bytes: the device's L2 size (cudaDevAttrL2CacheSize); sm_count: its SM
 * count; free_bytes: device memory the ceilings may use (cudaMemGetInfo's
 * free is fine: at most half of it is allocated, two DRAM buffers of
 * min(max(1 GiB, 8 x L2), free/4) each, freed before returning).
 * Returns 0 (cudaSuccess) or the cudaError_t of the first failing CUDA call,
 * as an int so this header needs no CUDA include; c->failed_step names the
 * step. cudaErrorMemoryAllocation when a DRAM buffer cannot be at least
 * 2 x L2 (a DRAM figure measured inside L2 would be wrong, not just noisy).
 * Runs a few hundred milliseconds on an H100. */
int ceilings_measure(struct ceilings *c, size_t l2_bytes, int sm_count, size_t free_bytes);

/* run.json key, label for messages, and unit of each ceiling. */
static inline const char *ceiling_key(enum ceiling_id id)
{
    switch (id) {
    case CEIL_DRAM_COPY: return "dram_copy_gbs";
    case CEIL_DRAM_READ: return "dram_read_gbs";
    case CEIL_DRAM_WRITE: return "dram_write_gbs";
    case CEIL_L2_READ: return "l2_read_gbs";
    case CEIL_SMEM: return "smem_gbs";
    case CEIL_FP32: return "fp32_gflops";
    default: return "unknown";
    }
}

static inline const char *ceiling_label(enum ceiling_id id)
{
    switch (id) {
    case CEIL_DRAM_COPY: return "DRAM copy";
    case CEIL_DRAM_READ: return "DRAM read";
    case CEIL_DRAM_WRITE: return "DRAM write";
    case CEIL_L2_READ: return "L2 read";
    case CEIL_SMEM: return "shared memory";
    case CEIL_FP32: return "FP32 FFMA";
    default: return "unknown";
    }
}

static inline const char *ceiling_unit(enum ceiling_id id)
{
    return id == CEIL_FP32 ? "GFLOP/s" : "GB/s";
}

static inline double ceiling_value(const struct ceilings *c, enum ceiling_id id)
{
    switch (id) {
    case CEIL_DRAM_COPY: return c->dram_copy_gbs;
    case CEIL_DRAM_READ: return c->dram_read_gbs;
    case CEIL_DRAM_WRITE: return c->dram_write_gbs;
    case CEIL_L2_READ: return c->l2_read_gbs;
    case CEIL_SMEM: return c->smem_gbs;
    case CEIL_FP32: return c->fp32_gflops;
    default: return 0.0;
    }
}

#ifdef __cplusplus
}
#endif

#endif
