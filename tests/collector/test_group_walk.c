/* The walk of a collect's plan (collector/group_walk.h): each GPU shard of a
 * 2- and 3-GPU split (with and without --cpu-alone) walks the whole plan's
 * groups, sizes, batch breaks and first cuBLAS launch, only which groups it
 * measures and which it reserves differ; the CPU rows' shard and a one-GPU run keep to their own
 * groups; a resumed shard keeps the whole plan's layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "collector/group_walk.h"

#define L2_BYTES ((size_t)50 << 20) /* an H100's or H200's L2 */
#define MAX_STEPS 256

/* Every variant (the CPU baseline too) at square sizes from 128 to 4096 and
 * two odd shapes: groups enough that the whole run breaks its batches on
 * groups, rows and bytes. */
static const struct shape shapes[] = {
    {128, 128, 128},    {256, 256, 256},    {384, 384, 384},    {512, 512, 512},    {640, 640, 640},
    {768, 768, 768},    {896, 896, 896},    {1024, 1024, 1024}, {1000, 3000, 700},  {1536, 1536, 1536},
    {2048, 2048, 2048}, {3072, 3072, 3072}, {4096, 4096, 4096}, {4096, 4096, 64},   {160, 160, 160},
    {192, 192, 192},    {224, 224, 224},    {288, 288, 288},    {320, 320, 320},    {352, 352, 352},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

/* A few variants: most groups have items of only some shards. */
static const char *const few[] = {"naive", "cpu_blas", "tr_naive", "tr_coalesced", "tr_padded", NULL};

/* The plan of the variants named (NULL: every variant) at every shape. */
static void build_of(struct plan *p, const char *const *names)
{
    size_t nv = 0, all_n;
    const struct variant *all = registry_all(&all_n);
    const struct variant **vs = calloc(all_n, sizeof *vs);
    assert_non_null(vs);
    for (size_t i = 0; names ? names[i] != NULL : i < all_n; i++) {
        vs[nv] = names ? registry_find(names[i]) : &all[i];
        assert_non_null(vs[nv++]);
    }
    assert_int_equal(plan_build(p, vs, nv, shapes, NSHAPES), 0);
    free(vs);
}

static void build(struct plan *p)
{
    build_of(p, NULL);
}

static size_t walk(const struct plan *p, int shard, int whole_layout, struct group_step *steps)
{
    struct group_walk g;
    size_t n = 0;
    group_walk_start(&g, p, shard, whole_layout, L2_BYTES);
    while (n < MAX_STEPS && group_walk_next(&g, &steps[n]))
        n++;
    return n;
}

static size_t breaks(const struct group_step *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += (size_t)s[i].batch_break;
    return k;
}

/* The shard's steps against the whole run's: equal but for measure/reserve,
 * measured exactly where the shard has an item not done. */
static void same_layout(const struct plan *split, int shard, const struct group_step *whole, size_t nwhole)
{
    static struct group_step s[MAX_STEPS];
    size_t n = walk(split, shard, 1, s);
    assert_int_equal(n, nwhole);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(s[i].first, whole[i].first);
        assert_int_equal(s[i].end, whole[i].end);
        assert_int_equal(s[i].rows, whole[i].rows);
        assert_int_equal(s[i].device_bytes, whole[i].device_bytes);
        assert_int_equal(s[i].batch_break, whole[i].batch_break);
        assert_int_equal(s[i].library_first, whole[i].library_first);
        assert_int_equal(whole[i].what, GROUP_MEASURE);
        size_t mine = 0;
        for (size_t k = s[i].first; k < s[i].end; k++)
            mine += (size_t)group_item_wanted(&split->items[k], shard);
        assert_int_equal(s[i].wanted, mine);
        assert_int_equal(s[i].what, mine > 0 ? GROUP_MEASURE : GROUP_RESERVE);
    }
}

/* Every GPU shard of an nshards split against the unsplit plan; the groups
 * the shards reserve. */
static size_t check_split_of(const char *const *names, int nshards, int cpu_alone)
{
    static struct group_step whole[MAX_STEPS];
    struct plan p, split;
    build_of(&p, names);
    build_of(&split, names);
    plan_shard(&split, nshards, cpu_alone);
    assert_int_equal(shard_lays_out_whole_plan(0, 1, 0), 0);
    size_t n = walk(&p, 0, 0, whole);
    assert_int_equal(n, 2 * NSHAPES);
    assert_true(breaks(whole, n) >= (names ? 1 : 2));
    int gpu_shards = cpu_alone ? nshards - 1 : nshards;
    size_t reserved = 0;
    for (int shard = 0; shard < gpu_shards; shard++) {
        static struct group_step s[MAX_STEPS];
        assert_int_equal(shard_lays_out_whole_plan(shard, nshards, cpu_alone), 1);
        same_layout(&split, shard, whole, n);
        size_t ns = walk(&split, shard, 1, s);
        for (size_t i = 0; i < ns; i++)
            reserved += (size_t)(s[i].what == GROUP_RESERVE);
    }
    plan_free(&p);
    plan_free(&split);
    return reserved;
}

/* Every variant: each shard has items in every group, the batches are what
 * a shard must keep; a few variants: shards reserve other shards' groups. */
static void check_split(int nshards, int cpu_alone)
{
    check_split_of(NULL, nshards, cpu_alone);
    assert_true(check_split_of(few, nshards, cpu_alone) > 0);
}

static void two_gpus_cpu_alone(void **state)
{
    (void)state;
    check_split(3, 1); /* what --devices 0,1 runs with a CPU variant */
}

static void three_gpus_cpu_alone(void **state)
{
    (void)state;
    check_split(4, 1);
}

static void two_and_three_shards(void **state)
{
    (void)state;
    check_split(2, 0); /* a Slurm array, or --devices without a CPU variant */
    check_split(3, 0);
}

/* The whole run breaks on every cap: 32 groups, 256 rows, 4 GiB. */
static void caps(void **state)
{
    (void)state;
    static struct group_step s[MAX_STEPS];
    struct plan p;
    build(&p);
    size_t n = walk(&p, 0, 0, s), groups = 0, rows = 0, bytes = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i].batch_break) {
            assert_true(groups == BATCH_GROUPS_MAX || rows + s[i].rows > BATCH_ROWS_MAX ||
                        bytes + s[i].device_bytes > BATCH_BYTES_MAX);
            groups = rows = bytes = 0;
        }
        groups++;
        rows += s[i].rows;
        bytes += s[i].device_bytes;
        assert_true(groups <= BATCH_GROUPS_MAX && rows <= BATCH_ROWS_MAX && bytes <= BATCH_BYTES_MAX);
    }
    plan_free(&p);
}

/* cuBLAS's first launch (its handle and workspace) is marked once, in the
 * first matmul group; a plan without it marks none. */
static void library_first(void **state)
{
    (void)state;
    static struct group_step s[MAX_STEPS];
    struct plan p;
    build(&p);
    size_t n = walk(&p, 0, 0, s), marked = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i].library_first != GROUP_NO_ITEM) {
            marked++;
            assert_int_equal(i, 0);
            assert_string_equal(p.items[s[i].library_first].v->name, "cublas");
        }
    assert_int_equal(marked, 1);
    plan_free(&p);
    build_of(&p, few);
    n = walk(&p, 0, 0, s);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(s[i].library_first, GROUP_NO_ITEM);
    plan_free(&p);
}

/* The CPU rows' shard runs alone: it keeps to the groups of its own items. */
static void cpu_shard_own_groups(void **state)
{
    (void)state;
    static struct group_step s[MAX_STEPS];
    struct plan p;
    build(&p);
    plan_shard(&p, 3, 1);
    assert_int_equal(shard_lays_out_whole_plan(2, 3, 1), 0);
    size_t n = walk(&p, 2, 0, s), measured = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_not_equal(s[i].what, GROUP_RESERVE);
        assert_int_equal(s[i].rows, s[i].wanted);
        measured += (size_t)(s[i].what == GROUP_MEASURE);
    }
    assert_int_equal(measured, NSHAPES); /* cpu_blas at each shape */
    plan_free(&p);
}

/* --resume: a shard's done items are not measured again, its layout stays
 * the whole plan's (a group whose items are all done is reserved); a
 * resumed one-GPU run skips its done groups. */
static void resume(void **state)
{
    (void)state;
    static struct group_step whole[MAX_STEPS], s[MAX_STEPS];
    struct plan p, split;
    build(&p);
    build(&split);
    plan_shard(&split, 3, 1);
    size_t n = walk(&p, 0, 0, whole);
    for (size_t i = 0; i < split.n / 2; i++)
        split.items[i].done = 1;
    same_layout(&split, 0, whole, n);
    assert_int_equal(walk(&split, 0, 1, s), n);
    assert_int_equal(s[0].what, GROUP_RESERVE);
    for (size_t i = whole[0].first; i < whole[0].end; i++)
        p.items[i].done = 1;
    assert_int_equal(walk(&p, 0, 0, s), n);
    assert_int_equal(s[0].what, GROUP_SKIP);
    assert_int_equal(s[1].what, GROUP_MEASURE);
    plan_free(&p);
    plan_free(&split);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_gpus_cpu_alone), cmocka_unit_test(three_gpus_cpu_alone),
        cmocka_unit_test(two_and_three_shards), cmocka_unit_test(caps),
        cmocka_unit_test(library_first), cmocka_unit_test(cpu_shard_own_groups), cmocka_unit_test(resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
