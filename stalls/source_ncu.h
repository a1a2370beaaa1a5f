/* Nsight Compute's warp-state sampling of a kernel, the reference for
 * `mmprof source --ncu-raw/--ncu-source` (scripts/source-check.sh):
 *
 *   raw page     `ncu --import R --page raw --csv --print-kernel-base mangled`:
 *                per kernel, smsp__pcsamp_sample_count and one
 *                smsp__pcsamp_warps_issue_stalled_<reason> column per reason
 *   source page  `ncu --import R --page source --csv --print-source cuda,sass`:
 *                per CUDA source line, "Warp Stall Sampling (All Samples)"
 *
 * A share is a reason's samples over smsp__pcsamp_sample_count, as ncu's
 * SourceCounters section computes it. */
#ifndef MMPROF_SOURCE_NCU_H
#define MMPROF_SOURCE_NCU_H

#include <stddef.h>

#define NCU_STALLS_MAX 64

struct ncu_stall {
    char stall[96]; /* without SOURCE_STALL_PREFIX */
    double samples;
};

struct ncu_stalls {
    double sample_count;
    size_t n;
    struct ncu_stall reasons[NCU_STALLS_MAX]; /* hottest first, "_not_issued" ones left out */
};

/* The raw page's row of the kernel named function (mangled). 0, 1 when no
 * row has that kernel name, -1 with err naming the file and the fix. */
int source_ncu_stalls(const char *path, const char *function, struct ncu_stalls *out, char *err, size_t err_len);

/* The source page's hottest line: its number and samples. 0, or -1 with err
 * (no line column, no "Warp Stall Sampling (All Samples)" column, no rows). */
int source_ncu_hottest_line(const char *path, long *line, double *samples, char *err, size_t err_len);

#endif
