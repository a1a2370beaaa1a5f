/* timing_gaps: launches the GPU waited for on the host, from each launch's
 * GPU time and host submit time, and when a row is host-bound. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "collector/timing.h"

#define N 10

/* Launch i waits wait_ms[i] for the host, then runs own_ms: its submit time
 * is the previous launch's end plus that wait (0 wait: submitted long before). */
static void timeline(const double *own_ms, const double *wait_ms, double *ms, double *submit_ms)
{
    double end = 0;
    for (int i = 0; i < N; i++) {
        submit_ms[i] = wait_ms[i] > 0 ? end + wait_ms[i] : 0.001 * i;
        ms[i] = own_ms[i] + wait_ms[i];
        end += ms[i];
    }
}

static void gaps_of(const double *own_ms, const double *wait_ms, struct timing_stats *st)
{
    double ms[N], submit_ms[N];
    timeline(own_ms, wait_ms, ms, submit_ms);
    timing_summarize(ms, N, st);
    timing_gaps(ms, submit_ms, N, st);
}

static void fill(double *x, double v)
{
    for (int i = 0; i < N; i++)
        x[i] = v;
}

static void queue_ahead_is_not_gapped(void **state)
{
    (void)state;
    double own[N], wait[N];
    struct timing_stats st;
    fill(own, 1.0);
    fill(wait, 0);
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, 0);
    assert_false(timing_host_bound(&st));
}

static void starved_launches_are_gapped(void **state)
{
    (void)state;
    double own[N], wait[N];
    struct timing_stats st;
    fill(own, 1.0);
    fill(wait, 0.5);
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, N);
    assert_float_equal(st.gap_share, 0.5, 1e-9);
    assert_true(timing_host_bound(&st));
}

/* Just under the share (9 % of the kernel), or above it but under the floor
 * (4 us on a 10 us kernel): not gapped. */
static void near_misses(void **state)
{
    (void)state;
    double own[N], wait[N];
    struct timing_stats st;
    fill(own, 1.0);
    fill(wait, 0.09);
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, 0);
    fill(own, 0.010);
    fill(wait, 0.004);
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, 0);
    fill(wait, 0.006); /* over the floor: gapped */
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, N);
}

/* A quarter of the launches gapped makes the row host-bound; fewer do not. */
static void a_quarter_gapped(void **state)
{
    (void)state;
    double own[N], wait[N];
    struct timing_stats st;
    fill(own, 1.0);
    fill(wait, 0);
    wait[3] = wait[6] = 2.0;
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, 2);
    assert_false(timing_host_bound(&st));
    wait[8] = 2.0;
    gaps_of(own, wait, &st);
    assert_int_equal(st.gapped, 3);
    assert_true(timing_host_bound(&st));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queue_ahead_is_not_gapped),
        cmocka_unit_test(starved_launches_are_gapped),
        cmocka_unit_test(near_misses),
        cmocka_unit_test(a_quarter_gapped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
