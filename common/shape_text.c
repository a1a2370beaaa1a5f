/* See shape_text.h: ASCII 'x', so terminal columns align by byte count. */
#include "common/shape_text.h"

#include <stdio.h>

char *shape_text(char *buf, size_t len, long m, long n, long k)
{
    if (m <= 0) /* a kernel `mmprof profile` saw without a declaration: its size is the app's */
        snprintf(buf, len, "-");
    else if (k == 0)
        snprintf(buf, len, "%ldx%ld", m, n);
    else
        snprintf(buf, len, "%ldx%ldx%ld", m, n, k);
    return buf;
}
