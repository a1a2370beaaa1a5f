/* The limits of each metric class (common/metric_class.h) and the verdict. */
#include "xcheck/tolerance.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void xc_limit_text(enum metric_class c, long floor_sectors, char *buf, size_t len)
{
    switch (c) {
    case METRIC_EXACT:
        snprintf(buf, len, "0.1%%");
        break;
    case METRIC_TOTAL:
        snprintf(buf, len, "2%%|%ld", floor_sectors);
        break;
    case METRIC_ELAPSED:
        snprintf(buf, len, "2%%|1pp");
        break;
    default:
        snprintf(buf, len, "-");
        break;
    }
}

double xc_elapsed_limit_rel(const char *metric, double b)
{
    double base = b != 0 ? fabs(b) : 1;
    return strstr(metric, "pct") ? fmax(XC_REL, XC_ELAPSED_POINTS / base) : XC_REL;
}

enum xc_verdict xc_judge(enum metric_class c, const char *metric, double a, double b, long floor_sectors, double *rel)
{
    *rel = NAN;
    if (isnan(a) || isnan(b))
        return c == METRIC_INFO ? XC_INFO_ONLY : XC_MISS;
    double d = fabs(a - b), base = b != 0 ? fabs(b) : 1; /* a ratio under 1 (IPC) stays relative */
    *rel = d / base;
    int ok;
    switch (c) {
    case METRIC_EXACT:
        ok = *rel <= XC_EXACT_REL;
        break;
    case METRIC_TOTAL: { /* the floor is in sectors; byte totals get 32 bytes a sector */
        double floor_units = (double)floor_sectors * (strstr(metric, "bytes") ? XC_SECTOR_BYTES : 1);
        ok = *rel <= XC_REL || d <= floor_units;
        break;
    }
    case METRIC_ELAPSED:
        ok = *rel <= xc_elapsed_limit_rel(metric, b);
        break;
    default:
        return XC_INFO_ONLY;
    }
    return ok ? XC_OK : XC_MISS;
}
