#include "analysis/columns.h"

#include "analysis/verdict.h"

#include <math.h>
#include <string.h>

/* name, value: units are in the names (_ms, _words, _bytes, _pct,
 * _flop_per_word, ...); "theory_" is the model, "meas_" the counters. */
#define ANALYSIS_COLUMNS(NUM, TEXT)                                                            \
    TEXT(variant, r->variant)                                                                  \
    TEXT(family, r->family)                                                                    \
    NUM(M, (double)r->m)                                                                       \
    NUM(N, (double)r->n)                                                                       \
    NUM(K, (double)r->k)                                                                       \
    TEXT(params, r->params)                                                                    \
    TEXT(status, r->status)                                                                    \
    NUM(runtime_ms, r->ms.runtime_ms)                                                          \
    NUM(gflop_per_s, r->ms.gflop_s)                                                            \
    NUM(gb_per_s, r->ms.gb_s)                                                                  \
    NUM(bw_vs_copy_pct, r->bw_vs_copy_pct)                                                     \
    NUM(theory_flops, r->th.flops)                                                             \
    NUM(theory_flops_executed, r->th.flops_executed)                                           \
    NUM(theory_gld_words, r->th.gld_words)                                                     \
    NUM(theory_gst_words, r->th.gst_words)                                                     \
    NUM(theory_gld_words_distinct, r->th.gld_words_distinct)                                   \
    NUM(theory_cgma_flop_per_word, r->th.cgma)                                                 \
    NUM(theory_gld_sectors, r->th.gld_sectors)                                                 \
    NUM(theory_gst_sectors, r->th.gst_sectors)                                                 \
    NUM(theory_cgma_sector_flop_per_word, r->th.cgma_sector)                                   \
    NUM(theory_bytes_compulsory, r->th.bytes_compulsory)                                       \
    NUM(theory_intensity_compulsory_flop_per_byte, theory_intensity(r))                        \
    NUM(theory_shared_ld_words, r->th.shared_ld_words)                                         \
    NUM(theory_shared_st_words, r->th.shared_st_words)                                         \
    NUM(theory_sectors_per_request_ld, r->th.ideal_sectors_per_request_ld)                     \
    NUM(theory_sectors_per_request_st, r->th.ideal_sectors_per_request_st)                     \
    NUM(theory_bank_ways_ld, r->th.bank_conflict_ways_ld)                                      \
    NUM(theory_bank_ways_st, r->th.bank_conflict_ways_st)                                      \
    NUM(meas_flops_executed, r->ms.flops_executed)                                             \
    NUM(flops_executed_ratio, r->flops_executed_ratio)                                         \
    NUM(meas_flops_padding_pct, r->flops_padding_pct)                                          \
    NUM(meas_gld_words, r->ms.gld_words)                                                       \
    NUM(meas_gld_cp_async_words, r->ms.cp_async_words)                                         \
    NUM(meas_gst_words, r->ms.gst_words)                                                       \
    NUM(meas_cgma_thread_flop_per_word, r->ms.cgma_thread_flop_per_word)                       \
    NUM(cgma_thread_ratio, r->cgma_thread_ratio)                                               \
    NUM(meas_cgma_sector_flop_per_word, r->ms.cgma_sector_flop_per_word)                       \
    NUM(cgma_sector_ratio, r->cgma_sector_ratio)                                               \
    NUM(meas_cgma_seed_flop_per_sector, r->ms.cgma_seed_flop_per_sector)                       \
    NUM(meas_intensity_seed_flop_per_dram_read_byte, r->ms.intensity_seed_flop_per_byte)       \
    NUM(meas_intensity_l1_flop_per_byte, r->ms.intensity_l1_flop_per_byte)                     \
    NUM(meas_intensity_l2_flop_per_byte, r->ms.intensity_l2_flop_per_byte)                     \
    NUM(meas_intensity_dram_flop_per_byte, r->ms.intensity_dram_flop_per_byte)                 \
    NUM(meas_dram_bytes, r->ms.dram_bytes)                                                     \
    NUM(meas_dram_read_bytes, r->ms.dram_read_bytes)                                           \
    NUM(meas_dram_write_bytes, r->ms.dram_write_bytes)                                         \
    NUM(meas_gld_sectors, r->ms.gld_sectors)                                                   \
    NUM(meas_gld_cp_async_sectors, r->ms.cp_async_sectors)                                     \
    NUM(meas_gst_sectors, r->ms.gst_sectors)                                                   \
    NUM(meas_sectors_per_request_ld, r->ms.sectors_per_request_ld)                             \
    NUM(meas_sectors_per_request_st, r->ms.sectors_per_request_st)                             \
    NUM(meas_bank_conflict_rate_ld, r->ms.bank_conflict_rate_ld)                               \
    NUM(meas_bank_conflict_rate_st, r->ms.bank_conflict_rate_st)                               \
    NUM(meas_bank_ways_ld, r->ms.bank_ways_ld)                                                 \
    NUM(meas_bank_ways_st, r->ms.bank_ways_st)                                                 \
    NUM(meas_l1_hit_pct, r->ms.l1_hit_pct)                                                     \
    NUM(meas_achieved_occupancy_pct, r->ms.achieved_occupancy_pct)                             \
    NUM(theoretical_occupancy_pct, r->geo.theoretical_occupancy_pct)                           \
    NUM(meas_ipc, r->ms.ipc)                                                                   \
    NUM(meas_sm_efficiency_pct, r->ms.sm_efficiency_pct)                                       \
    NUM(threads_per_block, r->geo.threads_per_block)                                           \
    NUM(grid_blocks, r->geo.grid_blocks)                                                       \
    NUM(regs_per_thread, r->geo.regs_per_thread)                                               \
    NUM(smem_bytes_per_block, r->geo.smem_bytes_per_block)                                     \
    NUM(blocks_per_sm, r->geo.blocks_per_sm)                                                   \
    TEXT(limiter, r->geo.limiter)                                                              \
    NUM(sm_count, r->geo.sm_count)                                                             \
    NUM(waves, r->geo.waves)                                                                   \
    NUM(last_wave_util_pct, r->geo.last_wave_util_pct)                                         \
    NUM(fill_square_n, r->geo.fill_square_n)                                                   \
    TEXT(reason, r->reason)                                                                    \
    NUM(meas_counter_ms, r->ms.counter_ms)                                                     \
    NUM(meas_shared_bytes, shared_bytes(r))                                                    \
    NUM(meas_intensity_shared_flop_per_byte, r->ms.useful_flops / shared_bytes(r))             \
    NUM(meas_gld_efficiency_pct, efficiency_pct(r->ms.gld_words, r->ms.gld_sectors))           \
    NUM(meas_gst_efficiency_pct, efficiency_pct(r->ms.gst_words, r->ms.gst_sectors))           \
    NUM(meas_fp32_unfused_pct, unfused_pct(&r->ms))                                            \
    NUM(sol_dram_pct, r->sol_pct[SOL_DRAM])                                                    \
    NUM(sol_l2_pct, r->sol_pct[SOL_L2])                                                        \
    NUM(sol_l1_shared_pct, r->sol_pct[SOL_L1_SHARED])                                          \
    NUM(sol_fp32_pct, r->sol_pct[SOL_FP32])                                                    \
    NUM(sol_issue_pct, r->sol_pct[SOL_ISSUE])                                                  \
    TEXT(bound, verdict_word(r))                                                               \
    NUM(bound_pct, analysis_verdict(r).pct)                                                    \
    TEXT(top_stall, r->top_stall)                                                              \
    NUM(top_stall_pct, r->top_stall[0] ? r->top_stall_pct : NAN)                               \
    TEXT(top_line, r->top_line)                                                                \
    NUM(top_line_pct, r->top_line[0] ? r->top_line_pct : NAN)                                  \
    NUM(launches, r->launches)                                                                 \
    NUM(time_share_pct, r->time_share_pct)

/* 128-byte wavefronts of the shared-memory data pipe, loads and stores. */
static double shared_bytes(const struct analysis_row *r)
{
    return SOL_SHARED_WAVEFRONT_BYTES * r->ms.shared_wavefronts;
}

/* Bytes the threads asked for per byte of the 32-byte sectors moved, %;
 * at most 100 (lanes asking for one word count it once per lane). */
static double efficiency_pct(double words, double sectors)
{
    return sectors > 0 ? fmin(100.0, 100.0 * 4.0 * words / (32.0 * sectors)) : NAN;
}

/* FP32 instructions that are a lone FADD or FMUL, % of all FP32 ones. */
static double unfused_pct(const struct measured *m)
{
    double all = m->fadd + m->fmul + m->ffma;
    return all > 0 ? 100.0 * (m->fadd + m->fmul) / all : NAN;
}

static double theory_intensity(const struct analysis_row *r)
{
    return r->th.flops > 0 ? r->th.flops / r->th.bytes_compulsory : NAN; /* none for copies */
}

#define NUM_FN(name, expr)                                       \
    static double num_##name(const struct analysis_row *r)       \
    {                                                            \
        return (expr);                                           \
    }
#define TEXT_FN(name, expr)                                      \
    static const char *text_##name(const struct analysis_row *r) \
    {                                                            \
        return (expr);                                           \
    }
ANALYSIS_COLUMNS(NUM_FN, TEXT_FN)

#define NUM_ENTRY(name, expr) {#name, num_##name, NULL},
#define TEXT_ENTRY(name, expr) {#name, NULL, text_##name},
static const struct column columns[] = {ANALYSIS_COLUMNS(NUM_ENTRY, TEXT_ENTRY)};

const struct column *analysis_columns(size_t *count)
{
    *count = sizeof columns / sizeof columns[0];
    return columns;
}

const struct column *analysis_column(const char *name)
{
    size_t n;
    const struct column *cols = analysis_columns(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(cols[i].name, name) == 0)
            return &cols[i];
    return NULL;
}
