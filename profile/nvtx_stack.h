/* One thread's NVTX push/pop ranges, innermost last, each with its domain
 * ("" for the default domain). The injection library keeps one per thread
 * from CUPTI's NVTX callbacks; the filter and the declarations read it.
 * Invariant: depth counts every push not yet popped, also those beyond
 * NVTX_STACK_MAX, which are counted but not stored (a pop of one of them
 * pops nothing stored). Host C only. */
#ifndef MMPROF_PROFILE_NVTX_STACK_H
#define MMPROF_PROFILE_NVTX_STACK_H

#include <stddef.h>

#define NVTX_STACK_MAX 32
#define NVTX_TEXT_MAX 256
#define NVTX_DOMAIN_MAX 64

struct nvtx_entry {
    char domain[NVTX_DOMAIN_MAX];
    char text[NVTX_TEXT_MAX];
};

struct nvtx_stack {
    struct nvtx_entry e[NVTX_STACK_MAX];
    size_t depth; /* may exceed NVTX_STACK_MAX: see above */
};

/* domain NULL = the default domain; text NULL = an unnamed range ("").
 * Longer texts are cut. */
void nvtx_stack_push(struct nvtx_stack *s, const char *domain, const char *text);
/* Pops the innermost range of domain (NVTX pops per domain); nothing when
 * the domain has none. */
void nvtx_stack_pop(struct nvtx_stack *s, const char *domain);

/* The ranges of domain, outermost first, joined by '/' ("outer/inner"); ""
 * when none. */
void nvtx_stack_path(const struct nvtx_stack *s, const char *domain, char *buf, size_t len);
/* The innermost range text of domain, or NULL. */
const char *nvtx_stack_top(const struct nvtx_stack *s, const char *domain);

/* The ranges of domain, outermost first, into out (at most cap); returns how
 * many. */
size_t nvtx_stack_ranges(const struct nvtx_stack *s, const char *domain, const char **out,
                         size_t cap);

#endif
