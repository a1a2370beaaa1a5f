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
 *   -c/--launch-count N               then at most N are (0 = no cap)
 * Skip and count follow the order of launches in one process, as ncu's do.
 * Host C only. */
#ifndef MMPROF_PROFILE_FILTER_H
#define MMPROF_PROFILE_FILTER_H

#include <stddef.h>

#include "profile/kernel_name.h"
#include "profile/nvtx_stack.h"

/* The cap when -c is not given: a profiled launch costs its replays, and an app
 * in a loop would otherwise take hours. */
#define FILTER_LAUNCH_COUNT_DEFAULT 500L
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
    long passed;       /* state: launches that passed the name and NVTX filters */
};

enum filter_verdict {
    FILTER_PROFILE,     /* profile it */
    FILTER_OTHER_NAME,  /* -k does not match */
    FILTER_OTHER_NVTX,  /* no --nvtx-include matches */
    FILTER_SKIPPED,     /* within --launch-skip */
    FILTER_CAPPED,      /* beyond --launch-count */
};

/* "profiled", "other-name", "other-nvtx", "skipped", "capped" (launches.tsv). */
const char *filter_verdict_name(enum filter_verdict v);

/* No name filter, no NVTX filter, no skip, the default cap. */
void filter_init(struct profile_filter *f);
void filter_free(struct profile_filter *f);

/* -k's value; 0, or 2 with why. */
int filter_set_name(struct profile_filter *f, const char *pattern, char *why, size_t why_len);
/* One --nvtx-include value; 0, or 2 with why (empty, no trailing '/', empty
 * range, too many). */
int filter_add_nvtx(struct profile_filter *f, const char *spec, char *why, size_t why_len);

/* 1 when the thread's NVTX ranges satisfy inc. */
int filter_nvtx_match(const struct nvtx_include *inc, const struct nvtx_stack *s);

/* The verdict on the next launch of this process, counting it. */
enum filter_verdict filter_launch(struct profile_filter *f, const char *mangled,
                                  const char *demangled, const struct nvtx_stack *s);

#endif
