/* The roofs of the roofline: the ceilings `mmprof collect` measured and
 * stored in run.json, and the datasheet values beside them. Without
 * measured ceilings (collect --no-ceilings, or an older run), the datasheet
 * roofs come from the SKU table (kernels/sku.h) by device name and SM count. */
#ifndef MMPROF_PLOTS_ROOFS_H
#define MMPROF_PLOTS_ROOFS_H

#include <cjson/cJSON.h>
#include <stddef.h>

/* Memory levels of the hierarchical roofline. */
enum level { LEVEL_L1, LEVEL_L2, LEVEL_DRAM, LEVEL_COUNT };

const char *level_name(enum level l); /* "L1", "L2", "DRAM" */

/* NaN = not known. */
struct roofs {
    int has_measured;
    double bw_gbs[LEVEL_COUNT]; /* measured: L1 = shared-memory bandwidth (same SRAM), L2 read, DRAM */
    char dram_kind[16];         /* which DRAM ceiling is the roof: "copy", "read" or "write" */
    double fp32_gflops;
    double sm_clock_mhz;

    int has_datasheet;
    char sku[64];
    int computed;               /* the SKU was not in the table: peaks computed from device properties */
    double ds_dram_gbs, ds_fp32_gflops, ds_boost_mhz;

    char note[512];             /* why a roof is missing, "" when all are there */
};

/* Fills r from run.json's root object; never fails (missing = NaN + note). */
void roofs_read(const cJSON *root, struct roofs *r);

/* 1 when there is at least one FP32 roof to draw. */
int roofs_drawable(const struct roofs *r);

/* The roof a point of level l at intensity x (FLOP/byte) is held to:
 * min(bandwidth * x, FP32 peak), from the measured ceilings when there are
 * some, else from the datasheet (which has DRAM and FP32 only). NaN when
 * level l has no roof. which gets the binding roof in words, e.g.
 * "measured L2 bandwidth roof (9000 GB/s)". */
double roof_at(const struct roofs *r, enum level l, double x, char *which, size_t which_len);

#endif
