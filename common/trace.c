/* MMPROF_TRACE phase times (trace.h). */
#include "common/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"

int trace_on(void)
{
    static int on = -1;
    if (on < 0) {
        const char *v = getenv("MMPROF_TRACE");
        on = v && strcmp(v, "1") == 0;
    }
    return on;
}

void trace_since(const char *phase, double t0_ms)
{
    if (trace_on())
        fprintf(stderr, "mmprof-trace: %s %.2f ms\n", phase, now_ms() - t0_ms);
}
