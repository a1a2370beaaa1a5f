#include "plots/roofs.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kernels/ceilings.h"
#include "model/sku.h"

const char *level_name(enum level l)
{
    static const char *const names[] = {"L1", "L2", "DRAM"};
    return l < LEVEL_COUNT ? names[l] : "?";
}

/* A positive number, or NaN. */
static double num(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) && v->valuedouble > 0 ? v->valuedouble : NAN;
}

static const char *str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) && v->valuestring ? v->valuestring : "";
}

/* The DRAM roof is the best of copy, read-only and write-only: a kernel
 * that mostly reads can reach the read figure, and a point above the best
 * measured bandwidth is worth a warning whichever pattern it has. */
static void measured_dram(const cJSON *m, struct roofs *r)
{
    static const enum ceiling_id ids[] = {CEIL_DRAM_COPY, CEIL_DRAM_READ, CEIL_DRAM_WRITE};
    static const char *const kinds[] = {"copy", "read", "write"};
    for (int i = 0; i < 3; i++) {
        double v = num(m, ceiling_key(ids[i]));
        if (!isnan(v) && (isnan(r->bw_gbs[LEVEL_DRAM]) || v > r->bw_gbs[LEVEL_DRAM])) {
            r->bw_gbs[LEVEL_DRAM] = v;
            snprintf(r->dram_kind, sizeof r->dram_kind, "%s", kinds[i]);
        }
    }
}

static void read_measured(const cJSON *m, struct roofs *r)
{
    measured_dram(m, r);
    r->bw_gbs[LEVEL_L2] = num(m, ceiling_key(CEIL_L2_READ));
    r->bw_gbs[LEVEL_L1] = num(m, ceiling_key(CEIL_SMEM));
    r->fp32_gflops = num(m, ceiling_key(CEIL_FP32));
    r->sm_clock_mhz = num(m, "sm_clock_mhz");
    r->has_measured = !isnan(r->fp32_gflops);
}

static void read_datasheet(const cJSON *d, struct roofs *r)
{
    snprintf(r->sku, sizeof r->sku, "%s", str(d, "sku"));
    r->computed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "computed"));
    r->ds_dram_gbs = num(d, "dram_gbs");
    r->ds_fp32_gflops = num(d, "fp32_gflops");
    r->ds_boost_mhz = num(d, "boost_mhz");
    r->has_datasheet = !isnan(r->ds_fp32_gflops);
}

static int num_int(const cJSON *obj, const char *key)
{
    double v = num(obj, key);
    return isnan(v) ? 0 : (int)v;
}

/* The SKU table from what run.json says about the device. */
static void datasheet_from_device(const cJSON *dev, struct roofs *r)
{
    struct sku_query q = {0};
    q.device_name = str(dev, "name");
    q.sm_count = num_int(dev, "sm_count");
    q.memory_bytes = isnan(num(dev, "memory_bytes")) ? 0 : (size_t)num(dev, "memory_bytes");
    sscanf(str(dev, "cc"), "%d.%d", &q.cc_major, &q.cc_minor);
    q.sm_clock_max_mhz = num_int(dev, "sm_clock_max_mhz");
    q.mem_clock_max_mhz = num_int(dev, "mem_clock_max_mhz");
    q.mem_bus_width_bits = num_int(dev, "mem_bus_width_bits");
    q.l2_bytes = isnan(num(dev, "l2_bytes")) ? 0 : (size_t)num(dev, "l2_bytes");
    if (q.device_name[0] == '\0' || q.sm_count <= 0)
        return;
    struct sku s;
    sku_detect(&q, &s);
    snprintf(r->sku, sizeof r->sku, "%s", s.name);
    r->computed = s.computed;
    r->ds_dram_gbs = s.dram_gbs > 0 ? s.dram_gbs : NAN;
    r->ds_fp32_gflops = s.fp32_gflops > 0 ? s.fp32_gflops : NAN;
    r->ds_boost_mhz = s.boost_mhz > 0 ? s.boost_mhz : NAN;
    r->has_datasheet = !isnan(r->ds_fp32_gflops);
}

static void write_note(struct roofs *r)
{
    if (!r->has_measured && r->has_datasheet)
        snprintf(r->note, sizeof r->note,
                 "no measured ceilings in run.json (--no-ceilings or an older run): datasheet roofs of the %s only",
                 r->sku);
    else if (!r->has_measured)
        snprintf(r->note, sizeof r->note,
                 "run.json has no measured ceilings and names no known device: no roofs to draw "
                 "(collect again without --no-ceilings)");
    else if (isnan(r->bw_gbs[LEVEL_L1]) || isnan(r->bw_gbs[LEVEL_L2]) || isnan(r->bw_gbs[LEVEL_DRAM]))
        snprintf(r->note, sizeof r->note, "run.json lacks some measured bandwidth ceilings: those roofs are not drawn");
}

void roofs_read(const cJSON *root, struct roofs *r)
{
    memset(r, 0, sizeof *r);
    for (int l = 0; l < LEVEL_COUNT; l++)
        r->bw_gbs[l] = NAN;
    r->fp32_gflops = r->sm_clock_mhz = NAN;
    r->ds_dram_gbs = r->ds_fp32_gflops = r->ds_boost_mhz = NAN;
    const cJSON *ceilings = cJSON_GetObjectItemCaseSensitive(root, "ceilings");
    if (cJSON_IsObject(ceilings)) {
        read_measured(cJSON_GetObjectItemCaseSensitive(ceilings, "measured"), r);
        read_datasheet(cJSON_GetObjectItemCaseSensitive(ceilings, "datasheet"), r);
    }
    if (!r->has_datasheet)
        datasheet_from_device(cJSON_GetObjectItemCaseSensitive(root, "device"), r);
    write_note(r);
}

int roofs_drawable(const struct roofs *r)
{
    return r->has_measured || r->has_datasheet;
}

double roof_at(const struct roofs *r, enum level l, double x, char *which, size_t which_len)
{
    double bw = r->has_measured ? r->bw_gbs[l] : l == LEVEL_DRAM ? r->ds_dram_gbs : NAN;
    double peak = r->has_measured ? r->fp32_gflops : r->ds_fp32_gflops;
    const char *source = r->has_measured ? "measured" : "datasheet";
    if (isnan(bw) || isnan(peak) || isnan(x))
        return NAN;
    if (bw * x < peak) {
        snprintf(which, which_len, "%s %s bandwidth roof (%.0f GB/s)", source, level_name(l), bw);
        return bw * x;
    }
    snprintf(which, which_len, "%s FP32 roof (%.0f GFLOP/s)", source, peak);
    return peak;
}
