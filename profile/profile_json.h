/* run.json of a `mmprof profile` run: the command line, the app (path,
 * argv, how it ended), the CUDA-related environment it ran in, the filters,
 * the metric columns, the launch counts, the state, and the device with
 * its ceilings as collect records them (for the roofline). Written through
 * rundir's atomic writer (rundir_write_json), at the start ("running") and
 * again at the end. Host C only. */
#ifndef MMPROF_PROFILE_JSON_H
#define MMPROF_PROFILE_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "profile/app_run.h"
#include "rundir/device_info.h"
#include "profile/launch_log.h"
#include "profile/settings.h"

struct profile_record {
    const char *command_line;
    const char *app_path;
    char *const *app_argv;             /* NULL-terminated */
    const struct profile_settings *set;
    const char *const *metrics;        /* column headers; NULL in --list mode */
    size_t nmetrics;
    const char *state;                 /* "running", "complete", "interrupted" */
    const struct app_status *status;   /* NULL while running */
    const struct launch_summary *sum;  /* NULL while running */
    double wall_s;
    const struct device_info *device;  /* NULL: none found */
    const char *driver;                /* NVML's driver version, with device */
    long cupti_api_version;            /* the build's CUPTI_API_VERSION */
    int clock_before_sm_mhz, clock_before_mem_mhz; /* before the app, -1 = unknown */
    int clock_after_sm_mhz, clock_after_mem_mhz;   /* after it (-1 while it runs) */
    const char *chip;                  /* CUPTI's chip name, "" when not known */
    long passes, configs;              /* of the metric set on that chip, 0 when not known */
    const cJSON *ceilings, *datasheet; /* rundir_add_ceilings's; NULL: none */
};

/* Writes dir/run.json; 0, or -1 with why. */
int profile_json_write(const char *dir, const struct profile_record *r, char *why, size_t why_len);

/* 1 when the environment variable name is recorded: what changes how CUDA,
 * its libraries and the loader behave (CUDA_*, CUBLAS_*, NVIDIA_*, NCCL_*,
 * NVTX_*, LD_LIBRARY_PATH, LD_PRELOAD, OMP_NUM_THREADS); nothing else, so
 * that no unrelated secret lands in a committed run. */
int profile_env_recorded(const char *name);

#endif
