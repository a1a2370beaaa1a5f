/* The metric classes (metric_class.h). */
#include "common/metric_class.h"

#include <fnmatch.h>
#include <stddef.h>

/* The counters CUPTI takes by patching the kernel's code. */
#define SASS_PATCHED "*sass_*"

struct rule {
    const char *pattern;
    enum metric_class cls;
};

/* Averages and ratios: what is normalised by the kernel's elapsed or active
 * cycles (sm_efficiency and every .pct_of_peak_sustained_elapsed, achieved
 * occupancy, IPC, elapsed cycles and the clock) is compared; both tools see
 * the kernel alone (collect: one auto range per kernel). Other averages and
 * ratios are information. */
static const struct rule not_counters[] = {
    {"*.pct_of_peak_sustained_elapsed", METRIC_ELAPSED},
    {"*.pct_of_peak_sustained_active", METRIC_ELAPSED},
    {"*.per_cycle_active", METRIC_ELAPSED},
    {"sm__cycles_elapsed.avg", METRIC_ELAPSED},
    {"sm__cycles_elapsed.avg.per_second", METRIC_ELAPSED},
    {"sm__cycles_active.avg", METRIC_ELAPSED},
    {"*", METRIC_INFO},
};

/* Counters (.sum). */
static const struct rule counters[] = {
    {"dram__bytes_read.sum", METRIC_TOTAL},
    {"dram__sectors_read.sum", METRIC_TOTAL},
    /* writes: undercounted while the output still sits in L2 */
    {"dram__*", METRIC_INFO},
    /* L2 totals over every operation include memory-barrier sectors, which
     * come with the range's boundaries, not with the kernel: on an H100 a
     * barrier is 21 360 sectors, ncu's kernel range holds 2 and CUPTI's user
     * range 3 or 4 (examples/ncu-crosscheck). The data moved is checked
     * through the read and write sectors. */
    {"*_op_membar*", METRIC_INFO},
    {"lts__t_bytes.sum", METRIC_INFO},
    {"lts__t_sectors.sum", METRIC_INFO},
    {"lts__t_sectors_srcunit_ltcfabric.sum", METRIC_INFO},
    {"lts__t_sectors_srcnode_gpc.sum", METRIC_INFO},
    {"lts__t_sectors*", METRIC_TOTAL},
    /* What the SMs asked L2 for (L1 misses, so L1 timing moves it) and what
     * the L2 Request Coalescer merged of it (timing alone). */
    {"lrc__request_sectors_op_read_coalescable.sum", METRIC_TOTAL},
    {"lrc__*coalescing*", METRIC_INFO},
    /* Bank conflicts, and with them the wavefronts, include conflicts from
     * contention; wavefronts - conflicts is compared instead (compare.c). */
    {"*bank_conflicts*", METRIC_INFO},
    {"*wavefronts*", METRIC_INFO},
    {"*requests*", METRIC_EXACT},
    {"*sectors*", METRIC_EXACT},
    {"*inst_executed*", METRIC_EXACT},
    {SASS_PATCHED, METRIC_EXACT},
    {"l1tex__t_bytes*", METRIC_EXACT},
    {"*", METRIC_INFO},
};

static enum metric_class first_match(const struct rule *rules, const char *metric)
{
    for (size_t i = 0;; i++)
        if (fnmatch(rules[i].pattern, metric, 0) == 0)
            return rules[i].cls; /* every list ends in "*" */
}

enum metric_class metric_class_of(const char *metric)
{
    return fnmatch("*.sum", metric, 0) == 0 ? first_match(counters, metric) : first_match(not_counters, metric);
}

int metric_is_sass_patched(const char *metric)
{
    return fnmatch(SASS_PATCHED, metric, 0) == 0;
}
