/* The groups of a collect's plan and its counters batches (group_walk.h).
 *
 * Groups are verified and timed one after another, then profiled in one
 * counters batch. Each config image needs a Range Profiler object of its own,
 * whose first Start costs about 170 ms on an H100 (docs/fidelity.md): one
 * batch for many groups pays that once per image, not once per image and
 * group. The caps bound what a batch holds back: rows written late, and the
 * device and pinned host memory of the workloads kept alive meanwhile (beyond
 * them kernels take long enough that a few object starts do not matter). */
#include "collector/group_walk.h"

#include "collector/workload.h"

int group_item_wanted(const struct plan_item *it, int shard_index)
{
    return !it->done && it->shard == shard_index;
}

int shard_lays_out_whole_plan(int shard_index, int shard_count, int cpu_alone)
{
    return shard_count > 1 && !(cpu_alone && shard_index == shard_count - 1);
}

void group_walk_start(struct group_walk *g, const struct plan *p, int shard_index, int whole_layout,
                      size_t l2_bytes)
{
    *g = (struct group_walk){.plan = p, .shard_index = shard_index, .whole_layout = whole_layout,
                             .l2_bytes = l2_bytes};
}

static int same_group(const struct plan_item *a, const struct plan_item *b)
{
    return a->v->family == b->v->family && a->shape.m == b->shape.m && a->shape.n == b->shape.n &&
           a->shape.k == b->shape.k;
}

int group_walk_next(struct group_walk *g, struct group_step *s)
{
    const struct plan *p = g->plan;
    if (g->next >= p->n)
        return 0;
    *s = (struct group_step){.first = g->next, .end = g->next + 1, .library_first = GROUP_NO_ITEM};
    while (s->end < p->n && same_group(&p->items[s->first], &p->items[s->end]))
        s->end++;
    g->next = s->end;
    for (size_t i = s->first; i < s->end; i++) {
        s->wanted += (size_t)group_item_wanted(&p->items[i], g->shard_index);
        if (!g->library_seen && variant_on_gpu(p->items[i].v) && !variant_is_kernel(p->items[i].v)) {
            g->library_seen = 1;
            s->library_first = i;
        }
    }
    /* The whole plan's run measures every item of every group. */
    s->rows = g->whole_layout ? s->end - s->first : s->wanted;
    s->what = s->wanted > 0 ? GROUP_MEASURE : g->whole_layout ? GROUP_RESERVE : GROUP_SKIP;
    if (s->what == GROUP_SKIP)
        return 1;
    const struct plan_item *it = &p->items[s->first];
    s->device_bytes = workload_device_bytes(it->v->family, &it->shape, g->l2_bytes, NULL);
    s->batch_break = g->groups > 0 && (g->groups == BATCH_GROUPS_MAX || g->rows + s->rows > BATCH_ROWS_MAX ||
                                       g->bytes + s->device_bytes > BATCH_BYTES_MAX);
    if (s->batch_break)
        g->groups = g->rows = g->bytes = 0;
    g->groups++;
    g->rows += s->rows;
    g->bytes += s->device_bytes;
    return 1;
}
