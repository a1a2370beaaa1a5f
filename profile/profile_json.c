/* run.json for profile runs (profile_json.h). */
#include "profile/profile_json.h"

#include "collector/cupti/profiler.h"
#include "rundir/run_json.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

extern char **environ;

int profile_env_recorded(const char *name)
{
    static const char *const prefixes[] = {"CUDA_", "CUBLAS_", "NVIDIA_", "NCCL_", "NVTX_"};
    static const char *const names[] = {"LD_LIBRARY_PATH", "LD_PRELOAD", "OMP_NUM_THREADS"};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

static cJSON *environment(void)
{
    cJSON *env = cJSON_CreateObject();
    for (char **e = environ; env && *e; e++) {
        const char *eq = strchr(*e, '=');
        char name[256];
        if (!eq || (size_t)(eq - *e) >= sizeof name)
            continue;
        snprintf(name, sizeof name, "%.*s", (int)(eq - *e), *e);
        if (profile_env_recorded(name))
            cJSON_AddStringToObject(env, name, eq + 1);
    }
    return env;
}

static cJSON *filters(const struct profile_settings *s)
{
    cJSON *f = cJSON_CreateObject();
    cJSON *nvtx = cJSON_AddArrayToObject(f, "nvtx_include");
    for (size_t i = 0; nvtx && i < s->nnvtx; i++)
        cJSON_AddItemToArray(nvtx, cJSON_CreateString(s->nvtx[i]));
    cJSON_AddStringToObject(f, "kernel_name", s->kernel);
    cJSON_AddNumberToObject(f, "launch_skip", (double)s->launch_skip);
    cJSON_AddNumberToObject(f, "launch_count", (double)s->launch_count);
    cJSON_AddNumberToObject(f, "launches_per_kernel", (double)s->per_kernel);
    cJSON_AddStringToObject(f, "model", s->model);
    return f;
}

static cJSON *app(const struct profile_record *r)
{
    cJSON *a = cJSON_CreateObject();
    cJSON_AddStringToObject(a, "path", r->app_path);
    cJSON *argv = cJSON_AddArrayToObject(a, "argv");
    for (char *const *v = r->app_argv; argv && *v; v++)
        cJSON_AddItemToArray(argv, cJSON_CreateString(*v));
    if (r->status) {
        char text[128];
        app_status_text(r->status, text, sizeof text);
        cJSON_AddStringToObject(a, "status", text);
        cJSON_AddNumberToObject(a, "exit_code", r->status->exited ? r->status->code : -1);
        cJSON_AddNumberToObject(a, "signal", r->status->signal);
    }
    return a;
}

static void launches(cJSON *root, const struct launch_summary *s)
{
    cJSON *l = cJSON_AddObjectToObject(root, "launches");
    cJSON_AddNumberToObject(l, "seen", (double)s->launches);
    cJSON_AddNumberToObject(l, "profiled", (double)s->profiled);
    cJSON_AddNumberToObject(l, "failed", (double)s->failed);
    cJSON_AddNumberToObject(l, "processes", (double)s->processes);
    cJSON_AddNumberToObject(l, "kernels", (double)s->n);
}

int profile_json_write(const char *dir, const struct profile_record *r, char *why, size_t why_len)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "tool", "mmprof");
    cJSON_AddStringToObject(root, "version", MMPROF_VERSION);
    cJSON_AddStringToObject(root, "command", "profile");
    cJSON_AddStringToObject(root, "command_line", r->command_line);
    rundir_add_updated_utc(root);
    cJSON_AddItemToObject(root, "app", app(r));
    cJSON_AddItemToObject(root, "environment", environment());
    cJSON_AddItemToObject(root, "filters", filters(r->set));
    cJSON *p = cJSON_AddObjectToObject(root, "profiling");
    cJSON_AddStringToObject(p, "state", r->set->list_only ? "off (--list)" : "on");
    cJSON_AddStringToObject(p, "cache_policy",
                            r->set->replay == REPLAY_RANGE
                                ? "the app's own cache state: each repeat of the range measured as the app "
                                  "runs it, nothing flushed"
                                : "L2 flushed (buffer > L2 read, then its lines discarded) before each pass of "
                                  "each profiled kernel");
    cJSON_AddStringToObject(p, "replay_mode", replay_mode_name(r->set->replay));
    cJSON_AddStringToObject(p, "replay", r->set->replay == REPLAY_APPLICATION
                                             ? "the app run once per one-pass config image, one Range "
                                               "Profiler object a run; the app's own launches measured in "
                                               "place (auto range, many to a pass), L2 flushed before each "
                                               "in the runs whose image holds a count the cache state "
                                               "changes; "
                                               "graph nodes replayed as in kernel mode; the runs' launches "
                                               "paired in order"
                                             : "auto range + user replay (CUPTI Range Profiler) per launch: "
                                               "device memory saved (CUPTI checkpoint), the launch replayed "
                                               "once unprofiled, memory restored before each pass and before "
                                               "the app's own launch");
    cJSON_AddNumberToObject(p, "memory_offset_mib", (double)r->set->memory_offset_mib);
    if (r->chip && r->chip[0]) {
        cJSON_AddStringToObject(p, "chip", r->chip);
        cJSON_AddNumberToObject(p, "passes", (double)r->passes);
        cJSON_AddNumberToObject(p, "config_images", (double)r->configs);
        cJSON_AddStringToObject(p, "schedule", profiler_schedule_name(profile_schedule(r->set)));
    }
    cJSON *t = cJSON_AddObjectToObject(root, "timing");
    char method[512];
    snprintf(method, sizeof method,
             "CUPTI activity records (%s) of every launch the app made, graph nodes included, unprofiled; a row "
             "holds its kernel's launches (runs, median, min, max, total)",
             r->set->timing == KERNEL_TIMING_CONCURRENT
                 ? "CONCURRENT_KERNEL: GPU start and end, kernels overlapping, each block instrumented"
                 : "KERNEL: kernels one at a time, GPU start and end written around each, ~2 us over its own run");
    cJSON_AddStringToObject(t, "method", method);
    cJSON_AddStringToObject(t, "kernel_timing", kernel_timing_name(r->set->timing));
    if (r->device) {
        rundir_add_device(root, r->device);
        rundir_add_versions(root, r->driver, r->device, r->cupti_api_version);
        rundir_add_clocks(root, r->clock_before_sm_mhz, r->clock_before_mem_mhz, r->clock_after_sm_mhz,
                          r->clock_after_mem_mhz);
    }
    rundir_add_ceilings(root, r->ceilings, r->datasheet);
    cJSON *m = cJSON_AddArrayToObject(root, "metrics");
    for (size_t i = 0; m && i < r->nmetrics; i++)
        cJSON_AddItemToArray(m, cJSON_CreateString(r->metrics[i]));
    cJSON_AddStringToObject(root, "state", r->state);
    if (r->sum)
        launches(root, r->sum);
    cJSON_AddNumberToObject(root, "wall_s", r->wall_s);
    int rc = rundir_write_json(dir, root, why, why_len);
    cJSON_Delete(root);
    return rc;
}
