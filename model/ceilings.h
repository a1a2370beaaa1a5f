/* What an empirical ceiling is: DRAM bandwidth (copy, read-only,
 * write-only), L2 read bandwidth, shared-memory bandwidth and FP32 FFMA
 * throughput, measured once per run as the Empirical Roofline Toolkit does
 * (kernels/ceilings.h measures them), with their run.json keys, labels and
 * units. Host-only: the SKU table, the analysis and the report read them.
 *
 * Units: GB/s and GFLOP/s are decimal (1 GB = 1e9 bytes), as datasheets use. */
#ifndef MMPROF_MODEL_CEILINGS_H
#define MMPROF_MODEL_CEILINGS_H

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
