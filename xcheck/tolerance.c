/* The tolerance classes (tolerance.h). Shell patterns, matched in order:
 * the first that matches decides, as in a `case` statement. */
#include "xcheck/tolerance.h"

#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

struct rule {
    const char *pattern;
    enum xc_class cls;
};

/* Averages and ratios: what is normalised by the kernel's elapsed or active
 * cycles (sm_efficiency and every .pct_of_peak_sustained_elapsed, achieved
 * occupancy, IPC, elapsed cycles and the clock) is compared; both tools see
 * the kernel alone (collect: one auto range per kernel). Other averages and
 * ratios are information. */
static const struct rule not_counters[] = {
    {"*.pct_of_peak_sustained_elapsed", XC_ELAPSED},
    {"*.pct_of_peak_sustained_active", XC_ELAPSED},
    {"*.per_cycle_active", XC_ELAPSED},
    {"sm__cycles_elapsed.avg", XC_ELAPSED},
    {"sm__cycles_elapsed.avg.per_second", XC_ELAPSED},
    {"sm__cycles_active.avg", XC_ELAPSED},
    {"*", XC_INFO},
};

/* Counters (.sum). */
static const struct rule counters[] = {
    {"dram__bytes_read.sum", XC_TOTAL},
    {"dram__sectors_read.sum", XC_TOTAL},
    /* writes: undercounted while the output still sits in L2 */
    {"dram__*", XC_INFO},
    /* L2 totals over every operation include memory-barrier sectors, which
     * come with the range's boundaries, not with the kernel: on an H100 a
     * barrier is 21 360 sectors, ncu's kernel range holds 2 and CUPTI's user
     * range 3 or 4 (examples/ncu-crosscheck-h100). The data moved is checked
     * through the read and write sectors. */
    {"*_op_membar*", XC_INFO},
    {"lts__t_bytes.sum", XC_INFO},
    {"lts__t_sectors.sum", XC_INFO},
    {"lts__t_sectors_srcunit_ltcfabric.sum", XC_INFO},
    {"lts__t_sectors_srcnode_gpc.sum", XC_INFO},
    {"lts__t_sectors*", XC_TOTAL},
    /* What the SMs asked L2 for (L1 misses, so L1 timing moves it) and what
     * the L2 Request Coalescer merged of it (timing alone). */
    {"lrc__request_sectors_op_read_coalescable.sum", XC_TOTAL},
    {"lrc__*coalescing*", XC_INFO},
    /* Bank conflicts, and with them the wavefronts, include conflicts from
     * contention; wavefronts - conflicts is compared instead (compare.c). */
    {"*bank_conflicts*", XC_INFO},
    {"*wavefronts*", XC_INFO},
    {"*requests*", XC_EXACT},
    {"*sectors*", XC_EXACT},
    {"*inst_executed*", XC_EXACT},
    {"*sass_*", XC_EXACT},
    {"l1tex__t_bytes*", XC_EXACT},
    {"*", XC_INFO},
};

static enum xc_class first_match(const struct rule *rules, const char *metric)
{
    for (size_t i = 0;; i++)
        if (fnmatch(rules[i].pattern, metric, 0) == 0)
            return rules[i].cls; /* every list ends in "*" */
}

enum xc_class xc_class_of(const char *metric)
{
    return fnmatch("*.sum", metric, 0) == 0 ? first_match(counters, metric) : first_match(not_counters, metric);
}

void xc_limit_text(enum xc_class c, long floor_sectors, char *buf, size_t len)
{
    switch (c) {
    case XC_EXACT:
        snprintf(buf, len, "0.1%%");
        break;
    case XC_TOTAL:
        snprintf(buf, len, "2%%|%ld", floor_sectors);
        break;
    case XC_ELAPSED:
        snprintf(buf, len, "2%%|1pp");
        break;
    default:
        snprintf(buf, len, "-");
        break;
    }
}

enum xc_verdict xc_judge(enum xc_class c, const char *metric, double a, double b, long floor_sectors, double *rel)
{
    *rel = NAN;
    if (isnan(a) || isnan(b))
        return c == XC_INFO ? XC_INFO_ONLY : XC_MISS;
    double d = fabs(a - b), base = fabs(b) < 1 ? 1 : fabs(b);
    *rel = d / base;
    int ok;
    switch (c) {
    case XC_EXACT:
        ok = *rel <= XC_EXACT_REL;
        break;
    case XC_TOTAL: { /* the floor is in sectors; byte totals get 32 bytes a sector */
        double floor_units = (double)floor_sectors * (strstr(metric, "bytes") ? XC_SECTOR_BYTES : 1);
        ok = *rel <= 0.02 || d <= floor_units;
        break;
    }
    case XC_ELAPSED: /* percentages may differ by 1 point instead */
        ok = *rel <= 0.02 || (strstr(metric, "pct") && d <= 1);
        break;
    default:
        return XC_INFO_ONLY;
    }
    return ok ? XC_OK : XC_MISS;
}
