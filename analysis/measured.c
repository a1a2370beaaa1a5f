#include "analysis/measured.h"

#include <math.h>

#include "analysis/metric_ids.h"

enum { WORD_BYTES = 4, SECTOR_WORDS = 8 };

/* NaN unless both are measured and the denominator is positive. */
static double per(double num, double den)
{
    return isnan(num) || isnan(den) || den <= 0 ? NAN : num / den;
}

static double measured_flops(const struct table *t, size_t row, struct measured *m)
{
    m->fadd = metric_value(t, row, MET_FADD);
    m->fmul = metric_value(t, row, MET_FMUL);
    m->ffma = metric_value(t, row, MET_FFMA);
    return m->fadd + m->fmul + 2 * m->ffma; /* NaN if any is missing */
}

static double dram_total(const struct table *t, size_t row, const struct measured *m)
{
    double total = metric_value(t, row, MET_DRAM_BYTES);
    return isnan(total) ? m->dram_read_bytes + m->dram_write_bytes : total;
}

/* Prefer the hardware's own hit rate of global loads, then of all L1
 * traffic; otherwise infer it from how many read sectors L1 sent towards L2
 * per global-load sector (an estimate: register spills reach L2 the same
 * way and lower it). On Hopper that count is the L2 Request Coalescer's
 * requested sectors: what L2 itself saw lacks the reads the coalescer merged
 * (timing-dependent), which would raise the estimate. */
static double l1_hit(const struct table *t, size_t row, const struct measured *m)
{
    double pct = metric_value(t, row, MET_L1_GLD_HIT_PCT);
    if (isnan(pct))
        pct = metric_value(t, row, MET_L1_HIT_PCT);
    if (!isnan(pct))
        return pct;
    double from_l1 = metric_value(t, row, MET_L2_READ_SECTORS_REQUESTED);
    if (isnan(from_l1))
        from_l1 = metric_value(t, row, MET_L2_READ_SECTORS_FROM_L1);
    if (isnan(from_l1))
        from_l1 = metric_value(t, row, MET_L2_READ_SECTORS);
    double miss = per(from_l1, m->gld_sectors);
    return isnan(miss) ? NAN : 100 * fmin(1, fmax(0, 1 - miss));
}

static double ways(double wavefronts, double conflicts)
{
    return per(wavefronts, wavefronts - conflicts);
}

/* A cp.async (LDGSTS) counter. A results.csv from before these columns
 * lacks them: no cp.async then for a kernel that uses none (0), unknown
 * for one that does (NaN: not measured, rather than silently low). A
 * column with an empty cell is not measured either way. */
static double ldgsts_value(const struct table *t, size_t row, const char *name, int loads_by_cp_async)
{
    if (metric_col(t, name) < 0 && !loads_by_cp_async)
        return 0;
    return metric_value(t, row, name);
}

/* Thread-level words: sm__sass_data_bytes_mem_global_op_ld does not count
 * cp.async copies (best measures 0 there), so their bytes are added.
 * Requests and sectors: the L1TEX T-stage's op_ld counters already count
 * them on GH100 (best, all loads cp.async: 196608 requests and 1572864
 * sectors at 1024^3, 398400 and 3678000 at 1000x3000x700 under ncu too,
 * exactly its copies' count), so adding the LDGSTS ones would count them
 * twice: these stay beside as the cp.async share. */
static void read_global(const struct table *t, size_t row, int loads_by_cp_async, struct measured *m)
{
    m->cp_async_words = ldgsts_value(t, row, MET_LDGSTS_BYTES, loads_by_cp_async) / WORD_BYTES;
    m->cp_async_sectors = ldgsts_value(t, row, MET_LDGSTS_SECTORS, loads_by_cp_async);
    m->gld_words = metric_value(t, row, MET_GLD_BYTES) / WORD_BYTES + m->cp_async_words;
    m->gst_words = metric_value(t, row, MET_GST_BYTES) / WORD_BYTES;
    m->gld_sectors = metric_value(t, row, MET_GLD_SECTORS);
    m->gst_sectors = metric_value(t, row, MET_GST_SECTORS);
    m->gld_requests = metric_value(t, row, MET_GLD_REQUESTS);
    m->gst_requests = metric_value(t, row, MET_GST_REQUESTS);
}

static void read_counts(const struct table *t, size_t row, struct measured *m)
{
    m->dram_read_bytes = metric_value(t, row, MET_DRAM_READ_BYTES);
    m->dram_write_bytes = metric_value(t, row, MET_DRAM_WRITE_BYTES);
    m->dram_bytes = dram_total(t, row, m);
    m->achieved_occupancy_pct = metric_value(t, row, MET_ACHIEVED_OCCUPANCY_PCT);
    m->ipc = metric_value(t, row, MET_IPC);
    m->sm_efficiency_pct = metric_value(t, row, MET_SM_EFFICIENCY_PCT);
    m->l1_hit_pct = l1_hit(t, row, m);
    m->l1_bytes = metric_value(t, row, MET_L1_BYTES);
    m->l2_bytes = metric_value(t, row, MET_L2_BYTES);
    m->counter_ms = 1e3 * per(metric_value(t, row, MET_CYCLES_ELAPSED), metric_value(t, row, MET_CYCLES_PER_SECOND));
}

static void read_shared(const struct table *t, size_t row, struct measured *m)
{
    double wf_ld = metric_value(t, row, MET_SHARED_LD_WAVEFRONTS);
    double wf_st = metric_value(t, row, MET_SHARED_ST_WAVEFRONTS);
    double bc_ld = metric_value(t, row, MET_SHARED_LD_CONFLICTS);
    double bc_st = metric_value(t, row, MET_SHARED_ST_CONFLICTS);
    m->bank_conflict_rate_ld = per(bc_ld, wf_ld);
    m->bank_conflict_rate_st = per(bc_st, wf_st);
    m->bank_ways_ld = ways(wf_ld, bc_ld);
    m->bank_ways_st = ways(wf_st, bc_st);
    m->shared_wavefronts = wf_ld + wf_st;
    m->shared_conflict_wavefronts = bc_ld + bc_st;
}

/* Compute-to-memory ratios, all with the useful FLOPs as numerator (as in
 * the theory); meaningless without floating-point work. */
static void flop_ratios(const struct table *t, size_t row, double useful, struct measured *m)
{
    double l1 = metric_value(t, row, MET_L1_BYTES), l2 = metric_value(t, row, MET_L2_BYTES);
    double sectors = m->gld_sectors + m->gst_sectors;
    m->cgma_thread_flop_per_word = per(useful, m->gld_words + m->gst_words);
    m->cgma_sector_flop_per_word = per(useful, SECTOR_WORDS * sectors);
    m->cgma_seed_flop_per_sector = per(useful, sectors);
    m->intensity_seed_flop_per_byte = per(useful, m->dram_read_bytes);
    m->intensity_l1_flop_per_byte = per(useful, l1);
    m->intensity_l2_flop_per_byte = per(useful, l2);
    m->intensity_dram_flop_per_byte = per(useful, m->dram_bytes);
}

static void no_flop_ratios(struct measured *m)
{
    m->cgma_thread_flop_per_word = m->cgma_sector_flop_per_word = NAN;
    m->cgma_seed_flop_per_sector = m->intensity_seed_flop_per_byte = NAN;
    m->intensity_l1_flop_per_byte = m->intensity_l2_flop_per_byte = NAN;
    m->intensity_dram_flop_per_byte = NAN;
}

void measured_from_row(const struct table *t, size_t row, const struct measure_basis *b, struct measured *m)
{
    read_global(t, row, b->loads_by_cp_async, m);
    read_counts(t, row, m);
    read_shared(t, row, m);
    m->flops_executed = measured_flops(t, row, m);
    double useful = b->flops_from_counters && isnan(b->useful_flops) ? m->flops_executed
                                                                     : b->useful_flops;
    m->useful_flops = b->has_flops ? useful : NAN;
    if (b->has_flops)
        flop_ratios(t, row, useful, m);
    else
        no_flop_ratios(m);
    m->sectors_per_request_ld = per(m->gld_sectors, m->gld_requests);
    m->sectors_per_request_st = per(m->gst_sectors, m->gst_requests);
    m->runtime_ms = table_num(t, row, table_col(t, "runtime_ms"));
    /* a failed variant's time is not a result (DESIGN: no GFLOP/s for it) */
    double s = b->ok ? m->runtime_ms * 1e-3 : NAN;
    m->gflop_s = b->has_flops ? per(useful, s) * 1e-9 : NAN;
    m->gb_s = per(b->bytes_compulsory, s) * 1e-9;
}
