/* Which launches `mmprof profile` profiles, ncu's filters with ncu's
 * spelling:
 *   -k/--kernel-name NAME|regex:RE    kernel_name.h
 *   --nvtx-include [DOMAIN@]A/B/      the launch is inside push/pop range A and,
 *                                     nested directly in it, B (outermost first;
 *                                     deeper ranges may follow; `*` stands for one or
 *                                     more ranges); the default domain without
 *                                     DOMAIN@; repeatable: any of them
 *   --launch-skip N                   the first N launches that pass the name and
 *                                     NVTX filters are not profiled
 *   --launches-per-kernel N           then each kernel (name, grid, block) is
 *                                     profiled at its first N such launches and
 *                                     only timed after (0 = every launch)
 *   -c/--launch-count N               and at most N launches in all (0 = no cap)
 * Skip, per-kernel and count follow the order of launches in one process,
 * as ncu's skip and count do.
 * Host C only. */
#ifndef MMPROF_PROFILE_FILTER_H
#define MMPROF_PROFILE_FILTER_H

#include <stddef.h>

#include "profile/kernel_name.h"
#include "profile/nvtx_stack.h"

/* The cap when -c is not given: a profiled launch costs its replays, and an app
 * in a loop would otherwise take hours. */
#define FILTER_LAUNCH_COUNT_DEFAULT 500L
/* A kernel's counters come from its first launch: its later launches are
 * timed (activity records), and cost nothing more. */
#define FILTER_PER_KERNEL_DEFAULT 1L
#define FILTER_NVTX_MAX 8

struct nvtx_include {
    char domain[NVTX_DOMAIN_MAX]; /* "" = default domain */
    char ranges[NVTX_STACK_MAX][NVTX_TEXT_MAX];
    size_t n;
};

struct profile_filter {
    struct kernel_pattern name;
    struct nvtx_include nvtx[FILTER_NVTX_MAX];
    size_t nnvtx;
    long launch_skip;
    long launch_count; /* 0 = no cap */
    long per_kernel;   /* --launches-per-kernel, 0 = every launch */
    long passed;       /* state: launches that passed the name and NVTX filters */
    long profiled;     /* state: launches profiled */
    struct filter_kernel *kernels; /* state: profiled launches of each kernel */
    size_t nkernels;
};

struct filter_kernel {
    char *name; /* mangled */
    unsigned grid[3], block[3];
    long profiled;
};

enum filter_verdict {
    FILTER_PROFILE,     /* profile it */
    FILTER_OTHER_NAME,  /* -k does not match */
    FILTER_OTHER_NVTX,  /* no --nvtx-include matches */
    FILTER_SKIPPED,     /* within --launch-skip */
    FILTER_CAPPED,      /* beyond --launch-count */
    FILTER_REPEAT,      /* its kernel has had its --launches-per-kernel */
};

/* "profiled", "other-name", "other-nvtx", "skipped", "capped", "repeat"
 * (launches.tsv). */
const char *filter_verdict_name(enum filter_verdict v);

/* No name filter, no NVTX filter, no skip, the default cap and per-kernel
 * count. */
void filter_init(struct profile_filter *f);
void filter_free(struct profile_filter *f);

/* -k's value; 0, or 2 with why. */
int filter_set_name(struct profile_filter *f, const char *pattern, char *why, size_t why_len);
/* One --nvtx-include value; 0, or 2 with why (empty, no trailing '/', empty
 * range, too many). */
int filter_add_nvtx(struct profile_filter *f, const char *spec, char *why, size_t why_len);

/* 1 when the thread's NVTX ranges satisfy inc. */
int filter_nvtx_match(const struct nvtx_include *inc, const struct nvtx_stack *s);

/* The verdict on the next launch of this process, counting it. Out of
 * memory for a new kernel's count, the launch is profiled (at a cost, not
 * wrong). */
enum filter_verdict filter_launch(struct profile_filter *f, const char *mangled,
                                  const char *demangled, const unsigned grid[3],
                                  const unsigned block[3], const struct nvtx_stack *s);

#endif
