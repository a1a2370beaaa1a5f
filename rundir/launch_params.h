/* The params cell of a `mmprof profile` row (results.h: it starts with
 * RESULTS_PROFILE_PARAMS), written and read here only:
 *   kernel=NAME;pid=P;launch=L;grid=X,Y,Z;block=X,Y,Z;stream=S;nvtx=PATH[;gpu_ms=MS]
 * NAME is the demangled name as the driver gave it (it may hold ';' but not
 * ";pid="); PATH the NVTX ranges open at the launch; gpu_ms, the launch's own
 * unprofiled duration from CUPTI's activity records, is added once the app
 * has ended (profile/row_timing.h). L counts the process's launches from 1. */
#ifndef MMPROF_RUNDIR_LAUNCH_PARAMS_H
#define MMPROF_RUNDIR_LAUNCH_PARAMS_H

#include <stddef.h>

struct launch_params {
    const char *kernel; /* into the cell read, kernel_len bytes */
    size_t kernel_len;
    long pid, launch;
    unsigned grid[3], block[3];
    unsigned long long stream;
    const char *nvtx; /* into the cell, nvtx_len bytes */
    size_t nvtx_len;
    double gpu_ms; /* NaN when the cell has none */
};

/* The cell without gpu_ms into buf. 0, or -1 when it does not fit. */
int launch_params_format(char *buf, size_t len, const char *kernel, long pid, long launch, const unsigned grid[3],
                         const unsigned block[3], unsigned long long stream, const char *nvtx);

/* params with ";gpu_ms=MS" added into buf. 0, or -1 when it does not fit. */
int launch_params_add_gpu_ms(char *buf, size_t len, const char *params, double gpu_ms);

/* Reads a cell. 0, or -1 when it is not a profile row's (a collect row's
 * "bs=32;rx=1;ry=1") or lacks pid or launch. */
int launch_params_read(const char *cell, struct launch_params *p);

#endif
