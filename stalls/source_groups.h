/* The stall reasons a chart or a table shows apart, the same for every
 * kernel of a run: each reason ranked by its largest share of any one
 * kernel's samples (a reason that dominates one kernel stays named however
 * rare it is elsewhere), and past `max` the smallest ones summed as "other",
 * so a stacked bar keeps to the charts' eight series a panel. The shares of
 * a kernel's groups add up to 100 %. */
#ifndef MMPROF_SOURCE_SOURCE_GROUPS_H
#define MMPROF_SOURCE_SOURCE_GROUPS_H

#include <stddef.h>

#include "stalls/source_profile.h"

#define SOURCE_GROUPS_MAX 16
/* The groups the stalls chart stacks (eight series a panel, as every chart)
 * and the report's stall table shows: the table holds the bars' numbers. */
#define SOURCE_STALL_GROUPS 8
#define SOURCE_OTHER "other"

struct stall_groups {
    const char *names[SOURCE_GROUPS_MAX]; /* the last one SOURCE_OTHER when other is set */
    size_t n;
    int other; /* the last group sums every reason not named */
};

/* At most max groups (2 .. SOURCE_GROUPS_MAX) of p's reasons: all of them
 * when they are that few, else the first max - 1 and "other". 0, or -1
 * when out of memory. Names point into p. */
int source_stall_groups(const struct source_profile *p, size_t max, struct stall_groups *g);
/* Kernel k's samples in group i of g, in % of all its samples (NaN when it has none). */
double source_group_share(const struct source_kernel *k, const struct stall_groups *g, size_t i);

#endif
