/* mmprof merge's checks: the shards loaded and refused when they would mix
 * measurements that cannot be compared (merge.h says which). */
#include "rundir/merge_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "rundir/results.h"
#include "rundir/run_dir.h"
#include "rundir/run_files.h"

int merge_problem(struct merge *m, const char *fmt, ...)
{
    char text[1536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!m->o->force) {
        snprintf(m->why, m->why_len, "cannot merge: %s; or pass --force to merge anyway", text);
        return 2;
    }
    msg_warn("%s (merged anyway: --force)", text);
    cJSON_AddItemToArray(m->forced, cJSON_CreateString(text));
    return 0;
}

const cJSON *merge_get(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

const char *merge_str(const cJSON *o, const char *key)
{
    const cJSON *j = merge_get(o, key);
    return cJSON_IsString(j) ? j->valuestring : "";
}

double merge_num(const cJSON *o, const char *key)
{
    const cJSON *j = merge_get(o, key);
    return cJSON_IsNumber(j) ? j->valuedouble : -1;
}

int merge_load_shard(struct shard *s, const char *dir, char *why, size_t why_len)
{
    char path[4096];
    s->dir = dir;
    run_path(path, sizeof path, dir, RUN_JSON);
    char err[4200];
    s->run = run_json_load(path, err, sizeof err);
    if (!s->run) {
        snprintf(why, why_len, "%s is not a run directory: %s", dir, err);
        return 2;
    }
    run_path(path, sizeof path, dir, RESULTS_CSV);
    s->t = results_read(path, why, why_len);
    if (!s->t)
        return 2;
    if (samples_read(dir, &s->samples, why, why_len) != 0)
        return 2;
    const cJSON *sh = merge_get(s->run, "shard");
    s->count = cJSON_IsObject(sh) ? (int)merge_num(sh, "count") : 0;
    s->index = cJSON_IsObject(sh) ? (int)merge_num(sh, "index") : -1;
    s->state = merge_str(s->run, "state");
    s->wall_s = merge_num(s->run, "wall_s");
    return 0;
}

/* Shard 0's run.json becomes the merged one's, so order by shard index
 * (stable: runs that are not shards keep the command line's order). */
void merge_sort_shards(struct merge *m)
{
    for (size_t i = 1; i < m->n; i++) {
        struct shard x = m->s[i];
        size_t j = i;
        while (j > 0 && m->s[j - 1].count > 0 && x.count > 0 && m->s[j - 1].index > x.index) {
            m->s[j] = m->s[j - 1];
            j--;
        }
        m->s[j] = x;
    }
}

/* Name of the first member of a that b lacks or holds differently. */
static const char *first_difference(const cJSON *a, const cJSON *b)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, a)
    {
        if (!cJSON_Compare(x, merge_get(b, x->string), 1))
            return x->string;
    }
    cJSON_ArrayForEach(x, b)
    {
        if (!merge_get(a, x->string))
            return x->string;
    }
    return NULL;
}

static int check_device(struct merge *m, const struct shard *a, const struct shard *b)
{
    const cJSON *da = merge_get(a->run, "device"), *db = merge_get(b->run, "device");
    if (strcmp(merge_str(da, "name"), merge_str(db, "name")) == 0 && merge_num(da, "sm_count") == merge_num(db, "sm_count"))
        return 0;
    return merge_problem(m, "%s ran on '%s' (%.0f SMs) but %s on '%s' (%.0f SMs): one run holds one GPU model", a->dir,
                   merge_str(da, "name"), merge_num(da, "sm_count"), b->dir, merge_str(db, "name"), merge_num(db, "sm_count"));
}

static int check_versions(struct merge *m, const struct shard *a, const struct shard *b)
{
    if (strcmp(merge_str(a->run, "version"), merge_str(b->run, "version")) != 0)
        return merge_problem(m, "%s was collected by mmprof %s but %s by mmprof %s: collect every shard with one build",
                       a->dir, merge_str(a->run, "version"), b->dir, merge_str(b->run, "version"));
    const cJSON *va = merge_get(a->run, "versions"), *vb = merge_get(b->run, "versions");
    const char *key = first_difference(va, vb);
    if (!key)
        return 0;
    char ta[128], tb[128];
    const cJSON *xa = merge_get(va, key), *xb = merge_get(vb, key);
    snprintf(ta, sizeof ta, "%s", cJSON_IsString(xa) ? xa->valuestring : "");
    snprintf(tb, sizeof tb, "%s", cJSON_IsString(xb) ? xb->valuestring : "");
    if (cJSON_IsNumber(xa))
        snprintf(ta, sizeof ta, "%.0f", xa->valuedouble);
    if (cJSON_IsNumber(xb))
        snprintf(tb, sizeof tb, "%.0f", xb->valuedouble);
    return merge_problem(m, "%s and %s differ in versions.%s ('%s' vs '%s'): collect every shard with one driver and CUDA",
                   a->dir, b->dir, key, ta, tb);
}

static int check_seed(struct merge *m, const struct shard *a, const struct shard *b)
{
    if (merge_num(a->run, "seed") == merge_num(b->run, "seed"))
        return 0;
    return merge_problem(m, "%s used input seed %.0f but %s seed %.0f: give every shard the same --seed", a->dir,
                   merge_num(a->run, "seed"), b->dir, merge_num(b->run, "seed"));
}

static int check_header(struct merge *m, const struct shard *a, const struct shard *b)
{
    const struct table *ta = a->t, *tb = b->t;
    size_t n = ta->ncols < tb->ncols ? ta->ncols : tb->ncols;
    for (size_t c = 0; c < n; c++)
        if (strcmp(ta->header[c], tb->header[c]) != 0)
            return merge_problem(m, "the metric sets differ: results.csv column %zu is '%s' in %s but '%s' in %s", c + 1,
                           ta->header[c], a->dir, tb->header[c], b->dir);
    if (ta->ncols != tb->ncols)
        return merge_problem(m, "the metric sets differ: %s/results.csv has %zu columns, %s/results.csv %zu", a->dir,
                       ta->ncols, b->dir, tb->ncols);
    return 0;
}

int merge_common_args(int argc, char *const *argv, char **out)
{
    /* --replay-delay-ms only paces the test backend: rows do not depend on it. */
    static const char *const drop[] = {"--shard", "--out", "--device", "--replay-delay-ms"};
    int n = 0;
    for (int i = 0; i < argc; i++) {
        int skip = 0;
        for (size_t d = 0; d < sizeof drop / sizeof drop[0]; d++) {
            size_t len = strlen(drop[d]);
            if (strcmp(argv[i], drop[d]) == 0)
                skip = 2; /* the option and its value */
            else if (strncmp(argv[i], drop[d], len) == 0 && argv[i][len] == '=')
                skip = 1;
        }
        if (skip)
            i += skip - 1;
        else
            out[n++] = argv[i];
    }
    return n;
}

int merge_shard_args(const struct shard *s, char ***out, int *n)
{
    const cJSON *args = merge_get(s->run, "args");
    int argc = cJSON_GetArraySize(args), i = 0;
    char **all = calloc((size_t)argc + 1, sizeof *all);
    *out = calloc((size_t)argc + 1, sizeof **out);
    const cJSON *a;
    if (!all || !*out) {
        free(all);
        return -1;
    }
    cJSON_ArrayForEach(a, args)
    {
        all[i++] = cJSON_IsString(a) ? a->valuestring : "";
    }
    *n = merge_common_args(argc, all, *out);
    free(all);
    return 0;
}

static int check_args(struct merge *m, const struct shard *b)
{
    char **argv = NULL;
    int n = 0;
    if (merge_shard_args(b, &argv, &n) != 0) {
        snprintf(m->why, m->why_len, "out of memory");
        return 1;
    }
    int same = n == m->nargs;
    for (int i = 0; same && i < n; i++)
        same = strcmp(argv[i], m->args[i]) == 0;
    free(argv);
    if (same)
        return 0;
    return merge_problem(m, "%s and %s were collected with different arguments (command lines: %s | %s): shards of one "
                   "sweep share every option but --shard, --out and --device",
                   m->s[0].dir, b->dir, merge_str(m->s[0].run, "command_line"), merge_str(b->run, "command_line"));
}

/* Shards of one sweep: one count, every index 0..count-1 exactly once. */
static int check_shard_set(struct merge *m)
{
    int count = m->s[0].count, rc = 0;
    for (size_t i = 1; i < m->n && rc == 0; i++)
        if (m->s[i].count != count)
            rc = merge_problem(m, "%s is %s but %s is %s: merge the shards of one sweep", m->s[0].dir,
                         count ? "a shard" : "not a shard", m->s[i].dir,
                         m->s[i].count ? "a shard of another split" : "not a shard");
    if (rc != 0 || count <= 0)
        return rc;
    for (size_t i = 1; i < m->n && rc == 0; i++)
        if (m->s[i].index == m->s[i - 1].index)
            rc = merge_problem(m, "shard %d/%d is given twice (%s and %s)", m->s[i].index, count, m->s[i - 1].dir,
                         m->s[i].dir);
    size_t k = 0;
    for (int want = 0; want < count && rc == 0; want++) {
        while (k < m->n && m->s[k].index < want)
            k++;
        if (k == m->n || m->s[k].index != want) {
            m->missing_shard = 1;
            rc = merge_problem(m, "shard %d/%d is missing (%zu of %d given): run `mmprof collect <the same options> "
                         "--shard %d/%d` and merge it too",
                         want, count, m->n, count, want, count);
        }
    }
    return rc;
}

static int check_states(struct merge *m)
{
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->s[i].state, "complete") != 0) {
            int rc = merge_problem(m, "%s did not finish (state '%s'): `mmprof collect --resume %s` completes it",
                             m->s[i].dir, m->s[i].state, m->s[i].dir);
            if (rc != 0)
                return rc;
        }
    return 0;
}

int merge_check_compatible(struct merge *m)
{
    int rc = 0;
    for (size_t i = 1; i < m->n && rc == 0; i++) {
        rc = check_device(m, &m->s[0], &m->s[i]);
        if (rc == 0)
            rc = check_versions(m, &m->s[0], &m->s[i]);
        if (rc == 0)
            rc = check_header(m, &m->s[0], &m->s[i]);
        if (rc == 0)
            rc = check_seed(m, &m->s[0], &m->s[i]);
        if (rc == 0)
            rc = check_args(m, &m->s[i]);
    }
    if (rc == 0)
        rc = check_shard_set(m);
    if (rc == 0)
        rc = check_states(m);
    return rc;
}
