#include "rundir/replay.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/file.h"
#include "rundir/results.h"
#include "rundir/run_dir.h"
#include "common/table.h"
#include "rundir/run_files.h"

struct replay {
    struct table *rows;
    cJSON *run;
    const char **metric_headers;
    size_t nmetrics;
};

/* A device property of the recording, from 0 to max (0 when missing or out
 * of range: a cast of a hand-edited 1e300 or NaN to an integer is undefined). */
static double num(const cJSON *o, const char *key, double max)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, key);
    double v = cJSON_IsNumber(j) ? j->valuedouble : 0;
    return v >= 0 && v <= max ? v : 0;
}

#define INT_PROP(o, key) ((int)num(o, key, INT_MAX))
#define SIZE_PROP(o, key) ((size_t)num(o, key, 9007199254740992.0)) /* 2^53: exact as a double */

static void device_from_json(const cJSON *dev, struct device_info *d)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(dev, "name");
    const cJSON *cc = cJSON_GetObjectItemCaseSensitive(dev, "cc");
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", cJSON_IsString(name) ? name->valuestring : "replayed device");
    if (cJSON_IsString(cc))
        sscanf(cc->valuestring, "%d.%d", &d->cc_major, &d->cc_minor);
    d->sm_count = INT_PROP(dev, "sm_count");
    d->memory_bytes = SIZE_PROP(dev, "memory_bytes");
    d->l2_bytes = SIZE_PROP(dev, "l2_bytes");
    d->shared_per_block_optin_bytes = SIZE_PROP(dev, "shared_per_block_optin_bytes");
    d->shared_per_sm_bytes = SIZE_PROP(dev, "shared_per_sm_bytes");
    d->regs_per_sm = INT_PROP(dev, "regs_per_sm");
    d->max_threads_per_sm = INT_PROP(dev, "max_threads_per_sm");
    d->max_blocks_per_sm = INT_PROP(dev, "max_blocks_per_sm");
    d->sm_clock_max_mhz = INT_PROP(dev, "sm_clock_max_mhz");
    d->mem_clock_max_mhz = INT_PROP(dev, "mem_clock_max_mhz");
    d->mem_bus_width_bits = INT_PROP(dev, "mem_bus_width_bits");
}

int replay_open(struct replay **out, const char *dir, struct device_info *d, char *why, size_t why_len)
{
    char path[4096];
    struct replay *rp = calloc(1, sizeof *rp);
    *out = NULL;
    if (!rp) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    run_path(path, sizeof path, dir, RUN_JSON);
    char err[4200];
    rp->run = run_json_load(path, err, sizeof err);
    if (!rp->run || !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(rp->run, "device"))) {
        if (rp->run)
            snprintf(err, sizeof err, "%s has no \"device\" object", path);
        snprintf(why, why_len, "replay: %s", err);
        replay_close(rp);
        return -1;
    }
    run_path(path, sizeof path, dir, RESULTS_CSV);
    rp->rows = results_read(path, why, why_len);
    if (!rp->rows || rp->rows->ncols < results_fixed_count()) {
        if (rp->rows)
            snprintf(why, why_len, "replay: %s has fewer columns than results.csv must", path);
        replay_close(rp);
        return -1;
    }
    rp->nmetrics = rp->rows->ncols - results_fixed_count();
    rp->metric_headers = (const char **)rp->rows->header + results_fixed_count();
    device_from_json(cJSON_GetObjectItemCaseSensitive(rp->run, "device"), d);
    *out = rp;
    return 0;
}

size_t replay_metric_count(const struct replay *rp)
{
    return rp->nmetrics;
}

const char *const *replay_metric_headers(const struct replay *rp)
{
    return rp->metric_headers;
}

const cJSON *replay_ceilings(const struct replay *rp)
{
    return cJSON_GetObjectItemCaseSensitive(rp->run, "ceilings");
}

static long find_row(const struct table *t, const struct variant *v, const struct shape *s)
{
    int cv = table_col(t, "variant"), cm = table_col(t, "M"), cn = table_col(t, "N"), ck = table_col(t, "K");
    for (size_t i = 0; i < t->nrows; i++)
        if (strcmp(table_str(t, i, cv), v->name) == 0 && table_num(t, i, cm) == s->m &&
            table_num(t, i, cn) == s->n && table_num(t, i, ck) == s->k)
            return (long)i;
    return -1;
}

static void summarize(const struct table *t, size_t i, struct result_row *r)
{
    const char *st = table_str(t, i, table_col(t, "status"));
    r->status = strcmp(st, "ok") == 0 ? STATUS_OK : strcmp(st, "skipped") == 0 ? STATUS_SKIPPED : STATUS_FAILED;
    row_reason(r, "%s", table_str(t, i, table_col(t, "reason")));
    r->runtime_ms = table_num(t, i, table_col(t, "runtime_ms"));
    r->gflops = table_num(t, i, table_col(t, "gflops"));
    r->gbs = table_num(t, i, table_col(t, "gbs"));
}

int replay_row(struct replay *rp, const struct variant *v, const struct shape *s, size_t nmetrics, FILE *results,
               struct result_row *summary)
{
    long i = find_row(rp->rows, v, s);
    if (i < 0) {
        summary->status = STATUS_FAILED;
        row_reason(summary, "replay: the recorded run has no row for this variant and size");
        return results_append(results, summary);
    }
    summarize(rp->rows, (size_t)i, summary);
    size_t ncols = results_fixed_count() + (nmetrics < rp->nmetrics ? nmetrics : rp->nmetrics);
    return results_append_cells(results, (const char *const *)rp->rows->cells[i], ncols);
}

void replay_close(struct replay *rp)
{
    if (!rp)
        return;
    table_free(rp->rows);
    cJSON_Delete(rp->run);
    free(rp);
}
