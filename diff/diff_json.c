/* `diff --json FILE`: the comparison as one JSON object (schema
 * DIFF_JSON_SCHEMA, documented field by field in docs/diff.md). A value not
 * measured is null. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>

#include "diff/diff_output.h"

static void add_num(cJSON *o, const char *key, double v)
{
    if (isfinite(v))
        cJSON_AddNumberToObject(o, key, v);
    else
        cJSON_AddNullToObject(o, key);
}

static cJSON *run_object(const struct diff_run *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "dir", r->dir);
    cJSON_AddStringToObject(o, "device", r->a.run.device_name);
    add_num(o, "sm_count", r->a.run.sm_count);
    cJSON_AddBoolToObject(o, "has_samples", r->samples != NULL);
    return o;
}

static void add_key(cJSON *o, const struct analysis_row *r)
{
    cJSON_AddStringToObject(o, "variant", r->variant);
    cJSON_AddNumberToObject(o, "m", (double)r->m);
    cJSON_AddNumberToObject(o, "n", (double)r->n);
    cJSON_AddNumberToObject(o, "k", (double)r->k);
}

static const char *time_json(enum time_verdict t)
{
    static const char *const names[] = {"same", "noise", "faster", "slower", "unmeasured"};
    return names[t];
}

static cJSON *row_object(const struct diff_result *res, const struct diff_row *row)
{
    const struct diff_pair *p = &row->p;
    cJSON *o = cJSON_CreateObject();
    add_key(o, p->ra);
    cJSON_AddStringToObject(o, "status_a", p->ra->status);
    cJSON_AddStringToObject(o, "status_b", p->rb->status);
    add_num(o, "median_ms_a", p->time_a);
    add_num(o, "median_ms_b", p->time_b);
    add_num(o, "ratio", p->time == TIME_UNMEASURED ? NAN : p->ratio);
    add_num(o, "ratio_lo", p->ratio_lo);
    add_num(o, "ratio_hi", p->ratio_hi);
    cJSON_AddNumberToObject(o, "samples_a", (double)p->samples_a);
    cJSON_AddNumberToObject(o, "samples_b", (double)p->samples_b);
    add_num(o, "roof_pct_a", p->roof_pct_a);
    add_num(o, "roof_pct_b", p->roof_pct_b);
    add_num(o, "cgma_a", p->cgma_a);
    add_num(o, "cgma_b", p->cgma_b);
    cJSON_AddStringToObject(o, "time", time_json(p->time));
    cJSON_AddBoolToObject(o, "status_changed", p->status_changed);
    cJSON *counters = cJSON_AddArrayToObject(o, "counters");
    for (size_t i = 0; i < p->nchanged; i++) {
        cJSON *c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "name", p->changed[i].name);
        add_num(c, "a", p->changed[i].a);
        add_num(c, "b", p->changed[i].b);
        add_num(c, "ratio", p->changed[i].ratio);
        cJSON_AddItemToArray(counters, c);
    }
    cJSON_AddBoolToObject(o, "significant", diff_significant(p));
    cJSON *failed = cJSON_AddArrayToObject(o, "failed_rules");
    for (size_t i = 0; i < res->nrules; i++)
        if (row->tripped & (1u << i))
            cJSON_AddItemToArray(failed, cJSON_CreateString(res->rules[i].text));
    cJSON_AddStringToObject(o, "why", row->why);
    return o;
}

static cJSON *only_array(const struct diff_run *run, const size_t *idx, size_t n)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        add_key(o, &run->a.rows[idx[i]]);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static cJSON *summary_object(const struct diff_tally *t)
{
    cJSON *o = cJSON_CreateObject();
    const struct {
        const char *key;
        size_t v;
    } counts[] = {{"compared", t->compared}, {"slower", t->slower},
                  {"faster", t->faster},     {"noise", t->noise},
                  {"counter_changes", t->counters}, {"status_changes", t->status},
                  {"only_a", t->only_a},     {"only_b", t->only_b},
                  {"without_interval", t->without_interval}, {"failed", t->tripped}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        cJSON_AddNumberToObject(o, counts[i].key, (double)counts[i].v);
    return o;
}

int diff_write_json(const struct diff_result *r, int exit_code, FILE *f)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", DIFF_JSON_SCHEMA);
    cJSON_AddItemToObject(root, "a", run_object(r->A));
    cJSON_AddItemToObject(root, "b", run_object(r->B));
    cJSON_AddNumberToObject(root, "threshold_pct", r->threshold_pct);
    cJSON_AddNumberToObject(root, "interval_z", DIFF_INTERVAL_Z);
    cJSON_AddBoolToObject(root, "across_devices", r->across_devices);
    cJSON *rules = cJSON_AddArrayToObject(root, "fail_on");
    for (size_t i = 0; i < r->nrules; i++)
        cJSON_AddItemToArray(rules, cJSON_CreateString(r->rules[i].text));
    cJSON *rows = cJSON_AddArrayToObject(root, "rows");
    for (size_t i = 0; i < r->nrows; i++)
        cJSON_AddItemToArray(rows, row_object(r, &r->rows[i]));
    cJSON_AddItemToObject(root, "only_a", only_array(r->A, r->only_a, r->t.only_a));
    cJSON_AddItemToObject(root, "only_b", only_array(r->B, r->only_b, r->t.only_b));
    cJSON_AddItemToObject(root, "summary", summary_object(&r->t));
    cJSON_AddNumberToObject(root, "exit_code", exit_code);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return -1;
    int rc = fprintf(f, "%s\n", text) < 0 || fflush(f) != 0 ? -1 : 0;
    free(text);
    return rc;
}
