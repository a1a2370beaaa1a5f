/* How a collect walks its plan: groups (family x shape: the items that share
 * one workload) in plan order, each measured, reserved or skipped, and with
 * counters gathered into batches whose caps bound what a batch holds back.
 * A GPU shard of a split run walks the whole plan's groups with the whole
 * plan's counts: every group's device buffers are made (reserved only, where
 * no item is this shard's), every batch breaks where the whole run's does and
 * cuBLAS first runs where it does, so each kernel finds its buffers where the
 * one-GPU run put them. Pure: no CUDA, no files. */
#ifndef MMPROF_GROUP_WALK_H
#define MMPROF_GROUP_WALK_H

#include <stddef.h>

#include "rundir/plan.h"

/* Caps of one counters batch (the reasons are in group_walk.c). */
#define BATCH_GROUPS_MAX 32
#define BATCH_ROWS_MAX 256
#define BATCH_BYTES_MAX ((size_t)4 << 30)

enum group_do {
    GROUP_SKIP,    /* nothing of it runs here and nothing is reserved */
    GROUP_MEASURE, /* its workload made, its wanted items measured */
    GROUP_RESERVE  /* its device buffers only, as the whole plan makes them */
};

struct group_step {
    size_t first, end;   /* its items [first, end) of the plan */
    enum group_do what;
    size_t wanted;       /* items this run measures */
    size_t rows;         /* rows it counts toward BATCH_ROWS_MAX */
    size_t device_bytes; /* workload_device_bytes of its family and shape */
    int batch_break;     /* the batch so far is finished before this group */
    /* The plan's first library call (a GPU variant that is no kernel of ours:
     * cuBLAS, whose first launch makes its handle and workspace), when it is
     * in this group; else GROUP_NO_ITEM. */
    size_t library_first;
};
#define GROUP_NO_ITEM ((size_t)-1)

struct group_walk {
    const struct plan *plan;
    int shard_index;
    int whole_layout; /* lay device memory out as the whole plan's run */
    size_t l2_bytes;
    size_t next;                    /* first item of the next group */
    size_t groups, rows, bytes;     /* the batch being filled, as planned */
    int library_seen;               /* a group so far had a library call */
};

/* 1 when an item is measured by shard shard_index (not done by a run resumed). */
int group_item_wanted(const struct plan_item *it, int shard_index);

/* 1 for a GPU shard of a split run: shard_count > 1 and not the CPU rows'
 * shard of --cpu-alone (the last one), which runs alone and reserves nothing. */
int shard_lays_out_whole_plan(int shard_index, int shard_count, int cpu_alone);

void group_walk_start(struct group_walk *g, const struct plan *p, int shard_index, int whole_layout,
                      size_t l2_bytes);
/* The next group into s: 1, or 0 at the plan's end. */
int group_walk_next(struct group_walk *g, struct group_step *s);

#endif
