/* mmprof's profiled launches paired with ncu's (launch_pair.h). */
#include "xcheck/launch_pair.h"

#include <string.h>

#include "common/kernel_name.h"

long launch_pair(const struct launch_ref *mine, size_t i, const struct ncu_launches *ncu)
{
    char want[256], name[256];
    if (!mine[i].kernel)
        return -1;
    kernel_short_name(mine[i].kernel, want, sizeof want);
    if (mine[i].launch >= 1 && (size_t)mine[i].launch <= ncu->n) {
        kernel_short_name(ncu->l[mine[i].launch - 1].kernel, name, sizeof name);
        if (strcmp(want, name) == 0)
            return mine[i].launch - 1;
    }
    size_t before = 0;
    for (size_t j = 0; j < i; j++) {
        if (!mine[j].kernel)
            continue;
        kernel_short_name(mine[j].kernel, name, sizeof name);
        before += strcmp(name, want) == 0;
    }
    for (size_t k = 0; k < ncu->n; k++) {
        kernel_short_name(ncu->l[k].kernel, name, sizeof name);
        if (strcmp(name, want) == 0 && before-- == 0)
            return (long)k;
    }
    return -1;
}
