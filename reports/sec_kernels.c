/* "Where the GPU time goes", the first section of a profile run's report:
 * every kernel of the app (name and launch shape, its launches together)
 * by its share of GPU time with a bar, its bound verdict and top finding;
 * then one subsection per kernel taking at least KERNEL_SECTION_PCT of the
 * time: speed of light per unit, launch facts and occupancy, memory,
 * stalls and every finding with its evidence, estimated gain and fix. The
 * verdict and findings are analysis/verdict.c's and analysis/findings.c's,
 * as `mmprof analyze --findings` prints them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/findings.h"
#include "analysis/kernel_facts.h"
#include "analysis/verdict.h"
#include "reports/fmt.h"
#include "reports/sections.h"

#define KERNEL_SECTION_PCT 1.0
enum { LABEL_CHARS = 72, TABLE_LABEL_CHARS = 40, BAR_CELLS = 10 };

static int present(const struct report_ctx *c)
{
    if (!ctx_is_profile(c))
        return 0;
    for (size_t i = 0; i < c->a.nrows; i++)
        if (analysis_row_on_gpu(&c->a.rows[i]))
            return 1;
    return 0;
}

/* A bar of BAR_CELLS cells for pct of 100, in block characters. */
static const char *bar(char *buf, size_t len, double pct)
{
    size_t cells = isfinite(pct) ? (size_t)lround(pct / 100.0 * BAR_CELLS) : 0, o = 0;
    for (size_t i = 0; i < cells && o + 4 < len; i++) {
        memcpy(buf + o, "\xe2\x96\x88", 3); /* U+2588 full block */
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}

static void time_table(struct report_ctx *c, const struct analysis_row **k, size_t n)
{
    static const char *const heads[] = {"#", "kernel", "launches", "time", "GPU time share", "bound",
                                        "top finding (gain)"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads),
                              "Every kernel of the app, hottest first: its launches' time and share of the GPU "
                              "time, what binds it (the unit nearest its roof, latency-bound below %.0f %% of "
                              "every roof) and the finding with the largest estimated gain",
                              VERDICT_BOUND_PCT);
    if (!g)
        return;
    grid_align(g, 1, 'l');
    grid_align(g, 4, 'l');
    grid_align(g, 6, 'l');
    for (size_t i = 0; i < n; i++) {
        char name[LABEL_CHARS + 1], t[FMT_LEN], pct[FMT_LEN], b[BAR_CELLS * 3 + 1], err[256];
        struct finding f[FINDINGS_MAX];
        int nf = findings_for(k[i], f, FINDINGS_MAX, err, sizeof err);
        size_t r = grid_row(g);
        grid_set(g, r, 0, "%zu", i + 1);
        grid_set(g, r, 1, "`%s`", analysis_kernel_label(k[i], name, TABLE_LABEL_CHARS));
        grid_set(g, r, 2, "%.0f", k[i]->launches);
        grid_set(g, r, 3, "%s", fmt_time_ms(t, analysis_kernel_time_ms(&c->a, k[i])));
        grid_set(g, r, 4, "%s %s", fmt_pct(pct, k[i]->time_share_pct), bar(b, sizeof b, k[i]->time_share_pct));
        grid_set(g, r, 5, "%s", verdict_word(k[i])[0] ? verdict_word(k[i]) : FMT_NONE);
        if (nf > 0 && isfinite(f[0].gain_pct))
            grid_set(g, r, 6, "%s (%.0f %%)", f[0].id, f[0].gain_pct);
        else if (nf > 0)
            grid_set(g, r, 6, "%s (gain not known)", f[0].id);
        else
            grid_set(g, r, 6, "%s", nf < 0 ? err : FMT_NONE);
    }
    doc_table(&c->doc, g);
    grid_free(g);
}

static void sol_item(struct report_ctx *c, const struct analysis_row *r)
{
    char v[256], s[SOL_UNITS][FMT_LEN];
    verdict_text(r, v, sizeof v);
    for (int u = 0; u < SOL_UNITS; u++)
        fmt_pct(s[u], r->sol_pct[u]);
    doc_item(&c->doc, "**Bound:** %s. Speed of light (%% of each roof): DRAM %s · L2 %s · L1/shared %s · FP32 %s · "
             "issue %s.", v, s[SOL_DRAM], s[SOL_L2], s[SOL_L1_SHARED], s[SOL_FP32], s[SOL_ISSUE]);
}

/* A count, or FMT_NONE when 0 or not known. */
static void whole(char *buf, size_t len, double v)
{
    if (v > 0)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%s", FMT_NONE);
}

static void launch_item(struct report_ctx *c, const struct analysis_row *r)
{
    const struct geometry *g = &r->geo;
    char regs[FMT_LEN], smem[FMT_LEN], bps[FMT_LEN], theo[FMT_LEN], ach[FMT_LEN], waves[FMT_LEN];
    whole(regs, sizeof regs, g->regs_per_thread); /* 0: not read */
    whole(bps, sizeof bps, g->blocks_per_sm);
    doc_item(&c->doc, "**Launch:** %.0f blocks of %.0f threads; %s registers per thread, %s of shared memory per "
             "block; %s blocks per SM (limited by %s), %s theoretical occupancy, %s achieved; %s waves.",
             g->grid_blocks, g->threads_per_block, regs, fmt_bytes_bin(smem, g->smem_bytes_per_block), bps,
             g->limiter[0] ? g->limiter : FMT_NONE,
             fmt_pct(theo, g->theoretical_occupancy_pct > 0 ? g->theoretical_occupancy_pct : NAN),
             fmt_pct(ach, r->ms.achieved_occupancy_pct), fmt_sig(waves, g->waves, 3));
}

static void memory_item(struct report_ctx *c, const struct analysis_row *r)
{
    const struct measured *m = &r->ms;
    char ld[FMT_LEN], st[FMT_LEN], sld[FMT_LEN], sst[FMT_LEN], wld[FMT_LEN], wst[FMT_LEN], ipc[FMT_LEN];
    char stores[2 * FMT_LEN + 64];
    if (m->gst_sectors > 0)
        snprintf(stores, sizeof stores, "stores %s (%s)", fmt_pct(st, ctx_column(r, "meas_gst_efficiency_pct")),
                 fmt_sig(sst, m->sectors_per_request_st, 3));
    else /* a kernel that writes no global memory (its results stay in shared memory or go by atomics) */
        snprintf(stores, sizeof stores, "no global stores");
    char shared[2 * FMT_LEN + 96];
    if (m->shared_wavefronts > 0) /* a direction it does not use reads "none" */
        snprintf(shared, sizeof shared, "shared loads %s-way and stores %s-way bank conflicts",
                 isfinite(m->bank_ways_ld) ? fmt_sig(wld, m->bank_ways_ld, 3) : "none",
                 isfinite(m->bank_ways_st) ? fmt_sig(wst, m->bank_ways_st, 3) : "none");
    else
        snprintf(shared, sizeof shared, "no shared memory");
    doc_item(&c->doc, "**Memory:** global loads use %s of the sector bytes they move (%s sectors per request), "
             "%s; %s; IPC %s.",
             fmt_pct(ld, ctx_column(r, "meas_gld_efficiency_pct")),
             fmt_sig(sld, m->sectors_per_request_ld, 3), stores, shared, fmt_sig(ipc, m->ipc, 3));
}

static void kernel_section(struct report_ctx *c, const struct analysis_row *r, size_t index)
{
    char name[LABEL_CHARS + 1], pct[FMT_LEN], err[256];
    struct finding f[FINDINGS_MAX];
    doc_heading(&c->doc, 3, NULL, "%zu. `%s` — %s of GPU time", index, analysis_kernel_label(r, name, LABEL_CHARS),
                fmt_pct(pct, r->time_share_pct));
    doc_list_begin(&c->doc);
    sol_item(c, r);
    launch_item(c, r);
    memory_item(c, r);
    int n = findings_for(r, f, FINDINGS_MAX, err, sizeof err);
    if (n < 0)
        doc_item(&c->doc, "**Findings:** %s.", err);
    for (int k = 0; k < n; k++)
        doc_item(&c->doc, "**%s:** %s. Estimated gain: %s of its time. Fix: %s.", f[k].id, f[k].evidence,
                 isfinite(f[k].gain_pct) ? fmt_pct(pct, f[k].gain_pct) : "not known", f[k].fix);
    doc_list_end(&c->doc);
}

static void write_kernels(struct report_ctx *c)
{
    const struct analysis_row **k = calloc(c->a.nrows, sizeof *k);
    if (!k) {
        c->doc.failed = 1;
        return;
    }
    size_t n = analysis_kernels(&c->a, k), counted = 0, sections = 0;
    double launches = 0;
    for (size_t i = 0; i < c->a.nrows; i++)
        if (analysis_row_on_gpu(&c->a.rows[i])) {
            counted++;
            launches += c->a.rows[i].row_launches;
        }
    doc_para(&c->doc, "%zu kernels in %.0f launches, %zu of them counted. A kernel is its name and launch shape; its "
             "figures are its counted launch's, its time all its launches' (a graph node, untimed, by its counters' "
             "duration). `mmprof analyze %s --findings` prints the same verdicts and findings.",
             n, launches, counted, c->run_dir);
    time_table(c, k, n);
    for (size_t i = 0; i < n; i++)
        if (k[i]->time_share_pct >= KERNEL_SECTION_PCT) {
            kernel_section(c, k[i], i + 1);
            sections++;
        }
    if (sections < n)
        doc_para(&c->doc, "%zu kernel(s) under %.0f %% of the GPU time have no section of their own.", n - sections,
                 KERNEL_SECTION_PCT);
    free(k);
}

const struct section sec_kernels = {"kernels", "Where the GPU time goes", present, write_kernels, NULL};
