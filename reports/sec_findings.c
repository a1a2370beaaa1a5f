/* Findings computed from the data: the best variant of each size, where
 * each variant sits on the roofline (memory- or compute-bound against the
 * ridge point of the run's ceilings), and where measurement departs from
 * theory (a ratio beyond ANALYSIS_EXPLAIN_GAP), with the analysis' reason. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/verdict.h"
#include "rundir/run_files.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { MAX_VARIANTS = 128 };

static int matmul_ok(const struct analysis_row *r, const void *arg)
{
    return row_is_ok(r) && !isnan(r->ms.gflop_s) && strcmp(r->family, "matmul") == 0;
}

static int transpose_ok(const struct analysis_row *r, const void *arg)
{
    return row_is_ok(r) && !isnan(r->ms.gb_s) && strcmp(r->family, "transpose") == 0;
}

static int present(const struct report_ctx *c)
{
    return ctx_any(c, matmul_ok, NULL) || ctx_any(c, transpose_ok, NULL);
}

/* The best row at shape s among those pred accepts, by GFLOP/s or GB/s. */
static const struct analysis_row *best_at(const struct report_ctx *c, row_pred pred, const struct shape *s,
                                          int by_flops)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        struct shape rs = row_shape(r);
        if (!pred(r, NULL) || rs.m != s->m || rs.n != s->n || rs.k != s->k)
            continue;
        double v = by_flops ? r->ms.gflop_s : r->ms.gb_s;
        if (!best || v > (by_flops ? best->ms.gflop_s : best->ms.gb_s))
            best = r;
    }
    return best;
}

static int naive_row(const struct analysis_row *r, const void *arg)
{
    return matmul_ok(r, arg) && r->v && r->v->kind == KIND_MM_NAIVE;
}

/* The rate columns of a "fastest of each size" table, from its best row. */
typedef void (*fastest_cells)(struct report_ctx *c, const struct analysis_row *best, const struct shape *s,
                              struct grid *g, size_t row);

static void matmul_cells(struct report_ctx *c, const struct analysis_row *b, const struct shape *s, struct grid *g,
                         size_t row)
{
    const struct analysis_row *naive = best_at(c, naive_row, s, 1);
    char buf[FMT_LEN];
    grid_set(g, row, 2, "%s", fmt_rate_g(buf, b->ms.gflop_s, "FLOP/s"));
    grid_set(g, row, 3, "%s", fmt_pct(buf, 100 * b->ms.gflop_s / roofline_fp32_gflops(&c->roof)));
    grid_set(g, row, 4, "%s", fmt_ratio(buf, naive ? b->ms.gflop_s / naive->ms.gflop_s : NAN));
}

static int transpose_not_copy(const struct analysis_row *r, const void *arg)
{
    return transpose_ok(r, arg) && r->v && r->v->kind != KIND_TR_COPY && r->v->kind != KIND_TR_COPY_SHARED;
}

static void transpose_cells(struct report_ctx *c, const struct analysis_row *b, const struct shape *s,
                            struct grid *g, size_t row)
{
    char buf[FMT_LEN];
    (void)s;
    grid_set(g, row, 2, "%s", fmt_rate_g(buf, b->ms.gb_s, "B/s"));
    grid_set(g, row, 3, "%s", fmt_pct(buf, 100 * b->ms.gb_s / roofline_bw_gbs(&c->roof, ROOF_DRAM)));
    grid_set(g, row, 4, "%s", fmt_pct(buf, b->bw_vs_copy_pct));
}

/* One row per shape: the size, the fastest variant among those pred accepts
 * (by GFLOP/s or GB/s), and columns 2-4 from cells. */
static void fastest_table(struct report_ctx *c, const char *title, const char *const heads[5], row_pred pred,
                          int by_flops, fastest_cells cells)
{
    struct shape s[MAX_SHAPES];
    size_t ns = ctx_shapes(c, pred, NULL, s, MAX_SHAPES);
    if (ns == 0)
        return;
    struct grid *g = ctx_grid(c, heads, 5, "%s", title);
    if (!g)
        return;
    grid_align(g, 1, 'l');
    for (size_t i = 0; i < ns; i++) {
        const struct analysis_row *b = best_at(c, pred, &s[i], by_flops);
        char buf[FMT_LEN], name_buf[49];
        if (!b)
            continue; /* cannot happen: s[i] came from the same rows */
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%s", shape_label(buf, sizeof buf, &s[i]));
        grid_set(g, r, 1, "`%s`", analysis_row_name(b, name_buf, sizeof name_buf - 1));
        cells(c, b, &s[i], g, r);
    }
    doc_table(&c->doc, g);
    grid_free(g);
}

static void best_matmul(struct report_ctx *c)
{
    static const char *const heads[] = {"size", "fastest", "GFLOP/s", "% of FP32 ceiling", "vs naive"};
    fastest_table(c, "Fastest matrix multiplication of each size", heads, matmul_ok, 1, matmul_cells);
}

static void best_transpose(struct report_ctx *c)
{
    static const char *const heads[] = {"size", "fastest", "GB/s", "% of DRAM ceiling", "% of copy kernel"};
    fastest_table(c, "Fastest transpose of each size", heads, transpose_not_copy, 0, transpose_cells);
}

static int gpu_matmul(const struct variant *v, const void *arg)
{
    return v->family == FAMILY_MATMUL && variant_on_gpu(v);
}

static int variant_ok(const struct analysis_row *r, const void *arg)
{
    return matmul_ok(r, NULL) && r->v == arg;
}

/* FLOP per DRAM byte as measured; the compulsory (each byte once) intensity when
 * the run has no DRAM counters. *measured says which. */
static double intensity(const struct analysis_row *r, int *measured)
{
    *measured = !isnan(r->ms.intensity_dram_flop_per_byte);
    return *measured ? r->ms.intensity_dram_flop_per_byte
                     : ctx_column(r, "theory_intensity_compulsory_flop_per_byte");
}

/* Variants by what binds them: each unit of verdict.h, latency. */
struct bound_count {
    size_t by[SOL_UNITS + 1];
};

enum { BY_LATENCY = SOL_UNITS };

static void bound_row(struct report_ctx *c, struct grid *g, const struct analysis_row *a, struct bound_count *n)
{
    char buf[FMT_LEN], size[48], l1[FMT_LEN], l2[FMT_LEN], dram[FMT_LEN], sol[SOL_UNITS][FMT_LEN], text[256],
        name_buf[49];
    int measured;
    struct shape s = row_shape(a);
    double i[ROOF_LEVELS] = {a->ms.intensity_l1_flop_per_byte, a->ms.intensity_l2_flop_per_byte,
                             intensity(a, &measured)};
    struct verdict v = analysis_verdict(a);
    size_t r = grid_row(g);
    grid_set(g, r, 0, "`%s`", analysis_row_name(a, name_buf, sizeof name_buf - 1));
    grid_set(g, r, 1, "%s", shape_label(size, sizeof size, &s));
    grid_set(g, r, 2, "%s · %s · %s%s", fmt_sig(l1, i[ROOF_L1], 3), fmt_sig(l2, i[ROOF_L2], 3),
             fmt_sig(dram, i[ROOF_DRAM], 3), measured ? "" : " (compulsory)");
    verdict_text(a, text, sizeof text);
    grid_set(g, r, 3, "%s", text);
    if (v.pct > 100) { /* a ceiling measured low, or DRAM bytes of an output still in L2 undercounted */
        grid_set(g, r, 3, "%s, above the roof", text);
        grid_flag(g, r, 3, CELL_WARN);
    }
    grid_set(g, r, 4, "%s", fmt_rate_g(buf, a->ms.gflop_s, "FLOP/s"));
    for (int u = 0; u < SOL_UNITS; u++)
        fmt_sig(sol[u], a->sol_pct[u], 2);
    grid_set(g, r, 5, "%s · %s · %s · %s · %s", sol[SOL_DRAM], sol[SOL_L2], sol[SOL_L1_SHARED], sol[SOL_FP32],
             sol[SOL_ISSUE]);
    if (v.kind != VERDICT_UNKNOWN)
        n->by[v.kind == VERDICT_BOUND ? (int)v.unit : BY_LATENCY]++;
}

/* An undeclared kernel of a profile run that the roofline chart draws
 * (plots/chart_roofline.c): counted FLOPs, a rate and an intensity. */
static int app_kernel_drawn(const struct analysis_row *r)
{
    double in[ROOF_LEVELS] = {r->ms.intensity_l1_flop_per_byte, r->ms.intensity_l2_flop_per_byte,
                              r->ms.intensity_dram_flop_per_byte};
    return row_is_ok(r) && analysis_row_is_user_kernel(r) && roofline_has_point(in, r->ms.gflop_s);
}

/* Row i is such a kernel's first drawn launch: the chart's point for it. */
static int app_kernel_point(const struct report_ctx *c, size_t i)
{
    const struct analysis_row *r = &c->a.rows[i];
    if (!app_kernel_drawn(r))
        return 0;
    for (size_t j = 0; j < i; j++)
        if (strcmp(c->a.rows[j].variant, r->variant) == 0 && app_kernel_drawn(&c->a.rows[j]))
            return 0;
    return 1;
}

static void bounds(struct report_ctx *c)
{
    if (!roofline_source(&c->roof)) {
        doc_para(&c->doc, "No ceilings in " RUN_JSON " (neither measured nor datasheet): variants are not classified "
                          "as memory- or compute-bound.");
        return;
    }
    const struct variant *vars[MAX_VARIANTS];
    size_t nv = ctx_variants(c, gpu_matmul, NULL, vars, MAX_VARIANTS);
    char ridge[FMT_LEN];
    const char *const heads[] = {ctx_row_noun(c), "size", "FLOP per byte: L1 · L2 · DRAM", "bound by",
                                        "GFLOP/s", "% of roof: DRAM · L2 · L1/shared · FP32 · issue"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads),
                              "What binds each %s at its largest size: the unit nearest its roof (DRAM, "
                              "L2, L1/shared with shared-memory wavefronts, FP32 pipe, issue), latency-bound "
                              "below %.0f %% of every roof (DRAM ridge %s FLOP/byte, %s ceilings)",
                              ctx_row_noun(c), VERDICT_BOUND_PCT,
                              fmt_sig(ridge, roofline_ridge_flop_per_byte(&c->roof, ROOF_DRAM), 3),
                              roofline_source(&c->roof));
    if (!g)
        return;
    struct bound_count n = {{0}};
    for (size_t v = 0; v < nv; v++) {
        struct shape s[MAX_SHAPES];
        size_t ns = ctx_shapes(c, variant_ok, vars[v], s, MAX_SHAPES);
        if (ns > 0)
            bound_row(c, g, ctx_ok_row(c, vars[v]->name, &s[ns - 1]), &n);
    }
    size_t app_kernels = 0;
    for (size_t i = 0; i < c->a.nrows; i++)
        if (app_kernel_point(c, i)) {
            bound_row(c, g, &c->a.rows[i], &n);
            app_kernels++;
        }
    doc_table(&c->doc, g);
    grid_free(g);
    doc_para(&c->doc, "At their largest size: %zu %s bound by L1/shared bandwidth, %zu by L2, %zu by "
             "DRAM, %zu by the FP32 pipe, %zu by instruction issue, %zu latency-bound (below %.0f %% of every "
             "roof: what their warps wait for, not a bandwidth or a pipe, sets their speed).%s",
             n.by[SOL_L1_SHARED], app_kernels ? "kernel(s)" : "variant(s)", n.by[SOL_L2], n.by[SOL_DRAM],
             n.by[SOL_FP32], n.by[SOL_ISSUE], n.by[BY_LATENCY], VERDICT_BOUND_PCT,
             app_kernels ? " The app's undeclared kernels (no size) stand at their first launch, by the FLOPs "
                           "their counters saw: they have no model to set a theory beside them." : "");
}

/* How far a row strays from its model: the largest |log| of its ratios
 * (CGMA per thread-level word and per sector word, executed FLOPs). */
static double gap_of(const struct analysis_row *r)
{
    double ratios[] = {r->cgma_thread_ratio, r->cgma_sector_ratio, r->flops_executed_ratio}, gap = NAN;
    for (size_t i = 0; i < COUNT_OF(ratios); i++)
        if (!isnan(ratios[i]))
            gap = isnan(gap) ? fabs(log(ratios[i])) : fmax(gap, fabs(log(ratios[i])));
    return gap;
}

static int departs(const struct analysis_row *r)
{
    return analysis_departs(r->cgma_thread_ratio) || analysis_departs(r->cgma_sector_ratio) ||
           analysis_departs(r->flops_executed_ratio);
}

static int measured(const struct analysis_row *r, const void *arg)
{
    return analysis_row_is_gpu_matmul(r) && row_is_ok(r) && !isnan(gap_of(r));
}

/* Each departing variant's row with the largest gap: one line per variant
 * reads better than the same kernel at three sizes. Returns how many. */
static size_t worst_per_variant(const struct report_ctx *c, const struct analysis_row **out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        if (!measured(r, NULL) || !departs(r))
            continue;
        size_t j = 0;
        while (j < n && out[j]->v != r->v)
            j++;
        if (j < n && gap_of(r) > gap_of(out[j]))
            out[j] = r;
        else if (j == n && n < cap)
            out[n++] = r;
    }
    return n;
}

static int by_gap_desc(const void *a, const void *b)
{
    double ga = gap_of(*(const struct analysis_row *const *)a), gb = gap_of(*(const struct analysis_row *const *)b);
    return (ga < gb) - (ga > gb);
}

static void gap_item(struct report_ctx *c, const struct analysis_row *r)
{
    char size[48], t[FMT_LEN], s[FMT_LEN], sector[FMT_LEN + 32] = "";
    struct shape sh = row_shape(r);
    if (!isnan(r->cgma_sector_ratio))
        snprintf(sector, sizeof sector, ", %s per sector word", fmt_ratio(s, r->cgma_sector_ratio));
    doc_item(&c->doc, "`%s` at %s: measured CGMA %s the model per thread-level word%s — %s.", r->variant,
             shape_label(size, sizeof size, &sh), fmt_ratio(t, r->cgma_thread_ratio), sector,
             r->reason[0] ? r->reason : "no reason given");
}

static void theory_gaps(struct report_ctx *c)
{
    const struct analysis_row *top[MAX_VARIANTS];
    if (!ctx_any(c, measured, NULL))
        return;
    size_t n = worst_per_variant(c, top, MAX_VARIANTS);
    if (n == 0) {
        doc_para(&c->doc, "None: every measured matmul's CGMA (2MNK per thread-level word and per sector word) "
                          "and executed FLOPs are within ±%.0f %% of its model.",
                 100 * ANALYSIS_EXPLAIN_GAP);
        return;
    }
    qsort(top, n, sizeof top[0], by_gap_desc);
    doc_para(&c->doc, "Variants whose measured CGMA or executed FLOPs depart from the model by more than ±%.0f %% "
                      "(at the size where they depart most), with the analysis' reason:",
             100 * ANALYSIS_EXPLAIN_GAP);
    doc_list_begin(&c->doc);
    for (size_t k = 0; k < n; k++)
        gap_item(c, top[k]);
    doc_list_end(&c->doc);
}

static void write_findings(struct report_ctx *c)
{
    doc_heading(&c->doc, 3, NULL, "Fastest %s per size", ctx_row_noun(c));
    best_matmul(c);
    best_transpose(c);
    doc_heading(&c->doc, 3, NULL, "Memory- or compute-bound");
    bounds(c);
    plots_embed(&c->plots, &c->doc, sec_findings.anchor); /* the roofline chart, beside its table */
    doc_heading(&c->doc, 3, NULL, "Where measurement departs from theory");
    theory_gaps(c);
}

const struct section sec_findings = {"findings", "Findings", present, write_findings, NULL};
