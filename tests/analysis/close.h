/* Comparing doubles in cmocka tests (cmocka 1.1 only has a float compare,
 * too coarse for counts of 1e12). Include after <cmocka.h>. */
#ifndef MMPROF_TESTS_CLOSE_H
#define MMPROF_TESTS_CLOSE_H

#include <math.h>

/* |got - want| <= rel * |want| (or <= rel when want is 0); NaN is never close. */
static inline int close_enough(double got, double want, double rel)
{
    if (isnan(got) || isnan(want))
        return 0;
    double scale = want == 0 ? 1 : fabs(want);
    return fabs(got - want) <= rel * scale;
}

#define assert_close(got, want, rel)                                                                   \
    do {                                                                                               \
        double got_ = (got), want_ = (want);                                                           \
        if (!close_enough(got_, want_, (rel)))                                                         \
            fail_msg("%s = %.17g, expected %.17g (relative tolerance %g)", #got, got_, want_, (double)(rel)); \
    } while (0)

#define assert_nan(value)                                                                  \
    do {                                                                                   \
        double v_ = (value);                                                               \
        if (!isnan(v_))                                                                    \
            fail_msg("%s = %.17g, expected NaN (not measured / not applicable)", #value, v_); \
    } while (0)

#endif
