/* Stall reasons ranked and grouped across a run's kernels (source_groups.h). */
#include "stalls/source_groups.h"

#include <stdlib.h>
#include <string.h>

struct ranked {
    const char *stall;
    double top; /* its largest share of one kernel's samples */
};

static int by_top(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->top != y->top)
        return x->top < y->top ? 1 : -1;
    return strcmp(x->stall, y->stall);
}

/* Every reason of p once, with its largest share; -1 when out of memory. */
static int rank(const struct source_profile *p, struct ranked **out, size_t *n)
{
    size_t cap = 0;
    for (size_t i = 0; i < p->n; i++)
        cap += p->kernels[i].nstalls;
    struct ranked *r = malloc((cap ? cap : 1) * sizeof *r);
    if (!r)
        return -1;
    *n = 0;
    for (size_t i = 0; i < p->n; i++) {
        const struct source_kernel *k = &p->kernels[i];
        for (size_t s = 0; s < k->nstalls; s++) {
            double share = source_pct(k->stalls[s].samples, k->samples);
            size_t j = 0;
            while (j < *n && strcmp(r[j].stall, k->stalls[s].stall) != 0)
                j++;
            if (j == *n)
                r[(*n)++] = (struct ranked){k->stalls[s].stall, share};
            else if (share > r[j].top)
                r[j].top = share;
        }
    }
    qsort(r, *n, sizeof *r, by_top);
    *out = r;
    return 0;
}

int source_stall_groups(const struct source_profile *p, size_t max, struct stall_groups *g)
{
    struct ranked *r;
    size_t n;
    memset(g, 0, sizeof *g);
    if (max < 2)
        max = 2;
    if (max > SOURCE_GROUPS_MAX)
        max = SOURCE_GROUPS_MAX;
    if (rank(p, &r, &n) != 0)
        return -1;
    g->other = n > max;
    size_t named = g->other ? max - 1 : n;
    for (size_t i = 0; i < named; i++)
        g->names[g->n++] = r[i].stall;
    if (g->other)
        g->names[g->n++] = SOURCE_OTHER;
    free(r);
    return 0;
}

static int named(const struct stall_groups *g, const char *stall)
{
    for (size_t i = 0; i + (g->other ? 1 : 0) < g->n; i++)
        if (strcmp(g->names[i], stall) == 0)
            return 1;
    return 0;
}

double source_group_share(const struct source_kernel *k, const struct stall_groups *g, size_t i)
{
    if (!(g->other && i + 1 == g->n))
        return source_pct(source_kernel_stall(k, g->names[i]), k->samples);
    unsigned long long rest = 0;
    for (size_t s = 0; s < k->nstalls; s++)
        if (!named(g, k->stalls[s].stall))
            rest += k->stalls[s].samples;
    return source_pct(rest, k->samples);
}
