/* Why measurement departs from theory, in a few words computed from the
 * row's own numbers (never a fixed note per variant). Only real departures
 * are named: a ratio of measured to modelled (CGMA per thread-level word,
 * per sector word, executed FLOPs) more than ANALYSIS_EXPLAIN_GAP from 1,
 * each with its mechanism and its size. What the model predicts and the
 * ratio therefore cancels (padded-tile FLOPs, strided or partial sectors)
 * is no departure. Transposes: a bandwidth gap to the copy kernel. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "rundir/run_files.h"
#include "analysis/metric_ids.h"

enum { SECTOR_WORDS = 8, WARP_LANES = 32 };

/* Below this share of the sectors, a side cannot move CGMA by 10 %. */
#define MIN_SECTOR_SHARE 0.05

__attribute__((format(printf, 3, 4))) static void add(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 3 >= len)
        return;
    if (used > 0) {
        strcpy(buf + used, "; ");
        used += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* Sectors a warp-wide contiguous access of 4-byte words needs. */
static double contiguous_sectors(const struct analysis_row *r)
{
    int lanes = r->th.threads_per_block < WARP_LANES ? r->th.threads_per_block : WARP_LANES;
    return ceil(lanes * 4.0 / 32);
}

/* Edge tiles leave warps partly idle; rows whose length is not a multiple
 * of 8 words start mid-sector. Either puts sectors/request above ideal. */
static const char *layout_hint(const struct analysis_row *r)
{
    int transpose = r->v->family == FAMILY_TRANSPOSE;
    long other_row_words = transpose ? r->m : r->k; /* a row of the transpose's output, or of A */
    if (r->n % SECTOR_WORDS || other_row_words % SECTOR_WORDS)
        return " (rows not 32-byte aligned)";
    long tile_x = transpose ? r->v->tile_dim : (long)r->v->bs * r->v->rx;
    long tile_y = transpose ? r->v->tile_dim : (long)r->v->bs * r->v->ry;
    if (r->n % tile_x || r->m % tile_y)
        return " (edge tiles: partial warps)";
    return "";
}

/* Counts within this of the model are as modelled (the models are exact
 * where the kernel is: tests/analysis/test_theory_edges.c). */
#define MATCH 0.01

static int matches(double measured, double model)
{
    return fabs(measured / model - 1) <= MATCH;
}

/* One side (loads or stores) of a sector-level departure: measured sectors
 * against the model's, and what the requests say about why (more sectors
 * per request than modelled: rows that start mid-sector, partial warps). */
static void explain_side(const struct analysis_row *r, const char *side, double model_sectors, double sectors,
                         double per_request, double ideal, char *buf, size_t len)
{
    double all = r->ms.gld_sectors + r->ms.gst_sectors;
    if (isnan(sectors) || sectors / all < MIN_SECTOR_SHARE || matches(sectors, model_sectors))
        return;
    const char *hint = per_request > ideal * (1 + MATCH) ? layout_hint(r) : "";
    add(buf, len, "%s sectors %+.1f %% vs the model: %.1f per request, modelled %.1f%s", side,
        100 * (sectors / model_sectors - 1), per_request, ideal, hint);
}

/* The FLOPs the kernel executed against its model (padded edge tiles are
 * in both, so they are no departure). */
static void explain_flops(const struct analysis_row *r, char *buf, size_t len)
{
    if (analysis_departs(r->flops_executed_ratio))
        add(buf, len, "executed FLOPs %+.1f %% vs the kernel's model", 100 * (r->flops_executed_ratio - 1));
}

/* Thread-level: both CGMAs are 2MNK over words, so only the words differ.
 * The counter counts a word once per warp request however many lanes load
 * it; the model's distinct words predict that. */
static void explain_thread_level(const struct analysis_row *r, char *buf, size_t len)
{
    if (!analysis_departs(r->cgma_thread_ratio))
        return;
    double ld = r->ms.gld_words, st = r->ms.gst_words;
    double words = (ld + st) / (r->th.gld_words + r->th.gst_words) - 1;
    if (matches(ld + st, r->th.gld_words_distinct + r->th.gst_words_distinct) &&
        r->th.gld_words_distinct < r->th.gld_words) {
        add(buf, len, "broadcast loads counted once per warp: measured words %+.1f %%, modelled", 100 * words);
        return;
    }
    add(buf, len, "accesses the model does not predict: load words %+.1f %%, store words %+.1f %%",
        100 * (ld / r->th.gld_words - 1), 100 * (st / r->th.gst_words - 1));
}

static void explain_sector_level(const struct analysis_row *r, char *buf, size_t len)
{
    if (!analysis_departs(r->cgma_sector_ratio))
        return;
    explain_side(r, "load", r->th.gld_sectors, r->ms.gld_sectors, r->ms.sectors_per_request_ld,
                 r->th.ideal_sectors_per_request_ld, buf, len);
    explain_side(r, "store", r->th.gst_sectors, r->ms.gst_sectors, r->ms.sectors_per_request_st,
                 r->th.ideal_sectors_per_request_st, buf, len);
}

static void explain_conflicts(const struct analysis_row *r, char *buf, size_t len)
{
    if (r->ms.bank_ways_ld >= 1.5)
        add(buf, len, "%.1f-way shared bank conflicts on loads (model %.0f)", r->ms.bank_ways_ld,
            r->th.bank_conflict_ways_ld);
    if (r->ms.bank_ways_st >= 1.5)
        add(buf, len, "%.1f-way shared bank conflicts on stores (model %.0f)", r->ms.bank_ways_st,
            r->th.bank_conflict_ways_st);
}

/* Transposes have no CGMA: explain a bandwidth gap to the copy kernel. */
static void explain_transpose(const struct analysis_row *r, char *buf, size_t len)
{
    if (!(r->bw_vs_copy_pct < 90))
        return;
    double contiguous = contiguous_sectors(r);
    if (r->ms.sectors_per_request_ld > contiguous * 1.1)
        add(buf, len, "uncoalesced loads: %.1f sectors/request (%.0f if contiguous)",
            r->ms.sectors_per_request_ld, contiguous);
    if (r->ms.sectors_per_request_st > contiguous * 1.1)
        add(buf, len, "uncoalesced stores: %.1f sectors/request (%.0f if contiguous)",
            r->ms.sectors_per_request_st, contiguous);
    explain_conflicts(r, buf, len);
    if (buf[0] == '\0')
        add(buf, len, "%.0f%% of copy bandwidth; counters show no coalescing or bank-conflict cause",
            r->bw_vs_copy_pct);
}

void analysis_explain(struct analysis_row *r)
{
    char *buf = r->reason;
    size_t len = sizeof r->reason;
    buf[0] = '\0';
    if (strcmp(r->status, "ok") != 0) {
        add(buf, len, "%s%s%s", r->status, r->collector_reason[0] ? ": " : "", r->collector_reason);
        return;
    }
    if (!r->has_theory) {
        add(buf, len, "no model: variant not in this mmprof's registry");
        return;
    }
    if (r->v->family == FAMILY_TRANSPOSE) {
        explain_transpose(r, buf, len);
        return;
    }
    if (!analysis_row_is_gpu_matmul(r))
        return;
    if (isnan(r->ms.cgma_thread_flop_per_word) && isnan(r->ms.cgma_sector_flop_per_word)) {
        add(buf, len, "not measured: no counters in " RESULTS_CSV " (timing-only run?)");
        return;
    }
    if (r->th.loads_by_cp_async && isnan(r->ms.cp_async_words) && !isnan(r->ms.gst_words))
        add(buf, len, "thread-level loads not measured: cp.async copies, and " RESULTS_CSV " has no %s for them",
            MET_LDGSTS_BYTES);
    explain_flops(r, buf, len);
    explain_thread_level(r, buf, len);
    explain_sector_level(r, buf, len);
}
