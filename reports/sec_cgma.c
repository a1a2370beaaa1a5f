/* Theoretical vs measured CGMA for every GPU matmul variant at the largest
 * size it ran, with the analysis' own explanation of any gap. The numbers
 * and the reason come from the analysis library (analysis.csv's columns). */
#include <math.h>
#include <stdio.h>

#include "reports/fmt.h"
#include "rundir/run_files.h"
#include "reports/sections.h"

enum { CGMA_SIG = 3, MAX_VARIANTS = 128 };

static int gpu_matmul(const struct variant *v, const void *arg)
{
    return v->family == FAMILY_MATMUL && variant_on_gpu(v);
}

static int modelled_ok(const struct analysis_row *r, const void *arg)
{
    return analysis_row_is_gpu_matmul(r) && row_is_ok(r) && (!arg || r->v == arg);
}

static int present(const struct report_ctx *c)
{
    return ctx_any(c, modelled_ok, NULL);
}

static void ratio_cell(struct grid *g, size_t r, size_t col, double ratio)
{
    char buf[FMT_LEN];
    grid_set(g, r, col, "%s", fmt_ratio(buf, ratio));
    if (analysis_departs(ratio))
        grid_flag(g, r, col, CELL_WARN);
}

/* "2.21 G (2.21 G)": executed FLOPs measured, the model's in brackets. */
static void executed_cell(struct grid *g, size_t r, size_t col, const struct analysis_row *a)
{
    char m[FMT_LEN], t[FMT_LEN];
    grid_set(g, r, col, "%s (%s)", fmt_si(m, a->ms.flops_executed, ""), fmt_si(t, a->th.flops_executed, ""));
    if (analysis_departs(a->flops_executed_ratio))
        grid_flag(g, r, col, CELL_WARN);
}

static void add_row(struct grid *g, const struct analysis_row *a)
{
    char buf[FMT_LEN], size[48], name_buf[49];
    struct shape s = row_shape(a);
    size_t r = grid_row(g);
    grid_set(g, r, 0, "`%s`", analysis_row_name(a, name_buf, sizeof name_buf - 1));
    grid_set(g, r, 1, "%s", shape_label(size, sizeof size, &s));
    grid_set(g, r, 2, "%s", fmt_sig(buf, a->th.cgma, CGMA_SIG));
    grid_set(g, r, 3, "%s", fmt_sig(buf, a->ms.cgma_thread_flop_per_word, CGMA_SIG));
    ratio_cell(g, r, 4, a->cgma_thread_ratio);
    grid_set(g, r, 5, "%s", fmt_sig(buf, a->th.cgma_sector, CGMA_SIG));
    grid_set(g, r, 6, "%s", fmt_sig(buf, a->ms.cgma_sector_flop_per_word, CGMA_SIG));
    ratio_cell(g, r, 7, a->cgma_sector_ratio);
    grid_set(g, r, 8, "%s", fmt_sig(buf, a->ms.cgma_seed_flop_per_sector, CGMA_SIG));
    executed_cell(g, r, 9, a);
    if (isnan(a->flops_padding_pct))
        grid_set(g, r, 10, "%s", FMT_NONE);
    else
        grid_set(g, r, 10, "%+.1f %%", a->flops_padding_pct);
    grid_set(g, r, 11, "%s", a->reason[0] ? a->reason : "agrees with the model");
}

static void write_cgma(struct report_ctx *c)
{
    const struct variant *vars[MAX_VARIANTS];
    size_t nv = ctx_variants(c, gpu_matmul, NULL, vars, MAX_VARIANTS);
    doc_para(&c->doc, "CGMA = useful FLOPs (2·M·N·K) per 4-byte global word, the same numerator in the theory and "
                      "in the measurement, so their ratio compares the words alone. Theory: 2MNK / (global loads + "
                      "stores of the model), ≈ 2·BS / (1/Rx + 1/Ry). Measured three ways: per thread-level word "
                      "(`sm__sass_data_bytes_mem_global_op_ld/st` ÷ 4, plus the cp.async copies' "
                      "`..._op_ldgsts`), per word of the 32-byte sectors moved (sectors × 8, against the model's "
                      "sectors), and per sector as lab 003 counts it. The FLOPs the kernel executed (FADD + FMUL "
                      "+ 2·FFMA, the zeros of padded edge tiles included) stand beside, with the model's count and "
                      "what they add to 2MNK.");
    if (!ctx_has_counters(c))
        doc_para(&c->doc, "This run has no hardware counters: the theory columns stand alone and the measured ones "
                          "are empty (see Device and environment).");
    const char *const heads[] = {ctx_row_noun(c),
                                        "size",
                                        "theory (flop/word)",
                                        "measured (flop/word)",
                                        "measured / theory",
                                        "sector theory (flop/word)",
                                        "sector measured (flop/word)",
                                        "sector measured / theory",
                                        "lab 003 (flop/sector)",
                                        "executed FLOPs, measured (model)",
                                        "executed beyond 2MNK (padded edge tiles)",
                                        "why they differ (analysis)"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads),
                              "Theoretical vs measured CGMA (useful FLOP per access), largest size "
                              "of each %s",
                              ctx_row_noun(c));
    if (!g)
        return;
    grid_align(g, COUNT_OF(heads) - 1, 'l');
    for (size_t i = 0; i < nv; i++) {
        struct shape s[MAX_SHAPES];
        size_t ns = ctx_shapes(c, modelled_ok, vars[i], s, MAX_SHAPES);
        if (ns > 0)
            add_row(g, ctx_ok_row(c, vars[i]->name, &s[ns - 1]));
    }
    doc_table(&c->doc, g);
    grid_free(g);
    doc_note(&c->doc, "Ratios beyond ±%.0f %% are highlighted; the analysis then names the cause. Every size is "
                      "in `" ANALYSIS_CSV "`.",
             100 * ANALYSIS_EXPLAIN_GAP);
}

const struct section sec_cgma = {"cgma", "Theoretical vs measured CGMA", present, write_cgma, NULL};
