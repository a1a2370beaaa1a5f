/* Which of ncu's launches a launch mmprof profiled is. mmprof numbers a
 * process's launches from 1 (launch=L in a profile row's params,
 * rundir/launch_params.h); ncu's export lists the launches it profiled in ID
 * order. With no filter on either side, ncu's L-th launch is mmprof's launch
 * L. Where one tool profiled a launch the other did not (a filter, another
 * process), the function's k-th launch in both is paired instead, k counted
 * over mmprof's rows before. Kernels compare by their short names
 * (common/kernel_name.h), which the two tools' demanglings of one kernel
 * share. */
#ifndef MMPROF_XCHECK_LAUNCH_PAIR_H
#define MMPROF_XCHECK_LAUNCH_PAIR_H

#include <stddef.h>

#include "xcheck/ncu_launches.h"

struct launch_ref {
    const char *kernel; /* demangled; NULL: the row ran no kernel (a CPU row), never paired */
    long launch;        /* launch=L, or the row's place for a collect run; 0: by name alone */
};

/* The index in ncu of mine[i]'s launch, or -1 when ncu profiled none of it. */
long launch_pair(const struct launch_ref *mine, size_t i, const struct ncu_launches *ncu);

#endif
