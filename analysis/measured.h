/* Quantities measured for one results.csv row: timing-derived rates and
 * everything computed from the hardware counters. NaN = not measured. */
#ifndef MMPROF_ANALYSIS_MEASURED_H
#define MMPROF_ANALYSIS_MEASURED_H

#include <stddef.h>

#include "common/table.h"

struct measured {
    double runtime_ms;   /* median of the timed, unprofiled launches */
    double gflop_s;      /* useful FLOPs (2*M*N*K) per second, 1e9 */
    double gb_s;         /* compulsory bytes per second, 1e9 */
    double flops;        /* FADD + FMUL + 2*FFMA, thread-level */
    double gld_words, gst_words;     /* thread-level global bytes / 4 */
    double gld_sectors, gst_sectors; /* L1 sectors of global loads / stores */
    double gld_requests, gst_requests;
    double cgma_thread_flop_per_word; /* flops / (gld + gst words) */
    double cgma_sector_flop_per_word; /* flops / (8 * (gld + gst sectors)) */
    double cgma_seed_flop_per_sector; /* seed 003: flops / (gld + gst sectors) */
    double intensity_seed_flop_per_byte; /* seed 003: flops / DRAM read bytes */
    double intensity_l1_flop_per_byte, intensity_l2_flop_per_byte, intensity_dram_flop_per_byte;
    double dram_bytes, dram_read_bytes, dram_write_bytes;
    double sectors_per_request_ld, sectors_per_request_st;
    double bank_conflict_rate_ld, bank_conflict_rate_st; /* conflict wavefronts / wavefronts */
    double bank_ways_ld, bank_ways_st; /* wavefronts per conflict-free wavefront: n of an n-way conflict */
    double l1_hit_pct;                 /* global-load sectors that hit in L1 */
    double achieved_occupancy_pct, ipc, sm_efficiency_pct;
};

/* Fills m from row `row` of results.csv. useful_flops and bytes_compulsory
 * (theory, or the row's own columns when there is no model) give the
 * rates; has_flops is 0 for transposes, whose flop ratios are NaN; ok is 0
 * for failed or skipped rows, which get no rates. */
void measured_from_row(const struct table *t, size_t row, double useful_flops, double bytes_compulsory,
                       int has_flops, int ok, struct measured *m);

#endif
