/* run.json, collect's record of a run: written (struct run_record, or merge's
 * object) and its arguments read back for --resume. No CUDA: the GPU facts
 * come in struct run_record as plain data. */
#ifndef MMPROF_RUN_JSON_H
#define MMPROF_RUN_JSON_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "model/registry.h"
#include "rundir/device_info.h"

struct run_record {
    const char *command_line;
    int argc;                /* collect's arguments, for --resume */
    const char *const *argv;
    int shard_index, shard_count;
    int cpu_alone; /* --cpu-alone: the last shard holds the CPU rows alone (plan_shard) */
    /* the plan the arguments resolve to: every shard of a sweep has the same,
     * and merge rebuilds it from run.json's "plan" to check for missing rows */
    const struct variant *const *variants;
    size_t nvariants;
    const struct shape *shapes;
    size_t nshapes;
    uint64_t seed;
    const struct device_info *device;
    char driver[64];
    int clock_before_sm_mhz, clock_before_mem_mhz; /* -1 = unknown */
    int clock_after_sm_mhz, clock_after_mem_mhz;
    int warmup, min_reps, max_reps;
    double budget_ms;
    const char *const *metrics; /* column headers of the metric columns */
    size_t nmetrics;
    long passes;              /* CUPTI passes, 0 when not profiled */
    long configs;             /* config images the passes come from */
    const char *schedule;     /* profiler_schedule_name, NULL when not profiled */
    const char *chip;         /* CUPTI chip name, "" when not profiled */
    const char *profiling;    /* "on", "off (--no-profile)", or why it was refused */
    const char *state;        /* "running", "complete", "interrupted", "aborted" */
    const cJSON *ceilings;    /* measured + datasheet (copied into run.json), or NULL */
    const cJSON *datasheet;   /* datasheet alone when ceilings were not measured */
    double wall_s;
    long buffer_offset_mib; /* --buffer-offset-mb, 0 = none */
    long local_memory_offset_mib; /* --local-memory-offset-mb, 0 = none */
    long settle_cap_ms;     /* --settle-ms: the most waited after each range's L2 flush */
    size_t local_bytes_per_thread; /* local memory reserved at the start (local_memory.h), 0 = none */
    /* GPU facts from the collector's CUDA/CUPTI side, passed in as plain data
     * so this library needs no CUDA header: */
    long cupti_api_version;   /* CUPTI_API_VERSION (cupti_version.h) */
    double settle_per_kernel; /* L2_SETTLE_PER_KERNEL (collector/l2_flush.h) */
};

/* run.json's "device" object, and its "ceilings" (measured, or the datasheet
 * alone when ceilings is NULL; nothing when both are): for collect's
 * run.json and `mmprof profile`'s (profile/profile_json.c). */
void rundir_add_device(cJSON *root, const struct device_info *d);
void rundir_add_ceilings(cJSON *root, const cJSON *ceilings, const cJSON *datasheet);
/* Also for both: "versions": the NVIDIA driver (NVML's string), d's CUDA driver API and
 * runtime, and the CUPTI API the build used. */
void rundir_add_versions(cJSON *root, const char *driver, const struct device_info *d, long cupti_api_version);
/* "clocks": the SM and memory clocks before and after the measurement (-1 =
 * unknown: NVML missing), and the clock policy (none locked). */
void rundir_add_clocks(cJSON *root, int before_sm_mhz, int before_mem_mhz, int after_sm_mhz, int after_mem_mhz);
/* "updated_utc": the time of this write, as rundir_utc_now writes it
 * ("2026-11-26T09:30:00Z"). */
#define RUNDIR_UTC_LEN 32
void rundir_utc_now(char stamp[RUNDIR_UTC_LEN]);
void rundir_add_updated_utc(cJSON *root);

/* Writes dir/run.json atomically (temporary file + rename). */
int rundir_write_meta(const char *dir, const struct run_record *m, char *why, size_t why_len);
/* Writes root to dir/run.json atomically, as rundir_write_meta does; for
 * merge, whose run.json is built from the shards'. */
int rundir_write_json(const char *dir, const cJSON *root, char *why, size_t why_len);

/* Reads the arguments and seed a run was started with (run.json "args",
 * "seed") so --resume can continue it with the same settings. *argv is
 * allocated (free each string, then the array); *complete is 1 when the run
 * already finished. Returns 0, 2 for a bad or foreign directory, 1 otherwise. */
int rundir_read_args(const char *dir, int *argc, char ***argv, unsigned long long *seed, int *complete, char *why,
                     size_t why_len);

/* --resume and merge read run.json up to this size: far above any the
 * collector writes, and a bound on what a foreign file can make us allocate. */
#define RUNDIR_JSON_MAX_BYTES ((64u << 20) - 1)

#endif
