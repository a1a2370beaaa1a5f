/* Device and environment: what ran, where, with which software, at which
 * clocks, and the ceilings the run measured next to the datasheet's. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "model/ceilings.h"
#include "rundir/run_files.h"
#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/sections.h"

static void kv(struct grid *g, const char *key, const char *value)
{
    size_t r = grid_row(g);
    grid_set(g, r, 0, "%s", key);
    grid_set(g, r, 1, "%s", value);
}

static void kv_meta(struct grid *g, const struct report_ctx *c, const char *key, const char *path)
{
    char buf[64];
    const char *text = meta_text(&c->meta, path, buf, sizeof buf);
    kv(g, key, text ? text : FMT_NONE);
}

/* A row only where run.json holds it: what one kind of run does not have
 * (a profile run has no input seed or warm-up launches of its own) is left
 * out rather than shown as not measured. */
static void kv_meta_held(struct grid *g, const struct report_ctx *c, const char *key, const char *path)
{
    if (meta_at(&c->meta, path))
        kv_meta(g, c, key, path);
}

/* "1980 → 1755 MHz": a clock that moved during the run is worth seeing. */
static void kv_clock(struct grid *g, const struct report_ctx *c, const char *key, const char *which)
{
    char before[96], after[96], text[128];
    snprintf(before, sizeof before, "clocks.before.%s", which);
    snprintf(after, sizeof after, "clocks.after.%s", which);
    double b = meta_num(&c->meta, before), a = meta_num(&c->meta, after);
    const char *note = meta_str(&c->meta, "clocks.before.note");
    if (isnan(b) && isnan(a))
        snprintf(text, sizeof text, "%s", note ? note : FMT_NONE);
    else
        snprintf(text, sizeof text, "%.0f MHz before, %.0f MHz after", b, a);
    kv(g, key, text);
}

/* A two-column table of names and values (text, so left-aligned). */
static struct grid *kv_grid(struct report_ctx *c, const char *caption, const char *key)
{
    const char *heads[] = {key, "value"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "%s", caption);
    if (g)
        grid_align(g, 1, 'l');
    return g;
}

static void device_table(struct report_ctx *c)
{
    char buf[FMT_LEN];
    struct grid *g = kv_grid(c, "GPU", "property");
    if (!g)
        return;
    kv_meta(g, c, "name", "device.name");
    kv_meta(g, c, "SKU (datasheet)", "ceilings.datasheet.sku");
    kv_meta(g, c, "compute capability", "device.cc");
    kv_meta(g, c, "SMs", "device.sm_count");
    kv(g, "memory", fmt_bytes_bin(buf, meta_num(&c->meta, "device.memory_bytes")));
    kv(g, "L2 cache", fmt_bytes_bin(buf, meta_num(&c->meta, "device.l2_bytes")));
    kv(g, "shared memory per SM", fmt_bytes_bin(buf, meta_num(&c->meta, "device.shared_per_sm_bytes")));
    kv_meta(g, c, "max SM clock (MHz)", "device.sm_clock_max_mhz");
    kv_meta(g, c, "max memory clock (MHz)", "device.mem_clock_max_mhz");
    kv_clock(g, c, "SM clock", "sm_mhz");
    kv_clock(g, c, "memory clock", "mem_mhz");
    kv_meta(g, c, "clock policy", "clocks.policy");
    doc_table(&c->doc, g);
    grid_free(g);
}

static void software_table(struct report_ctx *c)
{
    char buf[FMT_LEN];
    struct grid *g = kv_grid(c, "Software and method", "item");
    if (!g)
        return;
    kv_meta(g, c, "NVIDIA driver", "versions.driver");
    kv_meta(g, c, "CUDA runtime", "versions.cuda_runtime");
    kv_meta(g, c, "CUDA driver API", "versions.cuda_driver_api");
    kv_meta(g, c, "CUPTI API", "versions.cupti_api");
    kv_meta(g, c, "mmprof", "version");
    kv_meta(g, c, "timing", "timing.method");
    kv_meta_held(g, c, "warm-up launches", "timing.warmup");
    kv_meta(g, c, "profiling", "profiling.state");
    kv_meta(g, c, "profiler chip", "profiling.chip");
    kv_meta(g, c, "passes per kernel", "profiling.passes");
    kv_meta(g, c, "CUPTI config images", "profiling.config_images");
    kv_meta(g, c, "counter schedule", "profiling.schedule");
    kv_meta(g, c, "cache policy", "profiling.cache_policy");
    const cJSON *metrics = meta_at(&c->meta, "metrics");
    kv(g, "metrics", cJSON_IsArray(metrics) ? fmt_si(buf, cJSON_GetArraySize(metrics), "") : FMT_NONE);
    kv_meta_held(g, c, "input seed", "seed");
    doc_table(&c->doc, g);
    grid_free(g);
}

/* The datasheet figure a measured ceiling is read against. */
static double datasheet_of(const struct report_ctx *c, enum ceiling_id id)
{
    char path[96];
    if (id == CEIL_DRAM_COPY || id == CEIL_DRAM_READ || id == CEIL_DRAM_WRITE)
        return meta_num(&c->meta, "ceilings.datasheet.dram_gbs");
    snprintf(path, sizeof path, "ceilings.datasheet.%s", ceiling_key(id));
    return meta_num(&c->meta, path);
}

static void ceilings_table(struct report_ctx *c)
{
    char m[FMT_LEN], d[FMT_LEN], p[FMT_LEN], path[96];
    static const char *const heads[] = {"ceiling", "measured", "datasheet", "measured / datasheet"};
    char caption[160] = "Ceilings: measured by micro-kernels in this run, and the datasheet's";
    double measured_s = meta_num(&c->meta, "ceilings.measured_unix_s");
    time_t when = measured_s > 0 ? (time_t)measured_s : 0;
    const struct tm *tm = when > 0 ? gmtime(&when) : NULL;
    if (cJSON_IsTrue(meta_at(&c->meta, "ceilings.reused")) && tm) {
        char at[32];
        strftime(at, sizeof at, "%Y-%m-%d %H:%M UTC", tm);
        snprintf(caption, sizeof caption,
                 "Ceilings: measured by micro-kernels on this GPU at %s, before this run (kept an hour), "
                 "and the datasheet's", at);
    }
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "%s", caption);
    if (!g)
        return;
    for (int id = 0; id < CEIL_COUNT; id++) {
        const char *unit = strcmp(ceiling_unit(id), "GB/s") == 0 ? "B/s" : "FLOP/s";
        snprintf(path, sizeof path, "ceilings.measured.%s", ceiling_key(id));
        double measured = meta_num(&c->meta, path), sheet = datasheet_of(c, id);
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%s", ceiling_label(id));
        grid_set(g, r, 1, "%s", fmt_rate_g(m, measured, unit));
        grid_set(g, r, 2, "%s", fmt_rate_g(d, sheet, unit));
        grid_set(g, r, 3, "%s", fmt_pct(p, 100 * measured / sheet));
    }
    double clock = meta_num(&c->meta, "ceilings.measured.sm_clock_mhz");
    double boost = meta_num(&c->meta, "ceilings.datasheet.boost_mhz");
    size_t r = grid_row(g);
    grid_set(g, r, 0, "SM clock (during FP32 / boost)");
    grid_set(g, r, 1, "%s", fmt_si(m, 1e6 * clock, "Hz"));
    grid_set(g, r, 2, "%s", fmt_si(d, 1e6 * boost, "Hz"));
    grid_set(g, r, 3, "%s", fmt_pct(p, 100 * clock / boost));
    doc_table(&c->doc, g);
    grid_free(g);
}

static void ceiling_notes(struct report_ctx *c)
{
    const char *note = meta_str(&c->meta, "ceilings.datasheet.note");
    const cJSON *computed = meta_at(&c->meta, "ceilings.datasheet.computed");
    if (cJSON_IsTrue(computed))
        doc_note(&c->doc, "This GPU is not in mmprof's datasheet table: its \"datasheet\" peaks are computed from "
                          "the device's own properties.");
    if (note && note[0])
        doc_note(&c->doc, "%s", note);
    const cJSON *warnings = meta_at(&c->meta, "ceilings.warnings");
    if (!cJSON_IsArray(warnings) || cJSON_GetArraySize(warnings) == 0)
        return;
    doc_para(&c->doc, "**Warnings from the ceiling measurement:**");
    doc_list_begin(&c->doc);
    const cJSON *w;
    cJSON_ArrayForEach(w, warnings)
        if (cJSON_IsString(w))
            doc_item(&c->doc, "⚠ %s", w->valuestring);
    doc_list_end(&c->doc);
}

/* Which roofline the findings use, with its ridge: the same roofs the
 * roofline chart draws (analysis/roofline.h). */
static void roofline_note(struct report_ctx *c)
{
    const struct roofline *r = &c->roof;
    char fp32[FMT_LEN], dram[FMT_LEN], ridge[FMT_LEN], kind[64] = "";
    if (!roofline_source(r)) {
        doc_note(&c->doc, RUN_JSON " holds no usable ceilings and names no device the SKU table knows, so the "
                          "findings below cannot place %s on a roofline. `mmprof %s` measures the ceilings once per "
                          "run.",
                 ctx_is_profile(c) ? "kernels" : "variants", ctx_is_profile(c) ? "profile" : "collect");
        return;
    }
    if (r->has_measured && r->dram_kind[0] && !r->raised_by[ROOF_DRAM][0])
        snprintf(kind, sizeof kind, " (%s, the best of copy, read and write)", r->dram_kind);
    doc_note(&c->doc, "The findings place %s on the %s roofline%s%s: FP32 %s and DRAM %s%s meet at %s FLOP per "
                      "DRAM byte (the ridge point).",
             ctx_is_profile(c) ? "kernels" : "variants", roofline_source(r), r->has_measured ? "" : " of the ", r->has_measured ? "" : r->sku,
             fmt_rate_g(fp32, roofline_fp32_gflops(r), "FLOP/s"),
             fmt_rate_g(dram, roofline_bw_gbs(r, ROOF_DRAM), "B/s"), kind, fmt_sig(ridge, roofline_ridge_flop_per_byte(r, ROOF_DRAM), 3));
    char raised[1024];
    roofline_raised_text(r, raised, sizeof raised);
    if (raised[0])
        doc_note(&c->doc, "**Roof raised**: %s.", raised);
}

static int present(const struct report_ctx *c)
{
    return 1; /* every report says where it was measured */
}

/* Restricted mode: what the run lacks, why, and what stands in for it. */
static void counters_note(struct report_ctx *c)
{
    const char *state = meta_str(&c->meta, "profiling.state");
    doc_para(&c->doc,
             "**No hardware counters in this run** (profiling: %s). Verification, timing, the theory, the launch "
             "geometry and the occupancy API's figures are here; every counter is not. Cells marked *" CELL_ESTIMATE_MARK
             "* are estimates standing where a measurement would: the model's counts and CGMA, the occupancy API's "
             "theoretical occupancy for the achieved one. To measure them, collect where profiling is allowed "
             "(docs/restricted.md); `mmprof collect --require counters` stops instead of falling back.",
             state ? state : FMT_NONE);
}

static void write_env(struct report_ctx *c)
{
    const char *cmd = meta_str(&c->meta, "command_line");
    if (cmd && cmd[0])
        doc_para(&c->doc, "Collected with `%s`.", cmd);
    if (!ctx_has_counters(c))
        counters_note(c);
    doc_pair_begin(&c->doc);
    device_table(c);
    software_table(c);
    doc_pair_end(&c->doc);
    if (meta_at(&c->meta, "ceilings")) {
        ceilings_table(c);
        ceiling_notes(c);
    }
    roofline_note(c);
}

const struct section sec_env = {"environment", "Device and environment", present, write_env, NULL};
