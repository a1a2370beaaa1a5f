/* The top rung against the vendor: at each size where the library's matmul
 * (a KF_LIBRARY kind, cuBLAS) ran, the fastest of the run's own GPU matmuls
 * beside it, counter by counter, and where the difference comes from in
 * numbers: the counters that differ by more than VERSUS_DIFFER, largest
 * first, each with what it points at. Both rows are timed and counted in
 * the same run; the library's launch geometry is not known (no kernel of
 * ours), so those rows show ours alone. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "model/kind.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { VERSUS_SIG = 4, VERSUS_SHAPES = 8, VERSUS_REASONS = 4 };
#define VERSUS_DIFFER 0.05 /* a ratio this far from 1 is a difference worth a sentence */
#define VERSUS_POINTS 5.0  /* and a share (a percentage) this many points apart */

static int is_library(const struct analysis_row *r)
{
    return r->v && (kind_of(r->v)->flags & KF_LIBRARY);
}

static int library_ok(const struct analysis_row *r, const void *arg)
{
    (void)arg;
    return r->v && r->v->family == FAMILY_MATMUL && is_library(r) && row_is_ok(r) && r->ms.runtime_ms > 0;
}

/* The fastest ok GPU matmul of the run's own at shape s, or NULL. */
static const struct analysis_row *fastest_own(const struct report_ctx *c, const struct shape *s)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        struct shape rs = row_shape(r);
        if (!analysis_row_is_gpu_matmul(r) || is_library(r) || !row_is_ok(r) || !(r->ms.gflop_s > 0) ||
            rs.m != s->m || rs.n != s->n || rs.k != s->k)
            continue;
        if (!best || r->ms.gflop_s > best->ms.gflop_s)
            best = r;
    }
    return best;
}

static const struct analysis_row *library_at(const struct report_ctx *c, const struct shape *s)
{
    for (size_t i = 0; i < c->a.nrows; i++) {
        struct shape rs = row_shape(&c->a.rows[i]);
        if (library_ok(&c->a.rows[i], NULL) && rs.m == s->m && rs.n == s->n && rs.k == s->k)
            return &c->a.rows[i];
    }
    return NULL;
}

static int present(const struct report_ctx *c)
{
    struct shape s[VERSUS_SHAPES];
    size_t n = ctx_shapes(c, library_ok, NULL, s, VERSUS_SHAPES);
    for (size_t i = 0; i < n; i++)
        if (fastest_own(c, &s[i]))
            return 1;
    return 0;
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
    {"global load requests", MS(gld_requests), 1, 0, COUNT, 1, "more requests for the same bytes: narrower global loads"},
    {"L2 read sectors", RAW("lts__t_sectors_op_read.sum"), 1, 0, COUNT, 1,
     "more L2 traffic: block rasterisation (neighbouring blocks sharing tiles) cuts it"},
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

/* Ours alone: the geometry of a library call is not known. */
static void geometry_rows(struct grid *g, const struct analysis_row *own)
{
    const struct {
        const char *label;
        double v;
        int decimals;
    } rows[] = {
        {"blocks", own->geo.grid_blocks, 0},
        {"threads / block", own->geo.threads_per_block, 0},
        {"registers / thread", own->geo.regs_per_thread, 0},
        {"shared memory / block, bytes", own->geo.smem_bytes_per_block, 0},
        {"theoretical occupancy, %", own->geo.theoretical_occupancy_pct, 1},
        {"waves (blocks / the GPU's block slots)", own->geo.waves, 2},
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%s", rows[i].label);
        if (isnan(rows[i].v))
            grid_set(g, r, 1, "%s", FMT_NONE);
        else
            grid_set(g, r, 1, "%.*f", rows[i].decimals, rows[i].v);
        grid_set(g, r, 2, "not known (a library call)");
        grid_set(g, r, 3, "%s", FMT_NONE);
        grid_flag(g, r, 2, CELL_MUTED);
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
    doc_para(&c->doc, worse ? "Where `%s` loses to `%s`, furthest first:" : "Where `%s` is ahead of `%s`:",
             own->variant, lib->variant);
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

static void write_shape(struct report_ctx *c, const struct shape *s)
{
    const struct analysis_row *own = fastest_own(c, s), *lib = library_at(c, s);
    if (!own || !lib)
        return;
    char size[48], t_own[FMT_LEN], t_lib[FMT_LEN], g_own[FMT_LEN], g_lib[FMT_LEN];
    shape_label(size, sizeof size, s);
    double speed = lib->ms.runtime_ms / own->ms.runtime_ms;
    doc_heading(&c->doc, 3, NULL, "%s: `%s` beside `%s`", size, own->variant, lib->variant);
    doc_para(&c->doc, "`%s`, the fastest of this run's own matmuls at %s, runs at **%.3f** of `%s`'s speed (%s "
                      "against %s median; %s against %s).",
             own->variant, size, speed, lib->variant, fmt_time_ms(t_own, own->ms.runtime_ms),
             fmt_time_ms(t_lib, lib->ms.runtime_ms), fmt_rate_g(g_own, own->ms.gflop_s, "FLOP/s"),
             fmt_rate_g(g_lib, lib->ms.gflop_s, "FLOP/s"));
    if (!ctx_has_counters(c)) {
        doc_note(&c->doc, "This run has no hardware counters: where the difference comes from needs them.");
        return;
    }
    char head_own[300], head_lib[300];
    snprintf(head_own, sizeof head_own, "`%s`", own->variant);
    snprintf(head_lib, sizeof head_lib, "`%s`", lib->variant);
    const char *const heads[] = {"counter", head_own, head_lib, "ours ÷ library"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "`%s` and `%s` at %s, each counted in its own pass",
                              own->variant, lib->variant, size);
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
    geometry_rows(g, own);
    doc_table(&c->doc, g);
    grid_free(g);
    size_t worse = reasons(c, own, lib, 1), ahead = reasons(c, own, lib, 0);
    if (worse + ahead == 0)
        doc_para(&c->doc, "No counter differs by more than %.0f %% (%.0f points for a share): the difference is in what "
                          "these counters do not see (instruction order, latencies; `mmprof collect --source` "
                          "samples where the warps wait).",
                 100 * VERSUS_DIFFER, VERSUS_POINTS);
}

static void write_versus(struct report_ctx *c)
{
    doc_para(&c->doc, "The ladder ends at the vendor library. At each size where it ran, the fastest of this run's own "
                      "matmuls stands beside it, both timed and counted in this run, so a gap (or a lead) has "
                      "numbers behind it.");
    struct shape s[VERSUS_SHAPES];
    size_t n = ctx_shapes(c, library_ok, NULL, s, VERSUS_SHAPES);
    for (size_t i = 0; i < n; i++)
        write_shape(c, &s[i]);
}

const struct section sec_versus = {"versus", "The top rung against the vendor library", present, write_versus};
