/* The roofline model (roofline.h): the ceilings from run.json, and where a
 * kernel sits under them. */
#include "analysis/roofline.h"
#include "rundir/run_files.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model/ceilings.h"
#include "model/sku.h"

const char *roof_level_name(enum roof_level l)
{
    static const char *const names[] = {"L1", "L2", "DRAM"};
    return l < ROOF_LEVELS ? names[l] : "?";
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

/* The DRAM roof is the best of copy, read-only and write-only (why: the
 * header). */
static void measured_dram(const cJSON *m, struct roofline *r)
{
    static const enum ceiling_id ids[] = {CEIL_DRAM_COPY, CEIL_DRAM_READ, CEIL_DRAM_WRITE};
    static const char *const kinds[] = {"copy", "read", "write"};
    for (int i = 0; i < 3; i++) {
        double v = num(m, ceiling_key(ids[i]));
        if (!isnan(v) && (isnan(r->bw_gbs[ROOF_DRAM]) || v > r->bw_gbs[ROOF_DRAM])) {
            r->bw_gbs[ROOF_DRAM] = v;
            snprintf(r->dram_kind, sizeof r->dram_kind, "%s", kinds[i]);
        }
    }
}

static void read_measured(const cJSON *m, struct roofline *r)
{
    measured_dram(m, r);
    r->bw_gbs[ROOF_L2] = num(m, ceiling_key(CEIL_L2_READ));
    r->bw_gbs[ROOF_L1] = num(m, ceiling_key(CEIL_SMEM));
    r->fp32_gflops = num(m, ceiling_key(CEIL_FP32));
    r->sm_clock_mhz = num(m, "sm_clock_mhz");
    r->has_measured = !isnan(r->fp32_gflops);
}

static void read_datasheet(const cJSON *d, struct roofline *r)
{
    snprintf(r->sku, sizeof r->sku, "%s", str(d, "sku"));
    r->computed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(d, "computed"));
    r->ds_dram_gbs = num(d, "dram_gbs");
    r->ds_fp32_gflops = num(d, "fp32_gflops");
    r->ds_boost_mhz = num(d, "boost_mhz");
    r->ds_smem_gbs = num(d, "smem_gbs");
    r->has_datasheet = !isnan(r->ds_fp32_gflops);
}

static int num_int(const cJSON *obj, const char *key)
{
    double v = num(obj, key);
    return isnan(v) ? 0 : (int)v;
}

/* The SKU table from what run.json says about the device. */
static void datasheet_from_device(const cJSON *dev, struct roofline *r)
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
    r->ds_smem_gbs = s.smem_gbs > 0 ? s.smem_gbs : NAN;
    r->has_datasheet = !isnan(r->ds_fp32_gflops);
}

static void write_note(struct roofline *r)
{
    if (!r->has_measured && r->has_datasheet)
        snprintf(r->note, sizeof r->note,
                 "no measured ceilings in " RUN_JSON " (--no-ceilings or an older run): datasheet roofs of the %s only",
                 r->sku);
    else if (!r->has_measured)
        snprintf(r->note, sizeof r->note,
                 RUN_JSON " has no measured ceilings and names no known device: no roofs to draw "
                 "(collect again without --no-ceilings)");
    else if (isnan(r->bw_gbs[ROOF_L1]) || isnan(r->bw_gbs[ROOF_L2]) || isnan(r->bw_gbs[ROOF_DRAM]))
        snprintf(r->note, sizeof r->note, RUN_JSON " lacks some measured bandwidth ceilings: those roofs are not drawn");
}

void roofline_read(const cJSON *root, struct roofline *r)
{
    memset(r, 0, sizeof *r);
    for (int l = 0; l < ROOF_LEVELS; l++)
        r->bw_gbs[l] = NAN;
    r->fp32_gflops = r->sm_clock_mhz = NAN;
    r->ds_dram_gbs = r->ds_fp32_gflops = r->ds_boost_mhz = r->ds_smem_gbs = NAN;
    const cJSON *ceilings = cJSON_GetObjectItemCaseSensitive(root, "ceilings");
    if (cJSON_IsObject(ceilings)) {
        read_measured(cJSON_GetObjectItemCaseSensitive(ceilings, "measured"), r);
        read_datasheet(cJSON_GetObjectItemCaseSensitive(ceilings, "datasheet"), r);
    }
    if (!r->has_datasheet)
        datasheet_from_device(cJSON_GetObjectItemCaseSensitive(root, "device"), r);
    write_note(r);
}

int roofline_drawable(const struct roofline *r)
{
    return r->has_measured || r->has_datasheet;
}

const char *roofline_source(const struct roofline *r)
{
    return r->has_measured ? "measured" : r->has_datasheet ? "datasheet" : NULL;
}

double roofline_fp32_gflops(const struct roofline *r)
{
    return r->has_measured ? r->fp32_gflops : r->has_datasheet ? r->ds_fp32_gflops : NAN;
}

double roofline_smem_gbs(const struct roofline *r)
{
    double measured = r->has_measured ? r->bw_gbs[ROOF_L1] : NAN;
    return isnan(measured) && r->has_datasheet ? r->ds_smem_gbs : measured;
}

/* The datasheet gives DRAM only: its L1 and L2 roofs are unknown. */
double roofline_bw_gbs(const struct roofline *r, enum roof_level l)
{
    if (l >= ROOF_LEVELS)
        return NAN;
    if (r->has_measured)
        return r->bw_gbs[l];
    return r->has_datasheet && l == ROOF_DRAM ? r->ds_dram_gbs : NAN;
}

/* The roof the getters above return, to be raised in place; NULL unknown. */
static double *roof_slot(struct roofline *r, int roof)
{
    double *slot = NULL;
    if (roof == ROOF_FP32)
        slot = r->has_measured ? &r->fp32_gflops : r->has_datasheet ? &r->ds_fp32_gflops : NULL;
    else if (roof == ROOF_L1)
        slot = r->has_measured && !isnan(r->bw_gbs[ROOF_L1]) ? &r->bw_gbs[ROOF_L1]
               : r->has_datasheet                            ? &r->ds_smem_gbs
                                                             : NULL;
    else if (roof >= 0 && roof < ROOF_LEVELS)
        slot = r->has_measured ? &r->bw_gbs[roof] : r->has_datasheet && roof == ROOF_DRAM ? &r->ds_dram_gbs : NULL;
    return slot && isfinite(*slot) ? slot : NULL;
}

int roofline_raise(struct roofline *r, int roof, double figure, const char *kernel)
{
    double *slot = roof_slot(r, roof);
    if (!slot || !(figure > *slot) || !isfinite(figure))
        return 0;
    if (!r->raised_by[roof][0])
        r->raised_from[roof] = *slot;
    *slot = figure;
    snprintf(r->raised_by[roof], sizeof r->raised_by[roof], "%s", kernel);
    return 1;
}

void roofline_raised_text(const struct roofline *r, char *buf, size_t len)
{
    static const char *const names[ROOF_LEVELS + 1] = {"L1/shared", "L2", "DRAM", "FP32"};
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i <= ROOF_FP32 && used < len; i++) {
        if (!r->raised_by[i][0])
            continue;
        double now = i == ROOF_FP32 ? roofline_fp32_gflops(r) : i == ROOF_L1 ? roofline_smem_gbs(r)
                                                                               : roofline_bw_gbs(r, (enum roof_level)i);
        const char *unit = i == ROOF_FP32 ? "GFLOP/s" : "GB/s";
        int n = snprintf(buf + used, len - used, "%sthe %s roof is %s's %.0f %s, above the %s ceiling of %.0f %s",
                         used ? "; " : "", names[i], r->raised_by[i], now, unit, roofline_source(r),
                         r->raised_from[i], unit);
        used += n > 0 ? (size_t)n : 0;
    }
    if (used && used < len)
        snprintf(buf + used, len - used, " (roofs are the best this GPU does)");
}

double roofline_ridge_flop_per_byte(const struct roofline *r, enum roof_level l)
{
    return roofline_fp32_gflops(r) / roofline_bw_gbs(r, l); /* NaN propagates */
}

struct roof_position roofline_position(const struct roofline *r, enum roof_level l, double flop_per_byte,
                                       double attained_gflops)
{
    struct roof_position p = {ROOF_BOUND_UNKNOWN, NAN, NAN, 0};
    double bw = roofline_bw_gbs(r, l), peak = roofline_fp32_gflops(r);
    if (isnan(bw) || isnan(peak) || isnan(flop_per_byte))
        return p;
    /* the same comparison as intensity < ridge, without dividing */
    p.bound = bw * flop_per_byte < peak ? ROOF_BOUND_MEMORY : ROOF_BOUND_COMPUTE;
    p.roof_gflops = p.bound == ROOF_BOUND_MEMORY ? bw * flop_per_byte : peak;
    p.pct_of_roof = 100 * attained_gflops / p.roof_gflops;
    /* a point exactly on its roof must not warn through rounding */
    p.above_roof = attained_gflops > p.roof_gflops * (1 + 1e-9);
    return p;
}

void roofline_roof_text(const struct roofline *r, enum roof_level l, enum roof_bound b, char *buf, size_t len)
{
    const char *source = roofline_source(r) ? roofline_source(r) : "no";
    if (b == ROOF_BOUND_MEMORY)
        snprintf(buf, len, "%s %s bandwidth roof (%.0f GB/s)", source, roof_level_name(l), roofline_bw_gbs(r, l));
    else if (b == ROOF_BOUND_COMPUTE)
        snprintf(buf, len, "%s FP32 roof (%.0f GFLOP/s)", source, roofline_fp32_gflops(r));
    else
        snprintf(buf, len, "no %s roof", roof_level_name(l));
}

int roofline_has_point(const double flop_per_byte[ROOF_LEVELS], double attained_gflops)
{
    int any = 0;
    for (int l = 0; l < ROOF_LEVELS; l++)
        any |= isfinite(flop_per_byte[l]) && flop_per_byte[l] > 0;
    return any && isfinite(attained_gflops) && attained_gflops > 0;
}

struct roof_binding roofline_binding(const struct roofline *r, const double flop_per_byte[ROOF_LEVELS],
                                     double attained_gflops)
{
    struct roof_binding b = {0, 0, ROOF_DRAM, NAN, NAN, NAN, 0, 0};
    double peak = roofline_fp32_gflops(r);
    for (int l = 0; l < ROOF_LEVELS; l++) {
        double roof = roofline_bw_gbs(r, (enum roof_level)l) * flop_per_byte[l]; /* NaN when unknown */
        if (isnan(roof) || (b.known && !(roof < b.roof_gflops)))
            continue;
        b = (struct roof_binding){1, 0, (enum roof_level)l, roof, flop_per_byte[l], NAN, 0, 0};
    }
    if (!isnan(peak) && (!b.known || peak <= b.roof_gflops))
        b = (struct roof_binding){1, 1, ROOF_DRAM, peak, NAN, NAN, 0, 0};
    if (!b.known)
        return b;
    b.pct_of_roof = 100 * attained_gflops / b.roof_gflops;
    b.above_roof = attained_gflops > b.roof_gflops * (1 + 1e-9);
    b.far_below = b.pct_of_roof < ROOF_FAR_BELOW_PCT;
    return b;
}

const char *roofline_binding_text(const struct roof_binding *b)
{
    static const char *const level[ROOF_LEVELS] = {"L1/shared bandwidth", "L2 bandwidth", "DRAM bandwidth"};
    if (!b->known)
        return "\xe2\x80\x94"; /* an em dash: not known */
    if (b->far_below)
        return "below every roof";
    return b->compute ? "FP32" : level[b->level];
}
