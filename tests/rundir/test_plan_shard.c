/* plan_shard: every item in exactly one shard, the same split every time,
 * and balanced by estimated cost, for N = 1..50. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "model/registry.h"
#include "rundir/plan.h"

#define MAX_N 50

/* The example plan: every variant at 1024 and 2048 (examples/seeds' sweep),
 * or with big = 1 a full sweep up to 16384. */
static void example_plan(struct plan *p, int big)
{
    static const struct variant *vs[512];
    size_t n;
    const struct variant *all = registry_all(&n);
    assert_true(n <= 512);
    for (size_t i = 0; i < n; i++)
        vs[i] = &all[i];
    static const struct shape small[] = {{1024, 1024, 1024}, {2048, 2048, 2048}};
    static const struct shape large[] = {{256, 256, 256},    {512, 512, 512},    {1000, 1000, 1000},
                                         {2048, 2048, 2048}, {4096, 4096, 4096}, {8192, 8192, 8192},
                                         {16384, 16384, 16384}};
    assert_int_equal(big ? plan_build(p, vs, n, large, 7) : plan_build(p, vs, n, small, 2), 0);
    assert_true(p->n > 0);
}

static void test_every_item_once(void **state)
{
    (void)state;
    for (int big = 0; big <= 1; big++) {
        struct plan p;
        example_plan(&p, big);
        for (int n = 1; n <= MAX_N; n++) {
            size_t per[MAX_N] = {0}, total = 0;
            plan_shard(&p, n, 0);
            for (size_t i = 0; i < p.n; i++) {
                assert_in_range(p.items[i].shard, 0, n - 1);
                per[p.items[i].shard]++;
            }
            for (int s = 0; s < n; s++) {
                total += per[s];
                /* Longest-first to the least loaded: no shard idles while
                 * there are at least as many items as shards. */
                if (p.n >= (size_t)n)
                    assert_true(per[s] > 0);
            }
            assert_int_equal(total, p.n);
        }
        plan_free(&p);
    }
}

static void test_deterministic(void **state)
{
    (void)state;
    struct plan a, b;
    example_plan(&a, 0);
    example_plan(&b, 0);
    for (int n = 1; n <= MAX_N; n++) {
        plan_shard(&a, n, 0);
        plan_shard(&b, n, 0);
        plan_shard(&b, n, 0); /* re-splitting an already split plan changes nothing */
        for (size_t i = 0; i < a.n; i++)
            assert_int_equal(a.items[i].shard, b.items[i].shard);
    }
    plan_free(&a);
    plan_free(&b);
}

/* max load <= 2 x average, except where one item alone costs more than
 * that (then no split can do better than that item: N = 50 on 90 items). */
static void test_balanced(void **state)
{
    (void)state;
    for (int big = 0; big <= 1; big++) {
        struct plan p;
        example_plan(&p, big);
        double total = 0, largest = 0;
        for (size_t i = 0; i < p.n; i++) {
            total += p.items[i].cost_s;
            if (p.items[i].cost_s > largest)
                largest = p.items[i].cost_s;
        }
        for (int n = 1; n <= MAX_N; n++) {
            double load[MAX_N] = {0}, max = 0, avg = total / n;
            plan_shard(&p, n, 0);
            for (size_t i = 0; i < p.n; i++)
                load[p.items[i].shard] += p.items[i].cost_s;
            for (int s = 0; s < n; s++)
                if (load[s] > max)
                    max = load[s];
            double bound = 2 * avg > largest ? 2 * avg : largest;
            if (max > bound * (1 + 1e-12))
                fail_msg("N=%d (%s plan): max shard load %.3f s > bound %.3f s (average %.3f s)", n,
                         big ? "big" : "example", max, bound, avg);
            if (largest <= avg)
                assert_true(max <= 2 * avg * (1 + 1e-12));
        }
        plan_free(&p);
    }
}

/* cpu_alone: the last shard holds every CPU item and nothing else, the GPU
 * items are spread over the others; one shard, or no CPU item, leaves the
 * ordinary split. */
static void test_cpu_alone(void **state)
{
    (void)state;
    struct plan p, q;
    example_plan(&p, 0);
    example_plan(&q, 0);
    assert_true(plan_has_cpu_items(&p));
    for (int n = 2; n <= 8; n++) {
        size_t per[8] = {0};
        plan_shard(&p, n, 1);
        for (size_t i = 0; i < p.n; i++) {
            int host = !variant_on_gpu(p.items[i].v);
            assert_int_equal(p.items[i].shard == n - 1, host);
            per[p.items[i].shard]++;
        }
        for (int s = 0; s < n; s++)
            assert_true(per[s] > 0);
    }
    plan_shard(&p, 1, 1);
    plan_shard(&q, 1, 0);
    for (size_t i = 0; i < p.n; i++)
        assert_int_equal(p.items[i].shard, q.items[i].shard);
    plan_free(&p);
    plan_free(&q);

    struct plan g;
    const struct variant *naive = registry_find("naive");
    assert_non_null(naive);
    assert_int_equal(plan_build(&g, &naive, 1, &(struct shape){64, 64, 64}, 1), 0);
    assert_false(plan_has_cpu_items(&g));
    plan_free(&g);
}

/* run.json's "plan" gives back the plan a collect ran; none, or a name this
 * build does not know, gives no plan. */
static void test_plan_from_run_json(void **state)
{
    (void)state;
    struct plan p = {0};
    char why[256] = "";
    cJSON *run = cJSON_Parse("{\"plan\": {\"variants\": [\"naive\", \"tr_copy\"], "
                             "\"shapes\": [[1024, 1024, 1024], [1000, 3000, 700]]}}");
    assert_non_null(run);
    assert_int_equal(plan_from_run_json(&p, run, why, sizeof why), 0);
    assert_int_equal(p.n, 4); /* each variant at each shape */
    assert_int_equal(plan_mark_done(&p, "naive", &(struct shape){1000, 3000, 700}), 1);
    plan_free(&p);
    cJSON_Delete(run);

    run = cJSON_Parse("{\"args\": []}");
    assert_int_equal(plan_from_run_json(&p, run, why, sizeof why), 1);
    cJSON_Delete(run);

    run = cJSON_Parse("{\"plan\": {\"variants\": [\"no_such_kernel\"], \"shapes\": [[8, 8, 8]]}}");
    assert_int_equal(plan_from_run_json(&p, run, why, sizeof why), -1);
    assert_non_null(strstr(why, "no_such_kernel"));
    cJSON_Delete(run);

    run = cJSON_Parse("{\"plan\": {\"variants\": [\"naive\"], \"shapes\": [[8, 8]]}}");
    assert_int_equal(plan_from_run_json(&p, run, why, sizeof why), -1);
    assert_non_null(strstr(why, "not [M, N, K]"));
    cJSON_Delete(run);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_balanced),
        cmocka_unit_test(test_cpu_alone),
        cmocka_unit_test(test_plan_from_run_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
