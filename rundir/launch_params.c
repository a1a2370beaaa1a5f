/* A profile row's params cell (launch_params.h). */
#include "rundir/launch_params.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/csv_write.h"
#include "rundir/results.h"

int launch_params_format(char *buf, size_t len, const char *kernel, long pid, long launch, const unsigned grid[3],
                         const unsigned block[3], unsigned long long stream, const char *nvtx)
{
    int n = snprintf(buf, len, RESULTS_PROFILE_PARAMS "%s;pid=%ld;launch=%ld;grid=%u,%u,%u;block=%u,%u,%u;stream=%llu;nvtx=%s",
                     kernel, pid, launch, grid[0], grid[1], grid[2], block[0], block[1], block[2], stream, nvtx);
    return n >= 0 && (size_t)n < len ? 0 : -1;
}

int launch_params_add_gpu_ms(char *buf, size_t len, const char *params, double gpu_ms)
{
    char ms[40];
    csv_num_text(ms, sizeof ms, gpu_ms);
    int n = snprintf(buf, len, "%s;gpu_ms=%s", params, ms);
    return n >= 0 && (size_t)n < len ? 0 : -1;
}

/* The value after ";key=" at or after from, or NULL. */
static const char *field(const char *from, const char *key)
{
    char tag[16];
    snprintf(tag, sizeof tag, ";%s=", key);
    const char *at = strstr(from, tag);
    return at ? at + strlen(tag) : NULL;
}

static void triple(const char *at, unsigned out[3])
{
    out[0] = out[1] = out[2] = 0;
    if (at)
        sscanf(at, "%u,%u,%u", &out[0], &out[1], &out[2]);
}

int launch_params_read(const char *cell, struct launch_params *p)
{
    memset(p, 0, sizeof *p);
    p->gpu_ms = NAN;
    size_t prefix = strlen(RESULTS_PROFILE_PARAMS);
    if (strncmp(cell, RESULTS_PROFILE_PARAMS, prefix) != 0)
        return -1;
    const char *pid = strstr(cell + prefix, ";pid=");
    if (!pid)
        return -1;
    p->kernel = cell + prefix;
    p->kernel_len = (size_t)(pid - p->kernel);
    const char *rest = pid; /* every field after the name */
    const char *launch = field(rest, "launch");
    if (!launch)
        return -1;
    p->pid = strtol(pid + 5, NULL, 10);
    p->launch = strtol(launch, NULL, 10);
    triple(field(rest, "grid"), p->grid);
    triple(field(rest, "block"), p->block);
    const char *stream = field(rest, "stream");
    p->stream = stream ? strtoull(stream, NULL, 10) : 0;
    const char *nvtx = field(rest, "nvtx"), *gpu_ms = NULL;
    for (const char *at = nvtx ? nvtx : rest; (at = field(at, "gpu_ms")) != NULL;)
        gpu_ms = at; /* the last: an NVTX range may be named anything */
    if (nvtx) {
        p->nvtx = nvtx;
        p->nvtx_len = gpu_ms ? (size_t)(gpu_ms - strlen(";gpu_ms=") - nvtx) : strlen(nvtx);
    }
    if (gpu_ms)
        p->gpu_ms = strtod(gpu_ms, NULL);
    return 0;
}
