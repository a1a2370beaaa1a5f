/* The launch filters (filter.h). */
#include "profile/filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *filter_verdict_name(enum filter_verdict v)
{
    switch (v) {
    case FILTER_PROFILE:
        return "profiled";
    case FILTER_OTHER_NAME:
        return "other-name";
    case FILTER_OTHER_NVTX:
        return "other-nvtx";
    case FILTER_SKIPPED:
        return "skipped";
    case FILTER_REPEAT:
        return "repeat";
    case FILTER_CAPPED:
        break;
    }
    return "capped";
}

void filter_init(struct profile_filter *f)
{
    memset(f, 0, sizeof *f);
    f->launch_count = FILTER_LAUNCH_COUNT_DEFAULT;
    f->per_kernel = FILTER_PER_KERNEL_DEFAULT;
}

void filter_free(struct profile_filter *f)
{
    kernel_pattern_free(&f->name);
    for (size_t i = 0; i < f->nkernels; i++)
        free(f->kernels[i].name);
    free(f->kernels);
    f->kernels = NULL;
    f->nkernels = 0;
}

int filter_set_name(struct profile_filter *f, const char *pattern, char *why, size_t why_len)
{
    if (!pattern[0]) {
        snprintf(why, why_len, "-k/--kernel-name is empty: give a kernel name or regex:EXPR");
        return 2;
    }
    kernel_pattern_free(&f->name);
    return kernel_pattern_compile(&f->name, pattern, why, why_len);
}

int filter_add_nvtx(struct profile_filter *f, const char *spec, char *why, size_t why_len)
{
    if (f->nnvtx == FILTER_NVTX_MAX) {
        snprintf(why, why_len, "more than %d --nvtx-include filters", FILTER_NVTX_MAX);
        return 2;
    }
    struct nvtx_include inc = {.n = 0};
    const char *path = spec;
    const char *at = strchr(spec, '@');
    if (at) {
        if ((size_t)(at - spec) >= sizeof inc.domain || at == spec) {
            snprintf(why, why_len, "--nvtx-include '%s': the domain before '@' is empty or too long",
                     spec);
            return 2;
        }
        snprintf(inc.domain, sizeof inc.domain, "%.*s", (int)(at - spec), spec);
        path = at + 1;
    }
    size_t len = strlen(path);
    if (len < 2 || path[len - 1] != '/') {
        snprintf(why, why_len, "--nvtx-include '%s': a push/pop range path ends with '/', e.g. "
                 "'solve/' or 'mmprof@tiled/' (start/end ranges are not supported)",
                 spec);
        return 2;
    }
    for (const char *p = path; p < path + len;) {
        const char *slash = strchr(p, '/');
        if (slash == p || (size_t)(slash - p) >= NVTX_TEXT_MAX || inc.n == NVTX_STACK_MAX) {
            snprintf(why, why_len, "--nvtx-include '%s': an empty or too long range name, or more "
                     "than %d levels",
                     spec, NVTX_STACK_MAX);
            return 2;
        }
        snprintf(inc.ranges[inc.n++], NVTX_TEXT_MAX, "%.*s", (int)(slash - p), p);
        p = slash + 1;
    }
    f->nvtx[f->nnvtx++] = inc;
    return 0;
}

/* pattern[i..] against ranges[j..] as a prefix: each name equal to its range,
 * `*` one or more ranges. */
static int match_from(const struct nvtx_include *inc, size_t i, const char *const *ranges,
                      size_t n, size_t j)
{
    if (i == inc->n)
        return 1;
    if (strcmp(inc->ranges[i], "*") == 0) {
        for (size_t k = j + 1; k <= n; k++)
            if (match_from(inc, i + 1, ranges, n, k))
                return 1;
        return 0;
    }
    return j < n && strcmp(inc->ranges[i], ranges[j]) == 0 &&
           match_from(inc, i + 1, ranges, n, j + 1);
}

int filter_nvtx_match(const struct nvtx_include *inc, const struct nvtx_stack *s)
{
    const char *ranges[NVTX_STACK_MAX];
    size_t n = nvtx_stack_ranges(s, inc->domain, ranges, NVTX_STACK_MAX);
    return match_from(inc, 0, ranges, n, 0);
}

/* The profiled-launch count of this kernel (name, grid, block), or NULL
 * when a new one finds no memory. The latest kernels are searched first:
 * a loop launches the same few. */
static struct filter_kernel *kernel_of(struct profile_filter *f, const char *mangled,
                                       const unsigned grid[3], const unsigned block[3])
{
    for (size_t i = f->nkernels; i-- > 0;) {
        struct filter_kernel *k = &f->kernels[i];
        if (memcmp(k->grid, grid, sizeof k->grid) == 0 && memcmp(k->block, block, sizeof k->block) == 0 &&
            strcmp(k->name, mangled) == 0)
            return k;
    }
    struct filter_kernel *grown = realloc(f->kernels, (f->nkernels + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    f->kernels = grown;
    struct filter_kernel *k = &f->kernels[f->nkernels];
    *k = (struct filter_kernel){.name = strdup(mangled)};
    if (!k->name)
        return NULL;
    memcpy(k->grid, grid, sizeof k->grid);
    memcpy(k->block, block, sizeof k->block);
    f->nkernels++;
    return k;
}

enum filter_verdict filter_launch(struct profile_filter *f, const char *mangled,
                                  const char *demangled, const unsigned grid[3],
                                  const unsigned block[3], const struct nvtx_stack *s)
{
    if (!kernel_pattern_match(&f->name, mangled, demangled))
        return FILTER_OTHER_NAME;
    if (f->nnvtx > 0) {
        int any = 0;
        for (size_t i = 0; i < f->nnvtx && !any; i++)
            any = filter_nvtx_match(&f->nvtx[i], s);
        if (!any)
            return FILTER_OTHER_NVTX;
    }
    if (f->passed++ < f->launch_skip)
        return FILTER_SKIPPED;
    struct filter_kernel *k = f->per_kernel > 0 ? kernel_of(f, mangled, grid, block) : NULL;
    if (k && k->profiled >= f->per_kernel)
        return FILTER_REPEAT;
    if (f->launch_count > 0 && f->profiled >= f->launch_count)
        return FILTER_CAPPED;
    f->profiled++;
    if (k)
        k->profiled++;
    return FILTER_PROFILE;
}
