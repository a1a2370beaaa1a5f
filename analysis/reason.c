/* Why measurement and theory differ, in a few words computed from the row's
 * own numbers (never a fixed note per variant): FLOPs the kernel executes
 * beyond 2MNK, accesses the model did not predict, broadcast words served
 * once per warp, strided or misaligned accesses, L1 hits, bank conflicts. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"

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

static int off(double ratio, double gap)
{
    return !isnan(ratio) && fabs(ratio - 1) > gap;
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

/* One side (loads or stores) of the sector-level gap. The model's own
 * words per ideal sector say what the access pattern costs by design (a
 * broadcast word serves a warp from one sector; strided or narrow rows use
 * part of each); measured sectors per request above the ideal are what the
 * model did not foresee. */
static void explain_side(const struct analysis_row *r, const char *side, double model_words, double model_sectors,
                         double sectors, double per_request, double ideal, char *buf, size_t len)
{
    double all = r->ms.gld_sectors + r->ms.gst_sectors;
    if (isnan(sectors) || sectors / all < MIN_SECTOR_SHARE)
        return;
    double used = model_words / model_sectors; /* thread words per ideal sector */
    int partial = used < SECTOR_WORDS * 0.9, worse = per_request > ideal * 1.1;
    if (used > SECTOR_WORDS * 1.1)
        add(buf, len, "broadcast %s: %.1f thread words per sector (a word the warp's lanes share is fetched once)",
            side, used);
    else if (partial)
        add(buf, len, "%s use %.1f of the 8 words of each sector (%.1f sectors/request, %.0f if contiguous)", side,
            used, ideal, contiguous_sectors(r));
    if (worse)
        add(buf, len, "%s less coalesced than modelled: %.1f sectors/request, ideal %.1f%s", side, per_request,
            ideal, layout_hint(r));
    if (strcmp(side, "loads") == 0 && (partial || worse) && r->ms.l1_hit_pct >= 10)
        add(buf, len, "L1 hits %.0f%% (sectors re-read)", r->ms.l1_hit_pct);
}

/* Thread-level: FLOPs the kernel executes beyond 2MNK (zero-padded edge
 * tiles), and accesses the counter sees differently from the model: it
 * counts a word once per warp request however many lanes load it. */
static void explain_thread_level(const struct analysis_row *r, char *buf, size_t len)
{
    if (!off(r->cgma_thread_ratio, ANALYSIS_EXPLAIN_GAP))
        return;
    double executed = r->ms.flops / r->th.flops_executed;
    if (off(r->flops_ratio, 0.01)) {
        if (!off(executed, 0.01) && r->th.flops_executed > r->th.flops)
            add(buf, len, "FLOPs %+.1f%% over 2MNK: zeros of padded edge tiles multiplied",
                100 * (r->flops_ratio - 1));
        else
            add(buf, len, "FLOPs %+.1f%% vs 2MNK, %+.1f%% vs the kernel's model", 100 * (r->flops_ratio - 1),
                100 * (executed - 1));
    }
    double measured = r->ms.gld_words + r->ms.gst_words;
    double words = measured / (r->th.gld_words + r->th.gst_words);
    double distinct = measured / (r->th.gld_words_distinct + r->th.gst_words_distinct);
    if (!off(words, 0.01))
        return;
    if (!off(distinct, 0.01) && r->th.gld_words_distinct < r->th.gld_words)
        add(buf, len, "broadcast loads counted once per warp by the counter: accesses %+.1f%%, as modelled",
            100 * (words - 1));
    else if (words < 1 && !off(r->cgma_sector_ratio, 0.01))
        /* The sectors are the model's, so the loads happen: they bypass the
         * SASS data-bytes counter, as cp.async (LDGSTS) copies to shared do. */
        add(buf, len, "thread-level counter sees %.1f%% fewer accesses while the sectors match the model: "
                      "loads not counted as global loads (cp.async/LDGSTS straight to shared memory)",
            100 * (1 - words));
    else
        add(buf, len, "thread-level accesses %+.1f%% vs model", 100 * (words - 1));
}

static void explain_sector_level(const struct analysis_row *r, char *buf, size_t len)
{
    if (!off(r->cgma_sector_ratio, ANALYSIS_EXPLAIN_GAP))
        return;
    explain_side(r, "loads", r->th.gld_words, r->th.gld_sectors, r->ms.gld_sectors, r->ms.sectors_per_request_ld,
                 r->th.ideal_sectors_per_request_ld, buf, len);
    explain_side(r, "stores", r->th.gst_words, r->th.gst_sectors, r->ms.gst_sectors, r->ms.sectors_per_request_st,
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
        add(buf, len, "not measured: no counters in results.csv (timing-only run?)");
        return;
    }
    explain_thread_level(r, buf, len);
    explain_sector_level(r, buf, len);
}
