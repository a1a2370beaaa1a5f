/* Theoretical model of each variant: what the counters should show if the
 * kernel did exactly what its design says. The model of a kind is named by
 * its row in model/kinds.def (theory_models.h); seed 003's model,
 * generalised to any M, N, K and counted exactly for guarded edge tiles.
 * Host code only, no CUDA. */
#ifndef MMPROF_THEORY_H
#define MMPROF_THEORY_H

#include "model/registry.h"

/* Fields that do not apply to a variant (the CPU baseline's global loads, a
 * transpose's CGMA) are NaN. */
struct theory {
    double flops;            /* 2*M*N*K for matmul, 0 for transposes */
    double gld_words;        /* thread-level global loads, 4-byte words */
    double gst_words;        /* thread-level global stores, 4-byte words */
    double cgma;             /* flops / (gld_words + gst_words) */
    double bytes_compulsory; /* each input read once, the output written once */
    double shared_ld_words;  /* shared-memory loads implied by the tiling (thread-level) */
    double shared_st_words;  /* shared-memory stores implied by the tiling (thread-level) */
    double ideal_sectors_per_request_ld; /* 32-byte sectors per warp request, loads */
    double ideal_sectors_per_request_st; /* ... stores */
    double bank_conflict_ways;           /* expected n-way conflict of the worst shared access (1 = none) */

    /* Extensions used by analysis/. */
    double flops_executed; /* FP32 flops the kernel's FADD/FMUL/FFMA perform: the tiled kernels
                              also multiply the zeros of padded edge tiles, so this exceeds
                              2*M*N*K when a dimension is not a multiple of the block's tile */
    double gld_sectors;    /* ideal 32-byte L1 sectors of the global loads (full warps, rows
                              32-byte aligned): a broadcast word costs one sector per warp,
                              a strided access more than words/8. best: exact, its copies
                              and stores counted one by one at the real row pitch */
    double gst_sectors;    /* ... of the global stores */
    double cgma_sector;    /* flops / (8 * (gld_sectors + gst_sectors)): CGMA per word of the
                              sectors moved */
    double gld_words_distinct; /* global loads with the lanes of a warp request that read the same
                                  word counted once: what sm__sass_data_bytes_mem_global_op_ld / 4
                                  measures (equal to gld_words unless a kernel broadcasts) */
    double gst_words_distinct; /* ... stores */
    double bank_conflict_ways_ld; /* worst shared load of the kernel, n-way (1 = none) */
    double bank_conflict_ways_st; /* worst shared store */
    int loads_by_cp_async;        /* 1: the global loads are cp.async copies (LDGSTS) to shared
                                     memory, whose thread-level bytes only
                                     sm__sass_data_bytes_mem_global_op_ldgsts counts */
    long grid_blocks;             /* thread blocks of the launch (0 for the CPU) */
    int threads_per_block;        /* 0 for the CPU */
};

/* Fills t for variant v at shape s; returns 0, or -1 for an unusable shape. */
int theory_of(const struct variant *v, const struct shape *s, struct theory *t);

/* Thread blocks v launches at shape s (theory_of's grid_blocks, without the
 * rest of the model, from model/launch_geometry.h); 0 for the CPU, a library
 * call or an unusable shape. */
long theory_grid_blocks(const struct variant *v, const struct shape *s);

#endif
