/* Number parsing, suggestions, seeded inputs, timing statistics, occupancy. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "collector/resources.h"
#include "collector/timing.h"
#include "common/rng.h"
#include "common/util.h"

static void positive_numbers(void **state)
{
    (void)state;
    long v;
    char why[128];
    assert_int_equal(parse_positive("2048", 1 << 20, &v, why, sizeof why), 0);
    assert_int_equal(v, 2048);
    assert_int_equal(parse_positive("0", 1 << 20, &v, why, sizeof why), -1);
    assert_int_equal(parse_positive("-5", 1 << 20, &v, why, sizeof why), -1);
    assert_non_null(strstr(why, "negative"));
    assert_int_equal(parse_positive("12abc", 1 << 20, &v, why, sizeof why), -1);
    assert_int_equal(parse_positive("99999999999999999999999", 1 << 20, &v, why, sizeof why), -1);
    assert_non_null(strstr(why, "too large"));
    assert_int_equal(parse_positive("", 1 << 20, &v, why, sizeof why), -1);
    long list[4];
    assert_int_equal(parse_positive_list("1000,3000,700", 1 << 20, list, 4, why, sizeof why), 3);
    assert_int_equal(list[1], 3000);
    assert_int_equal(parse_positive_list("1,,2", 1 << 20, list, 4, why, sizeof why), -1);
    assert_int_equal(parse_positive_list("1,2,3,4,5", 1 << 20, list, 4, why, sizeof why), -1);
}

static void seeded_inputs(void **state)
{
    (void)state;
    float a[1000], b[1000], c[1000];
    rng_fill_uniform(a, 1000, 42, 1);
    rng_fill_uniform(b, 1000, 42, 1);
    rng_fill_uniform(c, 1000, 42, 2);
    assert_memory_equal(a, b, sizeof a);
    assert_memory_not_equal(a, c, sizeof a);
    int zeros = 0;
    double mean = 0;
    for (int i = 0; i < 1000; i++) {
        assert_true(a[i] >= -1.0f && a[i] < 1.0f);
        zeros += a[i] == 0.0f;
        mean += a[i] / 1000.0;
    }
    assert_true(zeros < 3);
    assert_true(fabs(mean) < 0.1);
}

static void timing_statistics(void **state)
{
    (void)state;
    double ms[] = {5, 1, 3, 2, 4};
    struct timing_stats st;
    timing_summarize(ms, 5, &st);
    assert_true(st.median_ms == 3 && st.min_ms == 1 && st.max_ms == 5 && st.runs == 5);
    double even[] = {4, 1, 3, 2};
    timing_summarize(even, 4, &st);
    assert_true(st.median_ms == 2.5);
    struct timing_options o = {.warmup = 2, .min_reps = 10, .max_reps = 1000, .budget_ms = 200};
    assert_int_equal(timing_reps(&o, 100), 10); /* slow kernel: the floor */
    assert_int_equal(timing_reps(&o, 0.01), 1000); /* fast kernel: the ceiling */
    assert_int_equal(timing_reps(&o, 1), 200);
}

static void occupancy_arithmetic(void **state)
{
    (void)state;
    /* GH100: 64K registers, 2048 threads, 32 blocks, 228 KB shared per SM. */
    struct device_info d = {.regs_per_sm = 65536, .max_threads_per_sm = 2048, .max_blocks_per_sm = 32,
                            .shared_per_sm_bytes = 233472};
    struct occupancy_limits o;
    occupancy_limits(&d, 256, 32, 2048, &o); /* rt_b16_1x1 */
    assert_int_equal(o.blocks, 8);
    assert_string_equal(o.limiter, "threads");
    occupancy_limits(&d, 256, 94, 12288, &o); /* rt_b16_6x6: 94 regs -> 96*32*8 per block */
    assert_int_equal(o.by_registers, 2);
    assert_string_equal(o.limiter, "registers");
    occupancy_limits(&d, 4, 32, 32, &o); /* tiled_t2: 4-thread blocks hit the block-slot limit */
    assert_int_equal(o.blocks, 32);
    assert_string_equal(o.limiter, "blocks");
    occupancy_limits(&d, 256, 32, 49152, &o); /* 48 KB + 1 KB reserved: 4 per 228 KB */
    assert_int_equal(o.by_shared, 4);
}

/* sleep_ms: the whole wait, seconds and nanoseconds both set; none for <= 0. */
static void sleeping(void **state)
{
    (void)state;
    double t0 = now_ms();
    assert_int_equal(sleep_ms(20), 0);
    double slept_ms = now_ms() - t0;
    assert_true(slept_ms >= 20);
    assert_true(slept_ms < 2000); /* loose: a loaded CI machine */
    t0 = now_ms();
    assert_int_equal(sleep_ms(1500), 0);
    assert_true(now_ms() - t0 >= 1500);
    t0 = now_ms();
    assert_int_equal(sleep_ms(0), 0);
    assert_int_equal(sleep_ms(-3), 0);
    assert_true(now_ms() - t0 < 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(positive_numbers), cmocka_unit_test(seeded_inputs),
        cmocka_unit_test(timing_statistics), cmocka_unit_test(occupancy_arithmetic),
        cmocka_unit_test(sleeping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
