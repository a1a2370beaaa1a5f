/* The terminal view of an analysis: theoretical vs measured CGMA for the
 * matmuls, bandwidth against copy for the transposes, launch geometry. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "common/shape_text.h"
#include "common/wrap.h"

/* A cell: v with `digits` significant digits ('g') or decimals ('f'), or
 * "-" when not measured / not applicable. */
static const char *cell(char *buf, size_t len, char style, int digits, double v)
{
    return analysis_cell(buf, len, style, digits, v);
}

const char *analysis_row_size(const struct analysis_row *r, char *buf, size_t len)
{
    return shape_text(buf, len, r->m, r->n, r->v && r->v->family == FAMILY_TRANSPOSE ? 0 : r->k);
}

static int is_transpose(const struct analysis_row *r)
{
    return r->has_theory && r->v->family == FAMILY_TRANSPOSE;
}

/* GPU matmuls, with or without a model (a library kernel has none). */
static int shows_cgma(const struct analysis_row *r)
{
    if (r->v)
        return analysis_row_is_gpu_matmul(r);
    return strcmp(r->family, "matmul") == 0;
}

/* The variant cell, width wide; a longer name (a profiled kernel's) gets
 * lines of its own and the row starts under it. */
static void name_cell(FILE *f, const char *name, int width)
{
    if (strlen(name) <= (size_t)width) {
        fprintf(f, "%-*s", width, name);
        return;
    }
    wrap_print(f, 0, name, 2, WRAP_WIDTH);
    fprintf(f, "%*s", width, "");
}

/* Why theory and measurement differ, on the lines under the row. */
static void reason_lines(FILE *f, const char *reason)
{
    if (reason[0])
        wrap_print(f, (size_t)fprintf(f, "    reason: "), reason, 6, WRAP_WIDTH);
}

/* "+3.1%", the executed FLOPs beyond 2MNK, or "-". */
static const char *padding_cell(char *buf, size_t len, double pct)
{
    if (!isfinite(pct))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%+.1f%%", pct);
    return buf;
}

static void print_cgma(const struct analysis *a, FILE *f)
{
    char sz[64], c[8][32], executed[80];
    wrap_print(f, 0, "theoretical vs measured CGMA: useful FLOPs (2MNK) per 4-byte global word, model and "
               "counters alike (sector: per word of the 32-byte sectors moved); executed FLOPs measured (model), "
               "and beyond 2MNK on padded edge tiles; why they differ under the row", 2, WRAP_WIDTH);
    fprintf(f, "%-16s %-16s %9s %9s %6s %9s %9s %6s %21s %7s\n", "variant", "size", "theory", "measured",
            "ratio", "sect thy", "sect meas", "ratio", "executed FLOPs", ">2MNK");
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        if (!shows_cgma(r))
            continue;
        snprintf(executed, sizeof executed, "%s (%s)", cell(c[6], 32, 'g', 4, r->ms.flops_executed),
                 cell(c[7], 32, 'g', 4, r->th.flops_executed));
        name_cell(f, r->variant, 16);
        fprintf(f, " %-16s %9s %9s %6s %9s %9s %6s %21s %7s\n", analysis_row_size(r, sz, sizeof sz),
                cell(c[0], 32, 'g', 4, r->th.cgma), cell(c[1], 32, 'g', 4, r->ms.cgma_thread_flop_per_word),
                cell(c[2], 32, 'f', 3, r->cgma_thread_ratio), cell(c[3], 32, 'g', 4, r->th.cgma_sector),
                cell(c[4], 32, 'g', 4, r->ms.cgma_sector_flop_per_word),
                cell(c[5], 32, 'f', 3, r->cgma_sector_ratio), executed,
                padding_cell(c[6], 32, r->flops_padding_pct));
        reason_lines(f, r->reason);
    }
}

static void print_transposes(const struct analysis *a, FILE *f)
{
    char sz[64], c[6][32];
    fprintf(f, "\ntransposes: effective bandwidth against tr_copy (lab 002); measured (model)\n");
    fprintf(f, "%-22s %-12s %8s %7s %14s %14s %12s\n", "variant", "size", "GB/s", "% copy", "ld sect/req",
            "st sect/req", "bank ways ld");
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        if (!is_transpose(r))
            continue;
        char ld[80], st[80], ways[80];
        snprintf(ld, sizeof ld, "%s (%s)", cell(c[0], 32, 'f', 1, r->ms.sectors_per_request_ld),
                 cell(c[1], 32, 'f', 0, r->th.ideal_sectors_per_request_ld));
        snprintf(st, sizeof st, "%s (%s)", cell(c[2], 32, 'f', 1, r->ms.sectors_per_request_st),
                 cell(c[3], 32, 'f', 0, r->th.ideal_sectors_per_request_st));
        snprintf(ways, sizeof ways, "%s (%s)", cell(c[4], 32, 'f', 1, r->ms.bank_ways_ld),
                 cell(c[5], 32, 'f', 0, r->th.bank_conflict_ways_ld));
        name_cell(f, r->variant, 22);
        fprintf(f, " %-12s %8s %7s %14s %14s %12s\n", analysis_row_size(r, sz, sizeof sz),
                cell(c[0], 32, 'f', 1, r->ms.gb_s), cell(c[1], 32, 'f', 0, r->bw_vs_copy_pct), ld, st, ways);
        reason_lines(f, r->reason);
    }
}

static void print_geometry(const struct analysis *a, FILE *f)
{
    char sz[64], c[5][32];
    char intro[512];
    snprintf(intro, sizeof intro, "launch geometry on %s (%s SMs): waves = blocks / (SMs x blocks/SM); fills from "
             "n: the smallest n whose nxnxn problem (nxn for a transpose) fills every block slot at once",
             a->run.device_name[0] ? a->run.device_name : "the GPU", cell(c[0], 32, 'f', 0, a->run.sm_count));
    fprintf(f, "\n");
    wrap_print(f, 0, intro, 2, WRAP_WIDTH);
    fprintf(f, "%-22s %-16s %9s %9s %-10s %7s %9s %12s\n", "variant", "size", "blocks", "blocks/SM", "limiter",
            "waves", "last wave", "fills from n");
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        if (!r->has_theory || !variant_on_gpu(r->v))
            continue;
        char last[40];
        cell(c[3], 32, 'f', 0, r->geo.last_wave_util_pct);
        snprintf(last, sizeof last, "%s%s", c[3], isfinite(r->geo.last_wave_util_pct) ? "%" : "");
        name_cell(f, r->variant, 22);
        fprintf(f, " %-16s %9s %9s %-10s %7s %9s %12s\n", analysis_row_size(r, sz, sizeof sz),
                cell(c[0], 32, 'f', 0, r->geo.grid_blocks), cell(c[1], 32, 'f', 0, r->geo.blocks_per_sm),
                r->geo.limiter[0] ? r->geo.limiter : "-", cell(c[2], 32, 'f', 2, r->geo.waves), last,
                cell(c[4], 32, 'f', 0, r->geo.fill_square_n));
    }
}

void analysis_print_table(const struct analysis *a, FILE *f)
{
    print_cgma(a, f);
    print_transposes(a, f);
    print_geometry(a, f);
}
