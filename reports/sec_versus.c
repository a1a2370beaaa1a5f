/* The top rung against the vendor: each vendor-library matmul of the run (a
 * KF_LIBRARY kind such as cuBLAS in a collect run; in a profile run, an
 * undeclared kernel whose name is a library's) beside the fastest of the
 * run's own GPU matmuls doing the same work (the same size; for a kernel
 * without one, the same executed FP32 FLOPs within VERSUS_SAME_WORK),
 * counter by counter, and where the difference comes from in numbers: the
 * counters that differ by more than VERSUS_DIFFER, furthest first, each with
 * what it points at. Both rows are timed and counted in the same run; a
 * library call's launch geometry is not known in a collect run (no kernel of
 * ours), so those rows show ours alone. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "analysis/kernel_facts.h"
#include "model/kind.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { VERSUS_SIG = 4, VERSUS_PAIRS = 8, VERSUS_REASONS = 4, VERSUS_NAME = 48 };
#define VERSUS_DIFFER 0.05    /* a ratio this far from 1 is a difference worth a sentence */
#define VERSUS_POINTS 5.0     /* and a share (a percentage) this many points apart */
#define VERSUS_SAME_WORK 0.01 /* executed FLOPs this close: the same problem */

/* Parts of the names cuBLAS's and CUTLASS's FP32 matmul kernels carry
 * (sm80_xmma_gemm_f32f32_..., ampere_sgemm_128x64_nn, cutlass_80_simt_sgemm_...,
 * gemmSN_NN_kernel). */
static const char *const library_kernel_names[] = {"xmma_gemm", "sgemm", "cutlass", "gemmSN"};

static int is_library(const struct analysis_row *r)
{
    if (r->v)
        return (kind_of(r->v)->flags & KF_LIBRARY) != 0;
    for (size_t i = 0; analysis_row_is_user_kernel(r) && i < COUNT_OF(library_kernel_names); i++)
        if (strstr(r->variant, library_kernel_names[i]))
            return 1;
    return 0;
}

static int library_ok(const struct analysis_row *r)
{
    return is_library(r) && (!r->v || r->v->family == FAMILY_MATMUL) && row_is_ok(r) && r->ms.runtime_ms > 0;
}

/* Whether own does lib's work: the same size, or for a library kernel
 * without one (a profile run's), the same executed FP32 FLOPs. */
static int same_work(const struct analysis_row *own, const struct analysis_row *lib)
{
    if (lib->m > 0)
        return own->m == lib->m && own->n == lib->n && own->k == lib->k;
    double ratio = own->ms.flops_executed / lib->ms.flops_executed;
    return isfinite(ratio) && fabs(ratio - 1) <= VERSUS_SAME_WORK;
}

/* The fastest ok GPU matmul of the run's own doing lib's work, or NULL. */
static const struct analysis_row *fastest_own(const struct report_ctx *c, const struct analysis_row *lib)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        if (!analysis_row_is_gpu_matmul(r) || is_library(r) || !row_is_ok(r) || !(r->ms.runtime_ms > 0) ||
            !same_work(r, lib))
            continue;
        if (!best || r->ms.runtime_ms < best->ms.runtime_ms)
            best = r;
    }
    return best;
}

/* The library rows with an own matmul beside them, one per kernel (its
 * first row), in the run's order; returns how many (at most cap). */
static size_t pairs(const struct report_ctx *c, const struct analysis_row **lib, const struct analysis_row **own,
                    size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < c->a.nrows && n < cap; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        int seen = 0;
        for (size_t j = 0; j < n && !seen; j++)
            seen = analysis_same_kernel(lib[j], r);
        if (seen || !library_ok(r) || !(own[n] = fastest_own(c, r)))
            continue;
        lib[n++] = r;
    }
    return n;
}

static int present(const struct report_ctx *c)
{
    const struct analysis_row *lib[VERSUS_PAIRS], *own[VERSUS_PAIRS];
    return pairs(c, lib, own, VERSUS_PAIRS) > 0;
}

/* A row's name in the section: a declared variant's, or a kernel's cut. */
static const char *name_of(const struct analysis_row *r, char *buf)
{
    if (r->v)
        return r->variant;
    return analysis_kernel_label(r, buf, VERSUS_NAME - 1);
}

enum scale { COUNT, RATE, SHARE }; /* fmt_si; fmt_sig; a percentage, compared in points */

/* Where a counter's value comes from: a field of the analysis' measurement
 * (offsetof struct measured), or a raw results.csv column. */
#define MS(field) offsetof(struct measured, field), NULL
#define RAW(column) 0, column

/* A counter compared: which way is worse for ours, and what a difference
 * that way points at (NULL: the outcome, shown, never a reason). per_warp_ffma:
 * divided by the warp-level FFMAs (thread FFMAs / 32), the cost of each
 * multiply-add. */
static const struct {
    const char *label;
    size_t field;
    const char *raw;
    double scale;
    int per_warp_ffma;
    enum scale shown;
    int higher_is_worse;
    const char *points_at;
} counters[] = {
    {"elapsed cycles (profiled pass)", RAW("sm__cycles_elapsed.avg"), 1, 0, COUNT, 1, NULL},
    {"FP32 FLOPs executed", MS(flops_executed), 1, 0, COUNT, 1, "FLOPs beyond 2·M·N·K are padded edge tiles' zeros"},
    {"instructions issued per cycle (IPC)", MS(ipc), 1, 0, RATE, 0,
     "fewer instructions a cycle for the same FFMAs: issue slots lost to waits (the stall reasons per source "
     "line say which)"},
    {"SM busy, % of elapsed cycles", MS(sm_efficiency_pct), 1, 0, SHARE, 0,
     "idle SMs: too few blocks for the SMs, or a tail wave"},
    {"achieved occupancy, %", MS(achieved_occupancy_pct), 1, 0, SHARE, 0, "fewer warps to hide latency with"},
    {"shared wavefronts per warp FFMA", MS(shared_wavefronts), 1, 1, RATE, 1,
     "more shared-memory traffic per multiply-add: wider fragment loads (LDS.128) and a warp tile that reuses "
     "each fragment over more outputs cut it"},
    {"bank-conflict share of shared loads, %", MS(bank_conflict_rate_ld), 100, 0, SHARE, 1,
     "shared loads replayed for bank conflicts"},
    {"global load requests", MS(gld_requests), 1, 0, COUNT, 1,
     "more load requests: smaller tiles fetch each value more often, and narrower loads take more requests for the "
     "same bytes"},
    {"L2 read sectors", RAW("lts__t_sectors_op_read.sum"), 1, 0, COUNT, 1,
     "more L2 traffic: smaller tiles fetch each value more often; block rasterisation (neighbouring blocks "
     "sharing tiles) cuts what is left"},
    {"DRAM bytes", MS(dram_bytes), 1, 0, COUNT, 1, "DRAM traffic beyond the compulsory: tiles fetched again"},
};

static double counter_value(const struct report_ctx *c, size_t i, const struct analysis_row *r)
{
    double v = counters[i].raw ? ctx_raw(c, r, counters[i].raw)
                               : *(const double *)((const char *)&r->ms + counters[i].field);
    if (counters[i].per_warp_ffma)
        v = r->ms.ffma > 0 ? v / (r->ms.ffma / 32) : NAN;
    return v * counters[i].scale;
}

static char *value_text(char *buf, enum scale scale, double v)
{
    if (isnan(v))
        return strcpy(buf, FMT_NONE);
    return scale == COUNT ? fmt_si(buf, v, "") : fmt_sig(buf, v, VERSUS_SIG);
}

/* How far ours is from the library's, signed: > 0 worse for ours. A share
 * in points over VERSUS_POINTS, anything else as a ratio over
 * VERSUS_DIFFER; 0 within those, or when either is not measured. */
static double worse_by(size_t i, double own, double lib)
{
    double d;
    if (!isfinite(own) || !isfinite(lib))
        return 0;
    if (counters[i].shown == SHARE)
        d = fabs(own - lib) > VERSUS_POINTS ? (own - lib) / VERSUS_POINTS : 0;
    else
        d = own > 0 && lib > 0 && fabs(log(own / lib)) > log(1 + VERSUS_DIFFER) ? log(own / lib) / log(1 + VERSUS_DIFFER) : 0;
    return counters[i].higher_is_worse ? d : -d;
}

/* "+18.0 points"; "0.0 points" for a difference that rounds to none. */
static char *points_text(char *buf, double d)
{
    snprintf(buf, FMT_LEN, fabs(d) < 0.05 ? "0.0 points" : "%+.1f points", d);
    return buf;
}

static void value_cell(struct grid *g, size_t r, size_t col, enum scale scale, double v)
{
    char buf[FMT_LEN];
    grid_set(g, r, col, "%s", value_text(buf, scale, v));
}

static void compare_cell(struct grid *g, size_t r, size_t i, double own, double lib)
{
    char buf[FMT_LEN];
    if (counters[i].shown == SHARE)
        grid_set(g, r, 3, "%s", points_text(buf, own - lib));
    else
        grid_set(g, r, 3, "%s", own > 0 && lib > 0 ? fmt_ratio(buf, own / lib) : FMT_NONE);
    if (worse_by(i, own, lib) > 0)
        grid_flag(g, r, 3, CELL_WARN);
}

/* The launch geometry of both; a library call's is not known (no kernel of
 * ours: a collect run's cuBLAS), a profile run's library kernel has its own. */
static void geometry_rows(struct grid *g, const struct analysis_row *own, const struct analysis_row *lib)
{
    const struct {
        const char *label;
        size_t field;
        int decimals;
    } rows[] = {
        {"blocks", offsetof(struct geometry, grid_blocks), 0},
        {"threads / block", offsetof(struct geometry, threads_per_block), 0},
        {"registers / thread", offsetof(struct geometry, regs_per_thread), 0},
        {"shared memory / block, bytes", offsetof(struct geometry, smem_bytes_per_block), 0},
        {"theoretical occupancy, %", offsetof(struct geometry, theoretical_occupancy_pct), 1},
        {"waves (blocks / the GPU's block slots)", offsetof(struct geometry, waves), 2},
    };
    const struct analysis_row *side[2] = {own, lib};
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%s", rows[i].label);
        for (int k = 0; k < 2; k++) {
            double v = *(const double *)((const char *)&side[k]->geo + rows[i].field);
            if (k == 1 && side[k]->v) {
                grid_set(g, r, 2, "not known (a library call)");
                grid_flag(g, r, 2, CELL_MUTED);
            } else if (isnan(v)) {
                grid_set(g, r, 1 + (size_t)k, "%s", FMT_NONE);
            } else {
                grid_set(g, r, 1 + (size_t)k, "%.*f", rows[i].decimals, v);
            }
        }
        grid_set(g, r, 3, "%s", FMT_NONE);
    }
}

/* The counters on one side of the comparison (worse: ours loses there; else
 * ours is ahead there) as a list, furthest first; 0 when none. */
static size_t reasons(struct report_ctx *c, const struct analysis_row *own, const struct analysis_row *lib, int worse)
{
    size_t order[COUNT_OF(counters)], n = 0;
    double weight[COUNT_OF(counters)];
    for (size_t i = 0; i < COUNT_OF(counters); i++) {
        weight[i] = worse_by(i, counter_value(c, i, own), counter_value(c, i, lib)) * (worse ? 1 : -1);
        if (counters[i].points_at && weight[i] > 0)
            order[n++] = i;
    }
    for (size_t i = 1; i < n; i++) /* furthest first; n is a handful */
        for (size_t j = i; j > 0 && weight[order[j]] > weight[order[j - 1]]; j--) {
            size_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (n == 0)
        return 0;
    char a_name[VERSUS_NAME], b_name[VERSUS_NAME];
    doc_para(&c->doc, worse ? "Where `%s` loses to `%s`, furthest first:" : "Where `%s` is ahead of `%s`:",
             name_of(own, a_name), name_of(lib, b_name));
    doc_list_begin(&c->doc);
    for (size_t k = 0; k < n && k < VERSUS_REASONS; k++) {
        size_t i = order[k];
        char a[FMT_LEN], b[FMT_LEN], d[FMT_LEN];
        double x = counter_value(c, i, own), y = counter_value(c, i, lib);
        if (counters[i].shown == SHARE)
            points_text(d, x - y);
        else
            fmt_ratio(d, x / y);
        doc_item(&c->doc, "%s: %s against %s (%s)%s%s.", counters[i].label, value_text(a, counters[i].shown, x),
                 value_text(b, counters[i].shown, y), d, worse ? ": " : "", worse ? counters[i].points_at : "");
    }
    doc_list_end(&c->doc);
    return n;
}

static void write_pair(struct report_ctx *c, const struct analysis_row *own, const struct analysis_row *lib)
{
    char size[48], t_own[FMT_LEN], t_lib[FMT_LEN], g_own[FMT_LEN], g_lib[FMT_LEN], a[VERSUS_NAME], b[VERSUS_NAME];
    struct shape s = row_shape(own);
    shape_label(size, sizeof size, &s);
    const char *own_name = name_of(own, a), *lib_name = name_of(lib, b);
    double speed = lib->ms.runtime_ms / own->ms.runtime_ms;
    doc_heading(&c->doc, 3, NULL, "%s: `%s` beside `%s`", size, own_name, lib_name);
    doc_para(&c->doc, "`%s`, the fastest of this run's own matmuls at %s, runs at **%.3f** of `%s`'s speed (%s "
                      "against %s median; %s against %s).",
             own_name, size, speed, lib_name, fmt_time_ms(t_own, own->ms.runtime_ms),
             fmt_time_ms(t_lib, lib->ms.runtime_ms), fmt_rate_g(g_own, own->ms.gflop_s, "FLOP/s"),
             fmt_rate_g(g_lib, lib->ms.gflop_s, "FLOP/s"));
    if (!ctx_has_counters(c)) {
        doc_note(&c->doc, "This run has no hardware counters: where the difference comes from needs them.");
        return;
    }
    char head_own[sizeof own->variant + 2], head_lib[sizeof lib->variant + 2];
    snprintf(head_own, sizeof head_own, "`%s`", own_name);
    snprintf(head_lib, sizeof head_lib, "`%s`", lib_name);
    const char *const heads[] = {"counter", head_own, head_lib, "ours ÷ library"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "`%s` and `%s` at %s, each counted in its own pass",
                              own_name, lib_name, size);
    if (!g)
        return;
    for (size_t i = 0; i < COUNT_OF(counters); i++) {
        size_t r = grid_row(g);
        double x = counter_value(c, i, own), y = counter_value(c, i, lib);
        grid_set(g, r, 0, "%s", counters[i].label);
        value_cell(g, r, 1, counters[i].shown, x);
        value_cell(g, r, 2, counters[i].shown, y);
        compare_cell(g, r, i, x, y);
    }
    if (own->top_stall[0] || lib->top_stall[0]) {
        size_t r = grid_row(g);
        grid_set(g, r, 0, "top stall reason (PC samples)");
        grid_set(g, r, 1, "%s", own->top_stall[0] ? own->top_stall : FMT_NONE);
        grid_set(g, r, 2, "%s", lib->top_stall[0] ? lib->top_stall : FMT_NONE);
        grid_set(g, r, 3, "%s", FMT_NONE);
    }
    geometry_rows(g, own, lib);
    doc_table(&c->doc, g);
    grid_free(g);
    size_t worse = reasons(c, own, lib, 1), ahead = reasons(c, own, lib, 0);
    if (worse + ahead == 0)
        doc_para(&c->doc, "No counter differs by more than %.0f %% (%.0f points for a share): the difference is in what "
                          "these counters do not see (instruction order, latencies; `--source` samples where the "
                          "warps wait).",
                 100 * VERSUS_DIFFER, VERSUS_POINTS);
}

static void write_versus(struct report_ctx *c)
{
    const struct analysis_row *lib[VERSUS_PAIRS], *own[VERSUS_PAIRS];
    size_t n = pairs(c, lib, own, VERSUS_PAIRS);
    if (ctx_is_profile(c))
        doc_para(&c->doc, "The app's declared matmul beside the vendor library's kernel doing the same work (the same "
                          "executed FP32 FLOPs, within %.0f %%), both timed and counted in this run, so a gap (or a "
                          "lead) has numbers behind it.",
                 100 * VERSUS_SAME_WORK);
    else
        doc_para(&c->doc, "The ladder ends at the vendor library. At each size where it ran, the fastest of this run's "
                          "own matmuls stands beside it, both timed and counted in this run, so a gap (or a lead) has "
                          "numbers behind it.");
    for (size_t i = 0; i < n; i++)
        write_pair(c, own[i], lib[i]);
}

const struct section sec_versus = {"versus", "The top rung against the vendor library", present, write_versus};
