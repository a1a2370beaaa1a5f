/* run.json: collect's record of a run written atomically (struct run_record,
 * or merge's object), and the arguments and seed read back for --resume. */
#include "rundir/run_json.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/atomic_file.h"
#include "common/file.h"
#include "rundir/run_dir.h"
#include "rundir/run_files.h"

static void add_clock(cJSON *parent, const char *name, int sm, int mem)
{
    cJSON *c = cJSON_AddObjectToObject(parent, name);
    if (sm >= 0) {
        cJSON_AddNumberToObject(c, "sm_mhz", sm);
        cJSON_AddNumberToObject(c, "mem_mhz", mem);
    } else {
        cJSON_AddStringToObject(c, "note", "NVML not available: clocks unknown");
    }
}

void rundir_add_clocks(cJSON *root, int before_sm_mhz, int before_mem_mhz, int after_sm_mhz, int after_mem_mhz)
{
    cJSON *clocks = cJSON_AddObjectToObject(root, "clocks");
    add_clock(clocks, "before", before_sm_mhz, before_mem_mhz);
    add_clock(clocks, "after", after_sm_mhz, after_mem_mhz);
    cJSON_AddStringToObject(clocks, "policy", "not locked: mmprof measures the card as it is (ncu locks to base by default)");
}

void rundir_utc_now(char stamp[RUNDIR_UTC_LEN])
{
    time_t now = time(NULL);
    strftime(stamp, RUNDIR_UTC_LEN, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
}

void rundir_add_updated_utc(cJSON *root)
{
    char stamp[RUNDIR_UTC_LEN];
    rundir_utc_now(stamp);
    cJSON_AddStringToObject(root, "updated_utc", stamp);
}

void rundir_add_device(cJSON *root, const struct device_info *d)
{
    char cc[16];
    cJSON *j = cJSON_AddObjectToObject(root, "device");
    snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    cJSON_AddNumberToObject(j, "index", d->index);
    cJSON_AddStringToObject(j, "name", d->name);
    cJSON_AddStringToObject(j, "pci_bus_id", d->pci_bus_id);
    if (d->uuid[0])
        cJSON_AddStringToObject(j, "uuid", d->uuid);
    cJSON_AddStringToObject(j, "cc", cc);
    cJSON_AddNumberToObject(j, "sm_count", d->sm_count);
    cJSON_AddNumberToObject(j, "memory_bytes", (double)d->memory_bytes);
    cJSON_AddNumberToObject(j, "l2_bytes", (double)d->l2_bytes);
    cJSON_AddNumberToObject(j, "shared_per_block_bytes", (double)d->shared_per_block_bytes);
    cJSON_AddNumberToObject(j, "shared_per_block_optin_bytes", (double)d->shared_per_block_optin_bytes);
    cJSON_AddNumberToObject(j, "shared_per_sm_bytes", (double)d->shared_per_sm_bytes);
    cJSON_AddNumberToObject(j, "regs_per_sm", d->regs_per_sm);
    cJSON_AddNumberToObject(j, "regs_per_block", d->regs_per_block);
    cJSON_AddNumberToObject(j, "max_threads_per_sm", d->max_threads_per_sm);
    cJSON_AddNumberToObject(j, "max_blocks_per_sm", d->max_blocks_per_sm);
    cJSON_AddNumberToObject(j, "sm_clock_max_mhz", d->sm_clock_max_mhz);
    cJSON_AddNumberToObject(j, "mem_clock_max_mhz", d->mem_clock_max_mhz);
    cJSON_AddNumberToObject(j, "mem_bus_width_bits", d->mem_bus_width_bits);
}

void rundir_add_versions(cJSON *root, const char *driver, const struct device_info *d, long cupti_api_version)
{
    char v[32];
    cJSON *j = cJSON_AddObjectToObject(root, "versions");
    cJSON_AddStringToObject(j, "driver", driver);
    snprintf(v, sizeof v, "%d.%d", d->driver_version / 1000, d->driver_version % 1000 / 10);
    cJSON_AddStringToObject(j, "cuda_driver_api", v);
    snprintf(v, sizeof v, "%d.%d", d->runtime_version / 1000, d->runtime_version % 1000 / 10);
    cJSON_AddStringToObject(j, "cuda_runtime", v);
    cJSON_AddNumberToObject(j, "cupti_api", (double)cupti_api_version);
}

void rundir_add_ceilings(cJSON *root, const cJSON *ceilings, const cJSON *datasheet)
{
    if (ceilings)
        cJSON_AddItemToObject(root, "ceilings", cJSON_Duplicate(ceilings, 1));
    else if (datasheet)
        cJSON_AddItemToObject(cJSON_AddObjectToObject(root, "ceilings"), "datasheet", cJSON_Duplicate(datasheet, 1));
}

/* "split": how the sweep was cut into shards and what ran alone, kept by
 * merge (shard 0's run.json becomes the merged one's). */
static void add_split(cJSON *root, int shards, int cpu_alone)
{
    char alone[160];
    cJSON *sp = cJSON_AddObjectToObject(root, "split");
    cJSON_AddNumberToObject(sp, "shards", shards);
    cJSON_AddBoolToObject(sp, "cpu_alone", cpu_alone != 0);
    if (cpu_alone && shards == 2)
        snprintf(alone, sizeof alone, "shard 1/2: every CPU row, after shard 0 ended");
    else if (cpu_alone)
        snprintf(alone, sizeof alone, "shard %d/%d: every CPU row, after shards 0-%d ended", shards - 1, shards,
                 shards - 2);
    else
        snprintf(alone, sizeof alone, "nothing: CPU rows run within the GPU shards");
    cJSON_AddStringToObject(sp, "ran_alone", alone);
}


static cJSON *meta_json(const struct run_record *m)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "tool", "mmprof");
    cJSON_AddStringToObject(root, "version", MMPROF_VERSION);
    cJSON_AddStringToObject(root, "command_line", m->command_line);
    rundir_add_updated_utc(root);
    cJSON_AddStringToObject(root, "state", m->state);
    cJSON_AddNumberToObject(root, "wall_s", m->wall_s);
    cJSON_AddNumberToObject(root, "seed", (double)m->seed);
    cJSON *args = cJSON_AddArrayToObject(root, "args");
    for (int i = 0; i < m->argc; i++)
        cJSON_AddItemToArray(args, cJSON_CreateString(m->argv[i]));
    cJSON *plan = cJSON_AddObjectToObject(root, "plan");
    cJSON *pv = cJSON_AddArrayToObject(plan, "variants"), *ps = cJSON_AddArrayToObject(plan, "shapes");
    for (size_t i = 0; i < m->nvariants; i++)
        cJSON_AddItemToArray(pv, cJSON_CreateString(m->variants[i]->name));
    for (size_t i = 0; i < m->nshapes; i++) {
        double mnk[3] = {(double)m->shapes[i].m, (double)m->shapes[i].n, (double)m->shapes[i].k};
        cJSON_AddItemToArray(ps, cJSON_CreateDoubleArray(mnk, 3));
    }
    if (m->shard_count > 1) {
        cJSON *sh = cJSON_AddObjectToObject(root, "shard");
        cJSON_AddNumberToObject(sh, "index", m->shard_index);
        cJSON_AddNumberToObject(sh, "count", m->shard_count);
        add_split(root, m->shard_count, m->cpu_alone);
    }
    rundir_add_device(root, m->device);
    rundir_add_versions(root, m->driver, m->device, m->cupti_api_version);
    rundir_add_clocks(root, m->clock_before_sm_mhz, m->clock_before_mem_mhz, m->clock_after_sm_mhz,
                      m->clock_after_mem_mhz);
    if (m->buffer_offset_mib > 0) /* absent otherwise: run.json of a default run is unchanged */
        cJSON_AddNumberToObject(root, "buffer_offset_mib", (double)m->buffer_offset_mib);
    if (m->local_memory_offset_mib > 0)
        cJSON_AddNumberToObject(root, "local_memory_offset_mib", (double)m->local_memory_offset_mib);
    if (m->local_bytes_per_thread > 0) /* absent in replays */
        cJSON_AddNumberToObject(root, "local_memory_bytes_per_thread", (double)m->local_bytes_per_thread);
    cJSON *t = cJSON_AddObjectToObject(root, "timing");
    cJSON_AddNumberToObject(t, "warmup", m->warmup);
    cJSON_AddNumberToObject(t, "min_reps", m->min_reps);
    cJSON_AddNumberToObject(t, "max_reps", m->max_reps);
    cJSON_AddNumberToObject(t, "budget_ms", m->budget_ms);
    cJSON_AddStringToObject(t, "method", "CUDA events around each unprofiled launch; inputs rotated over >= 2x L2");
    cJSON *p = cJSON_AddObjectToObject(root, "profiling");
    cJSON_AddStringToObject(p, "state", m->profiling);
    cJSON_AddStringToObject(p, "chip", m->chip ? m->chip : "");
    cJSON_AddNumberToObject(p, "passes", (double)m->passes);
    cJSON_AddNumberToObject(p, "config_images", (double)m->configs);
    cJSON_AddStringToObject(p, "schedule", m->schedule ? m->schedule : "");
    char cache_policy[256];
    int n = snprintf(cache_policy, sizeof cache_policy,
                     "L2 flushed (buffer > L2 read, then its lines discarded) before each profiled kernel");
    if (m->settle_cap_ms > 0 && n > 0 && (size_t)n < sizeof cache_policy)
        snprintf(cache_policy + n, sizeof cache_policy - (size_t)n,
                 ", then the GPU left idle %g x the kernel's duration, at most %ld ms", m->settle_per_kernel,
                 m->settle_cap_ms);
    cJSON_AddStringToObject(p, "cache_policy", cache_policy);
    cJSON_AddNumberToObject(p, "settle_cap_ms", (double)m->settle_cap_ms);
    cJSON_AddStringToObject(p, "replay", "auto range + user replay (CUPTI Range Profiler): one range per kernel, "
                                         "the flush's dropped; each family x shape in one batch, every kernel in "
                                         "each pass");
    rundir_add_ceilings(root, m->ceilings, m->datasheet);
    cJSON *metrics = cJSON_AddArrayToObject(root, "metrics");
    for (size_t i = 0; i < m->nmetrics; i++)
        cJSON_AddItemToArray(metrics, cJSON_CreateString(m->metrics[i]));
    return root;
}

int rundir_write_json(const char *dir, const cJSON *root, char *why, size_t why_len)
{
    char path[4096];
    struct atomic_file af;
    char *text = cJSON_Print(root);
    if (!text) {
        snprintf(why, why_len, "out of memory writing run.json");
        return -1;
    }
    run_path(path, sizeof path, dir, RUN_JSON);
    int ok = atomic_open(&af, path) == 0 && fputs(text, af.f) >= 0 && fputc('\n', af.f) != EOF &&
             atomic_finish(&af) == 0 && atomic_commit(&af) == 0;
    free(text);
    if (!ok) {
        atomic_abort(&af); /* keeps errno */
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int rundir_write_meta(const char *dir, const struct run_record *m, char *why, size_t why_len)
{
    cJSON *root = meta_json(m);
    int rc = root ? rundir_write_json(dir, root, why, why_len) : -1;
    if (!root)
        snprintf(why, why_len, "out of memory writing run.json");
    cJSON_Delete(root);
    return rc;
}

static int copy_args(const cJSON *args, int *argc, char ***argv)
{
    int n = cJSON_GetArraySize(args), i = 0;
    char **v = calloc((size_t)n + 1, sizeof *v);
    const cJSON *a;
    if (!v)
        return -1;
    cJSON_ArrayForEach(a, args)
    {
        if (!cJSON_IsString(a) || !(v[i++] = strdup(a->valuestring))) {
            for (int j = 0; j < i; j++)
                free(v[j]);
            free(v);
            return -1;
        }
    }
    *argc = n;
    *argv = v;
    return 0;
}

int rundir_read_args(const char *dir, int *argc, char ***argv, unsigned long long *seed, int *complete, char *why,
                     size_t why_len)
{
    char path[4096];
    run_path(path, sizeof path, dir, RUN_JSON);
    char err[4200];
    cJSON *root = run_json_load(path, err, sizeof err);
    if (!root) {
        snprintf(why, why_len, "--resume %s: %s; is it a run directory?", dir, err);
        return 2;
    }
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(root, "args");
    const cJSON *sd = cJSON_GetObjectItemCaseSensitive(root, "seed");
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(root, "state");
    if (!cJSON_IsArray(args) || !cJSON_IsNumber(sd)) {
        snprintf(why, why_len, "--resume %s: run.json is malformed or from an older mmprof (no \"args\"/\"seed\")",
                 dir);
        cJSON_Delete(root);
        return 2;
    }
    /* collect writes seeds up to 2^53, exact as JSON numbers; anything else
     * (and a cast of it, undefined past 2^64) means a hand-edited file */
    if (!(sd->valuedouble >= 0 && sd->valuedouble <= 9007199254740992.0) || sd->valuedouble != floor(sd->valuedouble)) {
        snprintf(why, why_len, "--resume %s: run.json \"seed\" is not a whole number from 0 to 2^53 (hand-edited?)",
                 dir);
        cJSON_Delete(root);
        return 2;
    }
    *seed = (unsigned long long)sd->valuedouble;
    *complete = cJSON_IsString(st) && strcmp(st->valuestring, "complete") == 0;
    int rc = copy_args(args, argc, argv);
    cJSON_Delete(root);
    if (rc != 0)
        snprintf(why, why_len, "--resume %s: run.json \"args\" must be strings", dir);
    return rc == 0 ? 0 : 2;
}
