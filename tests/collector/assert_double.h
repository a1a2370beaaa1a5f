/* cmocka 1.1 has no double comparison (assert_float_equal works in float). */
#ifndef MMPROF_TESTS_ASSERT_DOUBLE_H
#define MMPROF_TESTS_ASSERT_DOUBLE_H

#include <math.h>

/* Fails with both values printed unless |a - b| <= tol. */
#define assert_double_equal(a, b, tol)                                                             \
    do {                                                                                           \
        double a_ = (a), b_ = (b);                                                                 \
        if (!(fabs(a_ - b_) <= (tol)))                                                             \
            fail_msg("%s = %.17g, expected %.17g", #a, a_, b_);                                    \
    } while (0)

#endif
