#include "collector/device_facts.h"
#include "rundir/run_files.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collector/ceilings_cache.h"
#include "collector/ceilings_run.h"
#include "collector/cupti/metric_set.h"
#include "collector/device.h"
#include "common/trace.h"
#include "common/util.h"


void device_facts_passes(const struct device_facts_opts *o, struct device_facts *f)
{
    char why[512];
    if (!f->found)
        return;
    double t0 = now_ms();
    struct metric_set ms;
    metric_set_init(&ms);
    if (profiler_device_chip(0, f->chip, sizeof f->chip, why, sizeof why) != PROFILER_OK ||
        metric_set_parse(&ms, o->metrics, why, sizeof why) != 0 ||
        profiler_offline_check(f->chip, &ms, o->schedule, &f->passes, &f->configs, why,
                               sizeof why) != PROFILER_OK) {
        if (o->needs_passes)
            msg_error("%s", why);
        f->chip[0] = '\0';
    }
    metric_set_free(&ms);
    trace_since("profile: passes of the metric set", t0);
}

/* The ceilings measured now, in a context made for them; NULL (said) when
 * they fail; *made_context tells the caller there is one to release. */
static cJSON *measure_ceilings(struct device_facts *f, int *made_context, int *sticky)
{
    char why[512];
    fprintf(stderr, "mmprof: measuring ceilings (DRAM, L2, shared memory, FP32; --no-ceilings skips)\n");
    double t0 = now_ms();
    cJSON *c = NULL;
    *made_context = device_open(f->dev.index, &f->dev, why, sizeof why) == 0;
    if (*made_context)
        c = ceilings_run(&f->dev, sticky, why, sizeof why);
    trace_since("profile: ceilings", t0);
    if (!c) {
        msg_warn("%s; continuing without measured ceilings", why);
        return NULL;
    }
    time_t now = time(NULL);
    cJSON_AddNumberToObject(c, "measured_unix_s", (double)now);
    cJSON_AddBoolToObject(c, "reused", 0);
    ceilings_cache_store(&f->dev, f->driver, c, now);
    return c;
}

static void say_reused(const cJSON *ceilings)
{
    time_t when = (time_t)cJSON_GetObjectItemCaseSensitive(ceilings, "measured_unix_s")->valuedouble;
    char at[32] = "?";
    const struct tm *tm = gmtime(&when);
    if (tm)
        strftime(at, sizeof at, "%H:%M UTC", tm);
    fprintf(stderr, "mmprof: ceilings of this GPU as measured at %s (kept an hour; --no-ceilings skips them)\n", at);
}

int device_facts(const struct device_facts_opts *o, struct device_facts *f)
{
    char why[512];
    memset(f, 0, sizeof *f);
    if (o->list_only) /* no counters, no roofline: the list stays fast */
        return 0;
    /* no context unless the ceilings are measured here: the app then finds
       the GPU as it would alone, and nothing is made or reset for it */
    if (device_count(why, sizeof why) <= 0 || device_describe(0, &f->dev, why, sizeof why) != 0) {
        msg_warn("%s: " RUN_JSON " records no device and no ceilings", why);
        return 0;
    }
    f->found = 1;
    device_driver_string(f->driver, sizeof f->driver);
    f->clock_before_sm_mhz = f->clock_before_mem_mhz = -1;
    device_clocks_mhz(&f->dev, &f->clock_before_sm_mhz, &f->clock_before_mem_mhz);
    int sticky = 0, made_context = 0;
    if (!o->no_ceilings && (f->ceilings = ceilings_cache_load(&f->dev, f->driver, time(NULL))))
        say_reused(f->ceilings);
    else if (!o->no_ceilings)
        f->ceilings = measure_ceilings(f, &made_context, &sticky);
    if (!f->ceilings)
        f->datasheet = datasheet_json(&f->dev);
    if (!made_context)
        return 0;
    double t0 = now_ms();
    cudaError_t e = cudaDeviceReset();
    trace_since("profile: device reset", t0);
    if (e != cudaSuccess || sticky) {
        msg_error("releasing device 0 before the app starts failed (%s); check the GPU with "
                  "nvidia-smi",
                  cudaGetErrorString(e));
        return EXIT_RUNTIME;
    }
    return 0;
}

void device_facts_free(struct device_facts *f)
{
    cJSON_Delete(f->ceilings);
    cJSON_Delete(f->datasheet);
}

