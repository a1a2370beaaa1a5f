/* The one notation of a problem size in every output: MxNxK for a matmul
 * (C is MxN, the inner dimension K), MxN for a transpose, which has no K
 * (results.csv stores its K as 0). */
#ifndef MMPROF_COMMON_SHAPE_TEXT_H
#define MMPROF_COMMON_SHAPE_TEXT_H

#include <stddef.h>

/* Writes "2048x2048x2048", "4096x4096" when k is 0, "-" when m is 0 (an
 * undeclared kernel of a profile run); returns buf. */
char *shape_text(char *buf, size_t len, long m, long n, long k);

#endif
