/* `mmprof analyze`'s tables of every kernel of a run, whatever wrote it:
 * one line per kernel (name, size and launch shape; its launches counted),
 * hottest first by share of the run's GPU time, split into four tables of
 * at most 120 columns: where the time goes, speed of light per unit, memory,
 * occupancy and stalls. A kernel's figures are its first launch's; its time
 * is all its launches'. Names are cut here, never in analysis.csv. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/kernel_name.h"
#include "analysis/analysis.h"
#include "analysis/kernel_facts.h"
#include "analysis/verdict.h"
#include "common/shape_text.h"

enum { LABEL_WIDTH = 34 };

struct kernel_line {
    const struct analysis_row *r; /* the first launch */
    double time_ms;               /* all its launches */
};

const char *analysis_cell(char *buf, size_t len, char style, int digits, double v)
{
    if (!isfinite(v))
        snprintf(buf, len, "-");
    else if (style == 'g')
        snprintf(buf, len, "%.*g", digits, v);
    else
        snprintf(buf, len, "%.*f", digits, v);
    return buf;
}

const char *analysis_row_name(const struct analysis_row *r, char *buf, size_t width)
{
    return r->v ? r->variant : analysis_kernel_label(r, buf, width);
}

/* The name a person reads (common/kernel_name.h), then the size of a
 * declared kernel; cut to width with "..." at the end. */
const char *analysis_kernel_label(const struct analysis_row *r, char *buf, size_t width)
{
    char name[256], size[64];
    kernel_short_name(r->variant, name, sizeof name);
    char full[sizeof name + sizeof size + 1];
    if (r->m > 0)
        snprintf(full, sizeof full, "%s %s", name, shape_text(size, sizeof size, r->m, r->n, r->k));
    else
        snprintf(full, sizeof full, "%s", name);
    if (strlen(full) > width)
        memcpy(full + width - 3, "...", 4);
    memcpy(buf, full, strlen(full) + 1);
    return buf;
}

static void time_table(const struct kernel_line *k, size_t n, FILE *f)
{
    char name[LABEL_WIDTH + 1], c[6][32], bound[48];
    fprintf(f, "where the GPU time goes: every kernel (name, size, launch shape), hottest first; time = all its "
               "launches,\nrates and bound = its first launch's (bound: the unit nearest its roof, latency "
               "when all are below %.0f %%)\n", VERDICT_BOUND_PCT);
    fprintf(f, "%3s %-*s %8s %10s %7s %10s %9s %-10s %6s\n", "#", LABEL_WIDTH, "kernel", "launches", "time ms",
            "share", "GFLOP/s", "DRAM GB/s", "bound", "% roof");
    for (size_t i = 0; i < n; i++) {
        const struct analysis_row *r = k[i].r;
        struct verdict v = analysis_verdict(r);
        double dram_gbs = r->ms.dram_bytes / (r->sol_time_ms * 1e6);
        snprintf(bound, sizeof bound, "%s", verdict_word(r)[0] ? verdict_word(r) : "-");
        fprintf(f, "%3zu %-*s %8.0f %10s %6s%% %10s %9s %-10s %6s\n", i + 1, LABEL_WIDTH,
                analysis_kernel_label(r, name, LABEL_WIDTH), r->launches, analysis_cell(c[0], sizeof c[0], 'f', 4, k[i].time_ms),
                analysis_cell(c[1], sizeof c[0], 'f', 1, r->time_share_pct), analysis_cell(c[2], sizeof c[0], 'f', 0, r->ms.gflop_s > 0 ? r->ms.gflop_s : NAN),
                analysis_cell(c[3], sizeof c[0], 'f', 0, dram_gbs), bound, analysis_cell(c[4], sizeof c[0], 'f', 0, v.pct));
    }
}

static void sol_table(const struct kernel_line *k, size_t n, FILE *f)
{
    char name[LABEL_WIDTH + 1], c[SOL_UNITS + 2][32];
    fprintf(f, "\nspeed of light: each unit's throughput, %% of its roof (L1/shared: T-stage bytes + 128 B x "
               "shared wavefronts;\nFP32: FADD + FMUL + FFMA against the FFMA rate; issue: IPC / %.0f)\n",
            SOL_ISSUE_PER_CYCLE);
    fprintf(f, "%3s %-*s %6s %6s %9s %6s %6s %5s %9s\n", "#", LABEL_WIDTH, "kernel", "DRAM", "L2", "L1/shared",
            "FP32", "issue", "IPC", "counter ms");
    for (size_t i = 0; i < n; i++) {
        const struct analysis_row *r = k[i].r;
        for (int u = 0; u < SOL_UNITS; u++)
            analysis_cell(c[u], sizeof c[0], 'f', 1, r->sol_pct[u]);
        fprintf(f, "%3zu %-*s %6s %6s %9s %6s %6s %5s %9s\n", i + 1, LABEL_WIDTH, analysis_kernel_label(r, name, LABEL_WIDTH),
                c[SOL_DRAM], c[SOL_L2], c[SOL_L1_SHARED], c[SOL_FP32], c[SOL_ISSUE],
                analysis_cell(c[SOL_UNITS], sizeof c[0], 'f', 2, r->ms.ipc), analysis_cell(c[SOL_UNITS + 1], sizeof c[0], 'f', 4, r->ms.counter_ms));
    }
}

/* Bytes asked / sector bytes moved, at most 100 (as analysis.csv's efficiency columns). */
static double ratio_pct(double part, double whole)
{
    return whole > 0 ? fmin(100.0, 100.0 * part / whole) : NAN;
}

static void memory_table(const struct kernel_line *k, size_t n, FILE *f)
{
    char name[LABEL_WIDTH + 1], c[11][24], in[128], eff[64], spr[64], ways[64];
    fprintf(f, "\nmemory: FLOP per byte of L1, L2, DRAM and shared traffic; CGMA (FLOP per thread-level "
               "global word);\nload/store efficiency (bytes asked / sector bytes moved), sectors per "
               "request, shared bank-conflict ways\n");
    fprintf(f, "%3s %-*s %-26s %6s %11s %11s %11s\n", "#", LABEL_WIDTH, "kernel", "FLOP/B L1 L2 DRAM shared",
            "CGMA", "ld/st eff %", "sect/req", "bank ways");
    for (size_t i = 0; i < n; i++) {
        const struct analysis_row *r = k[i].r;
        const struct measured *m = &r->ms;
        double shared = SOL_SHARED_WAVEFRONT_BYTES * m->shared_wavefronts;
        if (!(m->useful_flops > 0)) /* no FLOPs: no FLOP per byte, no CGMA */
            shared = NAN;
        if (!(m->useful_flops > 0))
            snprintf(in, sizeof in, "-");
        else
            snprintf(in, sizeof in, "%s %s %s %s", analysis_cell(c[0], sizeof c[0], 'g', 3, m->intensity_l1_flop_per_byte),
                 analysis_cell(c[1], sizeof c[0], 'g', 3, m->intensity_l2_flop_per_byte),
                 analysis_cell(c[2], sizeof c[0], 'g', 3, m->intensity_dram_flop_per_byte),
                 analysis_cell(c[3], sizeof c[0], 'g', 3, shared > 0 ? m->useful_flops / shared : NAN));
        snprintf(eff, sizeof eff, "%s/%s", analysis_cell(c[4], sizeof c[0], 'f', 0, ratio_pct(m->gld_words, 8 * m->gld_sectors)),
                 analysis_cell(c[5], sizeof c[0], 'f', 0, ratio_pct(m->gst_words, 8 * m->gst_sectors)));
        snprintf(spr, sizeof spr, "%s/%s", analysis_cell(c[6], sizeof c[0], 'f', 1, m->sectors_per_request_ld),
                 analysis_cell(c[7], sizeof c[0], 'f', 1, m->sectors_per_request_st));
        snprintf(ways, sizeof ways, "%s/%s", analysis_cell(c[8], sizeof c[0], 'f', 1, m->bank_ways_ld),
                 analysis_cell(c[9], sizeof c[0], 'f', 1, m->bank_ways_st));
        fprintf(f, "%3zu %-*s %-26s %6s %11s %11s %11s\n", i + 1, LABEL_WIDTH, analysis_kernel_label(r, name, LABEL_WIDTH), in,
                analysis_cell(c[10], sizeof c[0], 'g', 3, m->useful_flops > 0 ? m->cgma_thread_flop_per_word : NAN), eff, spr, ways);
    }
}

static void occupancy_table(const struct kernel_line *k, size_t n, FILE *f)
{
    char name[LABEL_WIDTH + 1], c[9][32], stall[48];
    fprintf(f, "\noccupancy and stalls: launch shape, registers per thread, shared bytes per block, blocks per "
               "SM and its limiter,\nwaves of the grid, achieved vs theoretical occupancy, the most sampled stall "
               "(a run with --source)\n");
    fprintf(f, "%3s %-*s %7s %7s %4s %6s %4s %-9s %6s %5s %5s %s\n", "#", LABEL_WIDTH, "kernel", "threads",
            "blocks", "regs", "smem", "b/SM", "limiter", "waves", "occ %", "theo", "top stall");
    for (size_t i = 0; i < n; i++) {
        const struct analysis_row *r = k[i].r;
        const struct geometry *g = &r->geo;
        if (r->top_stall[0])
            snprintf(stall, sizeof stall, "%.24s %.0f%%", r->top_stall, r->top_stall_pct);
        else
            snprintf(stall, sizeof stall, "-");
        fprintf(f, "%3zu %-*s %7s %7s %4s %6s %4s %-9s %6s %5s %5s %s\n", i + 1, LABEL_WIDTH,
                analysis_kernel_label(r, name, LABEL_WIDTH), analysis_cell(c[0], sizeof c[0], 'f', 0, g->threads_per_block),
                analysis_cell(c[1], sizeof c[0], 'f', 0, g->grid_blocks), analysis_cell(c[2], sizeof c[0], 'f', 0, g->regs_per_thread > 0 ? g->regs_per_thread : NAN),
                analysis_cell(c[3], sizeof c[0], 'f', 0, g->smem_bytes_per_block), analysis_cell(c[4], sizeof c[0], 'f', 0, g->blocks_per_sm > 0 ? g->blocks_per_sm : NAN),
                g->limiter[0] ? g->limiter : "-", analysis_cell(c[5], sizeof c[0], 'f', 2, g->waves),
                analysis_cell(c[6], sizeof c[0], 'f', 0, r->ms.achieved_occupancy_pct),
                analysis_cell(c[7], sizeof c[0], 'f', 0, g->theoretical_occupancy_pct > 0 ? g->theoretical_occupancy_pct : NAN), stall);
    }
}

void analysis_print_kernels(const struct analysis *a, FILE *f)
{
    const struct analysis_row **rows = calloc(a->nrows ? a->nrows : 1, sizeof *rows);
    struct kernel_line *k = calloc(a->nrows ? a->nrows : 1, sizeof *k);
    size_t n = rows && k ? analysis_kernels(a, rows) : 0;
    for (size_t i = 0; i < n; i++)
        k[i] = (struct kernel_line){rows[i], analysis_kernel_time_ms(a, rows[i])};
    free(rows);
    if (!k) {
        fprintf(f, "(out of memory for the kernel tables)\n");
        return;
    }
    if (n > 0) {
        time_table(k, n, f);
        sol_table(k, n, f);
        memory_table(k, n, f);
        occupancy_table(k, n, f);
        fputc('\n', f);
    }
    free(k);
}
