/* Quantities measured for one results.csv row: timing-derived rates and
 * everything computed from the hardware counters. NaN = not measured. */
#ifndef MMPROF_ANALYSIS_MEASURED_H
#define MMPROF_ANALYSIS_MEASURED_H

#include <stddef.h>

#include "common/table.h"

/* Every FLOP-per-something ratio below has the useful FLOPs (2*M*N*K, the
 * model's) as numerator, as the theory has: measurement and theory then
 * differ only where the kernel moved other words than modelled. The FLOPs
 * the kernel executed (padded edge tiles included) stand apart. */
struct measured {
    double runtime_ms;   /* median of the timed, unprofiled launches */
    double gflop_s;      /* useful FLOPs (2*M*N*K) per second, 1e9 */
    double gb_s;         /* compulsory bytes per second, 1e9 */
    double flops_executed; /* FADD + FMUL + 2*FFMA, thread-level: padded edge tiles included */
    double gld_words, gst_words;     /* thread-level global bytes / 4, cp.async copies included */
    double gld_sectors, gst_sectors; /* L1 sectors of global loads / stores */
    double gld_requests, gst_requests;
    double cp_async_words, cp_async_sectors; /* the cp.async (LDGSTS) share of gld words, sectors */
    double cgma_thread_flop_per_word; /* useful flops / (gld + gst words) */
    double cgma_sector_flop_per_word; /* useful flops / (8 * (gld + gst sectors)) */
    double cgma_seed_flop_per_sector; /* seed 003: useful flops / (gld + gst sectors) */
    double intensity_seed_flop_per_byte; /* seed 003: useful flops / DRAM read bytes */
    double intensity_l1_flop_per_byte, intensity_l2_flop_per_byte, intensity_dram_flop_per_byte;
    double dram_bytes, dram_read_bytes, dram_write_bytes;
    double sectors_per_request_ld, sectors_per_request_st;
    double bank_conflict_rate_ld, bank_conflict_rate_st; /* conflict wavefronts / wavefronts */
    double bank_ways_ld, bank_ways_st; /* wavefronts per conflict-free wavefront: n of an n-way conflict */
    double l1_hit_pct;                 /* global-load sectors that hit in L1 */
    double achieved_occupancy_pct, ipc, sm_efficiency_pct;
    double l1_bytes, l2_bytes;       /* l1tex__t_bytes.sum, lts__t_bytes.sum */
    double shared_wavefronts;        /* shared-memory load + store wavefronts (128 bytes of the data pipe each) */
    double shared_conflict_wavefronts; /* of them, the extra ones bank conflicts cost */
    double fadd, fmul, ffma;         /* FP32 thread instructions executed (predicated on) */
    double useful_flops;             /* the numerator of the ratios above (2*M*N*K, or the executed FLOPs) */
    double counter_ms;               /* sm__cycles_elapsed.avg / .avg.per_second: the profiled pass's duration */
};

/* What the row's model says (without a model: the row's own flops and
 * bytes_compulsory columns). */
struct measure_basis {
    double useful_flops;     /* 2*M*N*K: the numerator of every CGMA, intensity and GFLOP/s */
    double bytes_compulsory; /* the numerator of GB/s */
    int has_flops;           /* 0 for transposes: no FLOP ratios */
    int flops_from_counters; /* useful_flops NaN: the executed FP32 FLOPs instead (a kernel
                                `mmprof profile` saw with no declaration) */
    int loads_by_cp_async;   /* 1: without the LDGSTS byte column the global loads are not measured */
    int ok;                  /* 0 for failed or skipped rows, which get no rates */
};

/* Fills m from row `row` of results.csv. */
void measured_from_row(const struct table *t, size_t row, const struct measure_basis *b, struct measured *m);

#endif
