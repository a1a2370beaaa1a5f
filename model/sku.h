/* GPU SKU detection and the datasheet values the roofline sets beside the
 * measured ceilings. Host-only C (no CUDA), so analysis and reports can use
 * it on machines without a GPU.
 *
 * A device is looked up by its name (cudaDeviceProp.name), SM count and,
 * where one name covers several memory sizes, its memory. A device not in
 * the table gets computed peaks: SMs x FP32 lanes per SM x 2 x max SM clock,
 * and memory clock x 2 (DDR) x bus width / 8, flagged computed = 1.
 * Units: GB/s and GFLOP/s decimal (1e9), clocks MHz. */
#ifndef MMPROF_SKU_H
#define MMPROF_SKU_H

#include <stddef.h>

#include "model/ceilings.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SKU_NAME_LEN 64
#define SKU_NOTE_LEN 320

/* Shared memory delivers 32 banks x 4 bytes per clock per SM on every
 * architecture since Maxwell (CUDA C++ Programming Guide): the architectural
 * peak is SMs x this x clock. It is not a datasheet line. */
#define SKU_SMEM_BYTES_PER_CLOCK_PER_SM 128

/* A measured ceiling below LOW or above HIGH times its reference warns. */
#define SKU_WARN_LOW 0.90
#define SKU_WARN_HIGH 1.10

/* What the device reports (rundir/device_info.h has every field). */
struct sku_query {
    const char *device_name;  /* e.g. "NVIDIA H100 80GB HBM3" */
    int sm_count;
    size_t memory_bytes;      /* totalGlobalMem; 0 = unknown, not checked */
    int cc_major, cc_minor;
    int sm_clock_max_mhz;     /* cudaDevAttrClockRate / 1000 */
    int mem_clock_max_mhz;    /* cudaDevAttrMemoryClockRate / 1000 */
    int mem_bus_width_bits;
    size_t l2_bytes;          /* device-reported L2 */
};

/* One row of the datasheet table. */
struct sku_spec {
    const char *name;         /* e.g. "H100 SXM5 80GB" */
    const char *words[3];     /* every one must be a whole word of the device name */
    const char *without;      /* a word that must not be in it, or NULL */
    int sm_count;
    double mem_min_gib, mem_max_gib; /* 0, 0 = any */
    double dram_gbs;          /* peak memory bandwidth */
    double fp32_gflops;       /* FP32 non-tensor peak at boost */
    double boost_mhz;         /* max SM (boost) clock the FP32 peak is for */
    double l2_mib;            /* 0 = not published: the device's value is used */
    int fp32_lanes_per_sm;
    const char *source;       /* where the figures come from */
};

/* The detected SKU: datasheet values, or computed ones (computed = 1). */
struct sku {
    char name[SKU_NAME_LEN];
    int computed;
    int sm_count;
    int fp32_lanes_per_sm;
    double boost_mhz;
    double dram_gbs;          /* 0 = unknown (no memory clock or bus width) */
    double fp32_gflops;
    double smem_gbs;          /* architectural: SMs x 128 B x boost clock */
    size_t l2_bytes;
    const char *source;       /* datasheet name, or "computed from device properties" */
    char note[SKU_NOTE_LEN];  /* why computed, or what was taken from the device */
};

/* The datasheet table (for tests and `mmprof info`). */
const struct sku_spec *sku_table(size_t *count);

/* FP32 lanes (FFMA per clock) per SM of a compute capability: 64 on sm_60,
 * sm_7x and sm_80 (V100, T4, A100), 128 on sm_86/87/89 (Ampere GA10x, Ada)
 * and sm_90+ (Hopper, Blackwell). Unknown newer ones: 128. */
int sku_fp32_lanes_per_sm(int cc_major, int cc_minor);

/* Fills s from the table, or computes it. Always succeeds; s->computed
 * and s->note say which. */
void sku_detect(const struct sku_query *q, struct sku *s);

/* FP32 peak at an SM clock: peak x clock / boost. The acceptance check is
 * measured FP32 >= 90 % of this at ceilings.sm_clock_mhz_during. 0 when the
 * clock or the peak is unknown. */
double sku_fp32_peak_at_clock_gflops(const struct sku *s, double sm_clock_mhz);
/* Shared-memory architectural peak at an SM clock. */
double sku_smem_peak_at_clock_gbs(const struct sku *s, double sm_clock_mhz);

/* Writes a warning into buf and returns 1 when measured is outside
 * [SKU_WARN_LOW, SKU_WARN_HIGH] x reference; returns 0 (buf untouched)
 * when within, or when reference <= 0 (nothing to compare with). E.g.
 * "DRAM copy 2710 GB/s is 81 % of the H100 SXM5 80GB datasheet 3350 GB/s".
 * against names the reference: "the H100 SXM5 80GB datasheet". */
int sku_gap_warning(char *buf, size_t len, const char *label, double measured, const char *unit,
                    double reference, const char *against);

#define SKU_WARNINGS_MAX CEIL_COUNT
#define SKU_WARNING_LEN 320

struct sku_warnings {
    int count;
    char text[SKU_WARNINGS_MAX][SKU_WARNING_LEN];
};

/* Compares every ceiling with its reference: DRAM copy, read and write with
 * the peak DRAM bandwidth; FP32 with the peak at c->sm_clock_mhz_during (at
 * boost when that is unknown); shared memory with the architectural peak at
 * the same clock. L2 has no published figure and is never compared.
 * Returns the number of warnings. */
int sku_check_ceilings(const struct sku *s, const struct ceilings *c, struct sku_warnings *w);

#ifdef __cplusplus
}
#endif

#endif
