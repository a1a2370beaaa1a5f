/* A run's source.csv folded per kernel row: its samples, its stall reasons
 * and its source lines, each sorted hottest first. A kernel's samples are the
 * sum of its stall reasons except the "_not_issued" ones (a subset of another
 * reason, source_csv.h), so the reasons' shares add up to 100 %. */
#ifndef MMPROF_SOURCE_PROFILE_H
#define MMPROF_SOURCE_PROFILE_H

#include <stddef.h>

#include "rundir/run_view.h"
#include "rundir/source_csv.h"

struct stall_count {
    const char *stall;
    unsigned long long samples;
};

struct source_line {
    const char *file; /* "" for the instructions without a line */
    long line;
    unsigned long long samples;
    struct stall_count *stalls; /* hottest first, "_not_issued" ones left out */
    size_t nstalls;
};

struct source_kernel {
    const char *variant;
    long m, n, k;
    const char *function; /* the first sampled function's name */
    unsigned long long samples;
    struct stall_count *stalls; /* hottest first, "_not_issued" ones left out */
    size_t nstalls;
    struct source_line *lines; /* hottest first; ties by file and line */
    size_t nlines;
};

struct source_profile {
    struct source_kernel *kernels; /* in source.csv's order */
    size_t n;
};

/* The kernel as a reader names it: its short name (common/kernel_name.h),
 * cut to name_width characters, then a declared kernel's size
 * ("tiled_t16 1024x1024x1024", "DeviceRadixSortOnesweepKernel<...>");
 * returns buf. */
const char *source_kernel_title(const struct source_kernel *k, size_t name_width, char *buf, size_t len);

/* 0, or -1 when out of memory. Strings point into t, which must outlive p. */
int source_profile_build(const struct source_table *t, struct source_profile *p);
/* The run view's source.csv (loaded with RUN_VIEW_SOURCE) folded, the one
 * way every reader of it (`mmprof source`, the report, the charts) does: 0
 * (strings point into the view, which must outlive p), 1 when the run has no
 * source.csv (p empty), -1 when it could not be read or is malformed, -2
 * when out of memory; err says why. */
int source_profile_load(const struct run_view *v, struct source_profile *p, char *err, size_t err_len);
/* Frees the fold. */
void source_profile_free(struct source_profile *p);

/* The kernel named variant (the first one at any size), or NULL. */
const struct source_kernel *source_profile_find(const struct source_profile *p, const char *variant);

/* Kernel k's samples of one stall reason (0 when it has none). */
unsigned long long source_kernel_stall(const struct source_kernel *k, const char *stall);
/* part in % of whole; NaN when whole is 0. */
double source_pct(unsigned long long part, unsigned long long whole);

#endif
