/* The roofline model: the one place that says which ceilings bound a
 * kernel. `mmprof plot` draws it (plots/chart_roofline.c) and warns about
 * points above it (plots/roof_check.c); `mmprof report` classifies each
 * variant as memory- or compute-bound against it (reports/sec_findings.c).
 * Both call this file, so the chart and the table cannot disagree.
 *
 * The ceilings come from run.json: the ones `mmprof collect` measured with
 * micro-kernels ("ceilings.measured") and the datasheet's beside them
 * ("ceilings.datasheet"; without it, the SKU table model/sku.h by device
 * name and SM count). A kernel is held to the measured roofs when the run
 * measured an FP32 peak, else to the datasheet's (DRAM and FP32 only).
 *
 * The DRAM roof is the best of the measured copy, read-only and write-only
 * bandwidths. A roof is what a kernel can reach at best: a matmul mostly
 * reads, so the read figure is reachable for it, and holding it to copy
 * alone (the lowest of the three on an H200: 3.9 against 4.5 TB/s read)
 * would call a kernel that reads at full speed "above its roof" and move
 * the ridge point to the right. The chart names which of the three it is
 * (dram_kind). */
#ifndef MMPROF_ANALYSIS_ROOFLINE_H
#define MMPROF_ANALYSIS_ROOFLINE_H

#include <cjson/cJSON.h>
#include <stddef.h>

/* Memory levels of the hierarchical roofline. */
enum roof_level { ROOF_L1, ROOF_L2, ROOF_DRAM, ROOF_LEVELS };

const char *roof_level_name(enum roof_level l); /* "L1", "L2", "DRAM" */

/* NaN = not known. */
struct roofline {
    int has_measured;           /* the run measured an FP32 peak: kernels are held to the measured roofs */
    double bw_gbs[ROOF_LEVELS]; /* measured: L1 = shared-memory bandwidth (same SRAM), L2 read, DRAM */
    char dram_kind[16];         /* which measured DRAM ceiling is the roof: "copy", "read" or "write" */
    double fp32_gflops;         /* measured FP32 FFMA peak */
    double sm_clock_mhz;        /* SM clock while the ceilings were measured */

    int has_datasheet;
    char sku[64];
    int computed;               /* the SKU was not in the table: peaks computed from device properties */
    double ds_dram_gbs, ds_fp32_gflops, ds_boost_mhz;
    double ds_smem_gbs;         /* architectural shared-memory bandwidth: SMs x 128 B x boost clock */

    char note[512];             /* why a roof is missing, "" when all are there */

    /* Roofs are the best this GPU does: a roof a kernel of the run measured
     * above is raised to that kernel's figure (roofline_raise). Indexed by
     * roof_level, then ROOF_FP32. */
    char raised_by[ROOF_LEVELS + 1][96]; /* the kernel whose figure is the roof; "" not raised */
    double raised_from[ROOF_LEVELS + 1]; /* the ceiling it replaced */
};

#define ROOF_FP32 ROOF_LEVELS /* raised_by's index of the FP32 roof */

/* Fills r from run.json's root object; never fails (missing = NaN + note). */
void roofline_read(const cJSON *root, struct roofline *r);

/* 1 when there is at least one FP32 roof to draw. */
int roofline_drawable(const struct roofline *r);

/* The roofs kernels are held to: "measured", "datasheet", or NULL when
 * run.json gives neither. */
const char *roofline_source(const struct roofline *r);
/* Their FP32 peak (GFLOP/s) and level l's bandwidth (GB/s); NaN when not known. */
double roofline_fp32_gflops(const struct roofline *r);
double roofline_bw_gbs(const struct roofline *r, enum roof_level l);
/* The shared-memory (L1 data pipe) bandwidth a kernel is held to: the
 * measured one, else the datasheet's architectural one (SMs x 128 B x
 * clock), which the roofline chart does not draw; NaN when neither. */
double roofline_smem_gbs(const struct roofline *r);
/* The intensity (FLOP per byte of level l) where l's bandwidth roof meets
 * the FP32 roof; NaN when either is not known. */
double roofline_ridge_flop_per_byte(const struct roofline *r, enum roof_level l);

enum roof_bound { ROOF_BOUND_UNKNOWN, ROOF_BOUND_MEMORY, ROOF_BOUND_COMPUTE };

/* Where a kernel sits against the roofs of level l. */
struct roof_position {
    enum roof_bound bound;    /* memory: left of the ridge, under level l's bandwidth roof */
    double roof_gflops;       /* attainable there: min(bandwidth x intensity, FP32 peak); NaN when unknown */
    double pct_of_roof;       /* attained / roof_gflops x 100; the headroom is what is left to 100 % */
    int above_roof;           /* attained beyond the roof by more than rounding */
};

/* Places a kernel attaining attained_gflops at flop_per_byte (FLOP per byte
 * of level l). bound UNKNOWN and roof NaN when level l has no roof or the
 * intensity is NaN; pct_of_roof NaN when attained_gflops is. */
struct roof_position roofline_position(const struct roofline *r, enum roof_level l, double flop_per_byte,
                                       double attained_gflops);
/* What binds a kernel on the hierarchical roofline: of the roofs of every
 * memory level whose intensity is known (bandwidth x FLOP per byte of that
 * level) and the FP32 peak, the lowest. A kernel whose data all stay in L2
 * has a high DRAM intensity and would look compute-bound against DRAM
 * alone; its L1/shared or L2 roof may be far lower, and that is the one it
 * can hit. Below ROOF_FAR_BELOW_PCT of even that roof no roof explains the
 * speed (latency, occupancy, issue): far_below says so. */
#define ROOF_FAR_BELOW_PCT 5.0

struct roof_binding {
    int known;                 /* at least one roof and its intensity (or FP32 with any) are known */
    int compute;               /* the FP32 roof is the lowest */
    enum roof_level level;     /* else the level whose bandwidth roof is the lowest */
    double roof_gflops;        /* that roof */
    double flop_per_byte;      /* the kernel's intensity at that level (NaN when FP32 binds) */
    double pct_of_roof;        /* attained / roof_gflops x 100 */
    int above_roof;
    int far_below;             /* pct_of_roof < ROOF_FAR_BELOW_PCT */
};

/* 1 when a kernel has a point on the roofline: a FLOP rate above 0 and an
 * intensity above 0 at one level at least (NaN unknown). */
int roofline_has_point(const double flop_per_byte[ROOF_LEVELS], double attained_gflops);

/* flop_per_byte[l]: the kernel's FLOP per byte at each level (NaN unknown). */
struct roof_binding roofline_binding(const struct roofline *r, const double flop_per_byte[ROOF_LEVELS],
                                     double attained_gflops);
/* The binding in words: "L1/shared bandwidth", "L2 bandwidth", "DRAM bandwidth", "FP32";
 * "below every roof" when far below it; "—" when unknown. */
const char *roofline_binding_text(const struct roof_binding *b);

/* roof (a roof_level, or ROOF_FP32) becomes figure (GB/s, or GFLOP/s)
 * when kernel measured that much and the roof is lower; returns 1 when it
 * was raised. A roof not known stays unknown. */
int roofline_raise(struct roofline *r, int roof, double figure, const char *kernel);
/* The raised roofs in one line ("" when none): "the DRAM roof is tr_copy
 * 16384x16384's 4200 GB/s, above the measured ceiling of 3938 GB/s (roofs
 * are the best this GPU does)". */
void roofline_raised_text(const struct roofline *r, char *buf, size_t len);

/* The roof that holds a position, in words for messages: "measured DRAM
 * bandwidth roof (4517 GB/s)", "datasheet FP32 roof (66900 GFLOP/s)". */
void roofline_roof_text(const struct roofline *r, enum roof_level l, enum roof_bound b, char *buf, size_t len);

#endif
