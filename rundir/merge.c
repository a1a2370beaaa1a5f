/* mmprof merge: the rows of compatible shards (merge_check.c) joined in plan
 * order, duplicates dropped, missing rows named, and results.csv, samples.csv
 * and run.json written whole. */
#include "rundir/merge_impl.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/file.h"
#include "rundir/results.h"
#include "rundir/run_dir.h"
#include "rundir/samples.h"
#include "common/table.h"
#include "common/shape_text.h"
#include "common/util.h"
#include "model/registry.h"
#include "rundir/run_create.h"
#include "rundir/run_json.h"
#include "rundir/run_files.h"

static int merged_col(const struct merge *m, const char *name)
{
    for (size_t c = 0; c < m->ncols; c++)
        if (strcmp(m->header[c], name) == 0)
            return (int)c;
    return -1;
}

/* Shard 0's columns, then (only when forced past a header mismatch) any
 * column another shard adds; a shard's missing cells stay empty. */
static int build_header(struct merge *m)
{
    size_t cap = 0;
    for (size_t i = 0; i < m->n; i++)
        cap += m->s[i].t->ncols;
    m->header = calloc(cap, sizeof *m->header);
    if (!m->header)
        return -1;
    for (size_t i = 0; i < m->n; i++)
        for (size_t c = 0; c < m->s[i].t->ncols; c++)
            if (merged_col(m, m->s[i].t->header[c]) < 0)
                m->header[m->ncols++] = m->s[i].t->header[c];
    for (size_t i = 0; i < m->n; i++) {
        m->s[i].col = malloc(m->ncols * sizeof *m->s[i].col);
        if (!m->s[i].col)
            return -1;
        for (size_t c = 0; c < m->ncols; c++)
            m->s[i].col[c] = table_col(m->s[i].t, m->header[c]);
    }
    m->cvar = merged_col(m, "variant");
    m->cfam = merged_col(m, "family");
    m->cm = merged_col(m, "M");
    m->cn = merged_col(m, "N");
    m->ck = merged_col(m, "K");
    return 0;
}

static const char *cell(const struct merge *m, const struct row_ref *r, int col)
{
    const struct shard *s = &m->s[r->shard];
    return col < 0 ? "" : table_str(s->t, r->row, s->col[col]);
}

static long cell_long(const struct merge *m, const struct row_ref *r, int col)
{
    return strtol(cell(m, r, col), NULL, 10);
}

static const struct merge *sort_m; /* qsort has no context argument */

static int cmp_long(long a, long b)
{
    return (a > b) - (a < b);
}

/* Variant and shape identify a row; ties keep shard then file order. */
static int by_key(const void *pa, const void *pb)
{
    const struct row_ref *a = pa, *b = pb;
    int c = strcmp(cell(sort_m, a, sort_m->cvar), cell(sort_m, b, sort_m->cvar));
    if (!c)
        c = cmp_long(cell_long(sort_m, a, sort_m->cm), cell_long(sort_m, b, sort_m->cm));
    if (!c)
        c = cmp_long(cell_long(sort_m, a, sort_m->cn), cell_long(sort_m, b, sort_m->cn));
    if (!c)
        c = cmp_long(cell_long(sort_m, a, sort_m->ck), cell_long(sort_m, b, sort_m->ck));
    if (!c)
        c = a->shard != b->shard ? (a->shard > b->shard ? 1 : -1) : (a->row > b->row) - (a->row < b->row);
    return c;
}

static long registry_index(const char *name)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    const struct variant *v = registry_find(name);
    return v ? (long)(v - all) : (long)n;
}

/* Plan order when known; else what plan_build would do for sorted shapes:
 * by shape, matmuls before transposes, then registry order. */
static int by_plan(const void *pa, const void *pb)
{
    const struct row_ref *a = pa, *b = pb;
    const struct merge *m = sort_m;
    long pa_pos = a->plan_pos < 0 ? (long)m->plan.n : a->plan_pos;
    long pb_pos = b->plan_pos < 0 ? (long)m->plan.n : b->plan_pos;
    int c = cmp_long(pa_pos, pb_pos);
    if (!c)
        c = cmp_long(cell_long(m, a, m->cm), cell_long(m, b, m->cm));
    if (!c)
        c = cmp_long(cell_long(m, a, m->cn), cell_long(m, b, m->cn));
    if (!c)
        c = strcmp(cell(m, a, m->cfam), cell(m, b, m->cfam)); /* "matmul" < "transpose" */
    if (!c)
        c = cmp_long(cell_long(m, a, m->ck), cell_long(m, b, m->ck));
    if (!c)
        c = cmp_long(registry_index(cell(m, a, m->cvar)), registry_index(cell(m, b, m->cvar)));
    return c ? c : by_key(pa, pb);
}

static int same_key(const struct merge *m, const struct row_ref *a, const struct row_ref *b)
{
    return strcmp(cell(m, a, m->cvar), cell(m, b, m->cvar)) == 0 && cell_long(m, a, m->cm) == cell_long(m, b, m->cm) &&
           cell_long(m, a, m->cn) == cell_long(m, b, m->cn) && cell_long(m, a, m->ck) == cell_long(m, b, m->ck);
}

static void row_name(const struct merge *m, const struct row_ref *r, char *buf, size_t len)
{
    char shape[64];
    snprintf(buf, len, "%s %s", cell(m, r, m->cvar),
             shape_text(shape, sizeof shape, cell_long(m, r, m->cm), cell_long(m, r, m->cn), cell_long(m, r, m->ck)));
}

static int first_different_col(const struct merge *m, const struct row_ref *a, const struct row_ref *b)
{
    for (size_t c = 0; c < m->ncols; c++)
        if (strcmp(cell(m, a, (int)c), cell(m, b, (int)c)) != 0)
            return (int)c;
    return -1;
}

/* A variant x size twice: identical copies are dropped (a shard given twice,
 * a row re-run by hand); different values are refused, or keep the first. */
#define MAX_LISTED 5 /* differing duplicates named one by one (--force); the rest counted */

static int check_duplicates(struct merge *m)
{
    size_t identical = 0, differing = 0;
    char example[256] = "", name[192];
    sort_m = m;
    qsort(m->rows, m->nrows, sizeof *m->rows, by_key);
    for (size_t i = 1; i < m->nrows; i++) {
        size_t k = i;
        while (k > 0 && m->rows[k - 1].drop)
            k--; /* the kept row of this key */
        if (!same_key(m, &m->rows[k - 1], &m->rows[i]))
            continue;
        const struct row_ref *keep = &m->rows[k - 1], *dup = &m->rows[i];
        row_name(m, dup, name, sizeof name);
        int c = first_different_col(m, keep, dup);
        if (c < 0) {
            if (!identical++)
                snprintf(example, sizeof example, "%s in %s and %s", name, m->s[keep->shard].dir,
                         m->s[dup->shard].dir);
        } else if (++differing <= MAX_LISTED) {
            int rc = merge_problem(m, "%s is in %s and in %s with different values (column %s: '%s' vs '%s'; --force "
                             "keeps the first): delete the wrong row",
                             name, m->s[keep->shard].dir, m->s[dup->shard].dir, m->header[c], cell(m, keep, c),
                             cell(m, dup, c));
            if (rc != 0)
                return rc;
        }
        m->rows[i].drop = 1;
    }
    if (identical)
        msg_warn("dropped %zu identical duplicate row%s (e.g. %s)", identical, identical == 1 ? "" : "s", example);
    if (differing > MAX_LISTED)
        return merge_problem(m, "%zu more rows differ from an earlier row of the same variant and size", differing - MAX_LISTED);
    return 0;
}

/* run.json's "split" says whether the last shard held the CPU rows alone. */
static int cpu_alone(const cJSON *run)
{
    return cJSON_IsTrue(merge_get(merge_get(run, "split"), "cpu_alone"));
}

static int build_plan(struct merge *m)
{
    char why[512] = "";
    int rc = plan_from_run_json(&m->plan, m->s[0].run, why, sizeof why);
    if (rc != 0) {
        if (rc == 1)
            msg_warn("%s has no plan in run.json (older mmprof): rows are sorted by shape and registry order, "
                     "missing rows are not checked",
                     m->s[0].dir);
        else
            msg_warn("cannot rebuild the plan from %s (%s): rows are sorted by shape, missing rows are not checked",
                     m->s[0].dir, why);
        plan_free(&m->plan);
        return 0;
    }
    m->have_plan = 1;
    if (m->s[0].count > 1)
        plan_shard(&m->plan, m->s[0].count, cpu_alone(m->s[0].run)); /* to name the shard a missing row belongs to */
    /* the sweep's command: collect with what every shard has in common */
    char **av = calloc((size_t)m->nargs + 1, sizeof *av);
    if (!av) {
        snprintf(m->why, m->why_len, "out of memory");
        return 1;
    }
    av[0] = "collect";
    for (int i = 0; i < m->nargs; i++)
        av[i + 1] = m->args[i];
    command_line_join(m->nargs + 1, av, m->command_line, sizeof m->command_line);
    free(av);
    return 0;
}

static long plan_find(const struct merge *m, const struct row_ref *r)
{
    const char *name = cell(m, r, m->cvar);
    long M = cell_long(m, r, m->cm), N = cell_long(m, r, m->cn), K = cell_long(m, r, m->ck);
    for (size_t i = 0; i < m->plan.n; i++) {
        const struct plan_item *it = &m->plan.items[i];
        if (it->shape.m == M && it->shape.n == N && it->shape.k == K && strcmp(it->v->name, name) == 0)
            return (long)i;
    }
    return -1;
}

static const char *dir_of_shard(const struct merge *m, int index)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->s[i].index == index)
            return m->s[i].dir;
    return "not given";
}

/* Every shard of the sweep is here (a run that is not a shard is a whole
 * sweep) and finished; check_compatible refuses anything else unless
 * --force. */
static int sweep_complete(const struct merge *m)
{
    if (m->s[0].count > 0 && m->n != (size_t)m->s[0].count)
        return 0;
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->s[i].state, "complete") != 0)
            return 0;
    return 1;
}

/* Some row of the merge is of variant v. */
static int variant_has_rows(const struct merge *m, const struct variant *v)
{
    for (size_t i = 0; i < m->plan.n; i++)
        if (m->plan.items[i].v == v && m->plan.items[i].done)
            return 1;
    return 0;
}

/* Every planned item has a row, and every row was planned. The plan is
 * rebuilt from the collect's arguments with today's registry: in a whole,
 * finished sweep, a variant with no row at all was not in the registry of
 * the mmprof that collected it (a kind added since), so its items are not
 * missing rows. */
static int check_plan(struct merge *m)
{
    if (!m->have_plan)
        return 0;
    char name[192];
    for (size_t i = 0; i < m->nrows; i++) {
        struct row_ref *r = &m->rows[i];
        if (r->drop)
            continue;
        r->plan_pos = plan_find(m, r);
        if (r->plan_pos < 0) {
            row_name(m, r, name, sizeof name);
            int rc = merge_problem(m, "%s in %s is not among the items its collect arguments plan (another registry?)",
                             name, m->s[r->shard].dir);
            if (rc != 0)
                return rc;
        } else {
            m->plan.items[r->plan_pos].done = 1;
        }
    }
    size_t missing = 0, first = 0;
    int whole = sweep_complete(m);
    for (size_t i = m->plan.n; i-- > 0;)
        if (!m->plan.items[i].done && !(whole && !variant_has_rows(m, m->plan.items[i].v))) {
            missing++;
            first = i;
        }
    if (!missing)
        return 0;
    m->missing_rows = 1;
    const struct plan_item *it = &m->plan.items[first];
    char shape[64];
    shape_text(shape, sizeof shape, it->shape.m, it->shape.n, it->shape.k);
    if (m->s[0].count > 1)
        return merge_problem(m, "%zu planned row%s missing, e.g. %s %s, part of shard %d/%d (%s): re-run that shard",
                       missing, missing == 1 ? " is" : "s are", it->v->name, shape, it->shard, m->s[0].count,
                       dir_of_shard(m, it->shard));
    return merge_problem(m, "%zu planned row%s missing, e.g. %s %s: re-run the run that lacks it", missing,
                   missing == 1 ? " is" : "s are", it->v->name, shape);
}

static int gather_rows(struct merge *m)
{
    size_t total = 0;
    for (size_t i = 0; i < m->n; i++)
        total += m->s[i].t->nrows;
    m->rows = calloc(total + 1, sizeof *m->rows);
    if (!m->rows)
        return -1;
    for (size_t i = 0; i < m->n; i++)
        for (size_t r = 0; r < m->s[i].t->nrows; r++)
            m->rows[m->nrows++] = (struct row_ref){i, r, -1, 0};
    return 0;
}

/* out may exist only empty or holding nothing but shards/ (the layout that
 * collect --devices and the Slurm job write): a run is never overwritten. */
static int prepare_out(const char *out, int create, char *why, size_t why_len)
{
    struct stat st;
    char path[4096];
    if (stat(out, &st) == 0 && !S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s exists and is not a directory: choose another OUT", out);
        return 2;
    }
    if (stat(out, &st) == 0) {
        DIR *d = opendir(out);
        struct dirent *e;
        int other = 0;
        while (d && (e = readdir(d)))
            other |= strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, "shards") != 0;
        if (d)
            closedir(d);
        if (other) {
            snprintf(why, why_len, "%s already holds files; mmprof never overwrites a run: choose another OUT or "
                     "remove it", out);
            return 2;
        }
        if (access(out, W_OK) != 0) {
            snprintf(why, why_len, "cannot write to %s: %s", out, strerror(errno));
            return 1;
        }
        return 0;
    }
    return create ? rundir_create(out, "", path, sizeof path, why, why_len) : 0;
}

static int write_rows(struct merge *m, FILE *f)
{
    const char **cells = calloc(m->ncols, sizeof *cells);
    int ok = cells && results_append_cells(f, m->header, m->ncols) == 0;
    for (size_t i = 0; ok && i < m->nrows; i++) {
        const struct row_ref *r = &m->rows[i];
        if (r->drop)
            continue;
        for (size_t c = 0; c < m->ncols; c++)
            cells[c] = cell(m, r, (int)c);
        ok = results_append_cells(f, cells, m->ncols) == 0;
        m->s[r->shard].kept++;
    }
    free(cells);
    return ok ? 0 : -1;
}

/* The kept rows' launch times, in results.csv's order; a shard without
 * samples.csv (an older collect) adds no lines. */
static int write_samples(const struct merge *m, FILE *f)
{
    int ok = samples_write_header(f) == 0;
    for (size_t i = 0; ok && i < m->nrows; i++) {
        const struct row_ref *r = &m->rows[i];
        const char *variant = cell(m, r, m->cvar);
        long dm = cell_long(m, r, m->cm), dn = cell_long(m, r, m->cn), dk = cell_long(m, r, m->ck);
        size_t count;
        const double *ms = samples_find(m->s[r->shard].samples, variant, dm, dn, dk, &count);
        if (!r->drop && ms)
            ok = samples_append(f, variant, dm, dn, dk, ms, count) == 0;
    }
    return ok ? 0 : -1;
}

static const char *merged_state(const struct merge *m)
{
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->s[i].state, "complete") != 0)
            return "incomplete";
    if (m->missing_rows || m->missing_shard)
        return "incomplete";
    return "complete";
}

/* Replaces in place, so run.json keeps the order a collect writes. */
static void set(cJSON *o, const char *key, cJSON *value)
{
    if (!merge_get(o, key) || !cJSON_ReplaceItemInObjectCaseSensitive(o, key, value))
        cJSON_AddItemToObject(o, key, value);
}

static cJSON *merged_from(const struct merge *m, double *longest)
{
    cJSON *list = cJSON_CreateArray();
    *longest = 0;
    for (size_t i = 0; i < m->n; i++) {
        const struct shard *s = &m->s[i];
        const cJSON *dev = merge_get(s->run, "device");
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "run", s->dir);
        if (s->count > 0) {
            cJSON *sh = cJSON_AddObjectToObject(e, "shard");
            cJSON_AddNumberToObject(sh, "index", s->index);
            cJSON_AddNumberToObject(sh, "count", s->count);
        }
        cJSON_AddStringToObject(e, "state", s->state);
        cJSON_AddNumberToObject(e, "wall_s", s->wall_s);
        cJSON_AddNumberToObject(e, "rows", (double)s->kept);
        cJSON_AddNumberToObject(e, "device_index", merge_num(dev, "index"));
        cJSON_AddStringToObject(e, "pci_bus_id", merge_str(dev, "pci_bus_id"));
        cJSON_AddItemToArray(list, e);
        if (s->wall_s > *longest)
            *longest = s->wall_s;
    }
    return list;
}

static cJSON *merged_meta(struct merge *m)
{
    char stamp[RUNDIR_UTC_LEN];
    double longest;
    cJSON *root = cJSON_Duplicate(m->s[0].run, 1);
    cJSON *args = cJSON_CreateArray();
    rundir_utc_now(stamp);
    cJSON_DeleteItemFromObjectCaseSensitive(root, "shard");
    for (int i = 0; i < m->nargs; i++)
        cJSON_AddItemToArray(args, cJSON_CreateString(m->args[i]));
    if (cJSON_IsArray(merge_get(m->s[0].run, "args")))
        set(root, "args", args); /* --resume of an incomplete merge plans the whole sweep */
    else
        cJSON_Delete(args);
    if (m->command_line[0])
        set(root, "command_line", cJSON_CreateString(m->command_line));
    set(root, "updated_utc", cJSON_CreateString(stamp));
    set(root, "state", cJSON_CreateString(merged_state(m)));
    cJSON *from = merged_from(m, &longest);
    set(root, "wall_s", cJSON_CreateNumber(m->o->wall_s >= 0 ? m->o->wall_s : longest));
    set(root, "merged_from", from);
    cJSON *info = cJSON_CreateObject();
    cJSON_AddStringToObject(info, "command_line", m->o->merge_command_line ? m->o->merge_command_line : "");
    cJSON_AddStringToObject(info, "ceilings_from", m->s[0].dir);
    cJSON_AddItemToObject(info, "forced", cJSON_Duplicate(m->forced, 1));
    set(root, "merge", info);
    return root;
}

/* results.csv first, run.json last: a directory with a run.json is whole. */
static int write_out(struct merge *m)
{
    const char *out = m->o->out;
    char path[4200];
    struct atomic_file af;
    sort_m = m;
    qsort(m->rows, m->nrows, sizeof *m->rows, by_plan);
    run_path(path, sizeof path, out, RESULTS_CSV);
    if (atomic_open(&af, path) != 0 || write_rows(m, af.f) != 0 || atomic_finish(&af) != 0 ||
        atomic_commit(&af) != 0) {
        atomic_abort(&af); /* keeps errno */
        snprintf(m->why, m->why_len, "cannot write %s: %s", path, strerror(errno));
        return 1;
    }
    run_path(path, sizeof path, out, SAMPLES_CSV);
    if (atomic_open(&af, path) != 0 || write_samples(m, af.f) != 0 || atomic_finish(&af) != 0 ||
        atomic_commit(&af) != 0) {
        atomic_abort(&af);
        snprintf(m->why, m->why_len, "cannot write %s: %s", path, strerror(errno));
        return 1;
    }
    cJSON *root = merged_meta(m);
    int rc = rundir_write_json(out, root, m->why, m->why_len) == 0 ? 0 : 1;
    cJSON_Delete(root);
    return rc;
}

static void release(struct merge *m)
{
    for (size_t i = 0; i < m->n; i++) {
        cJSON_Delete(m->s[i].run);
        table_free(m->s[i].t);
        samples_free(m->s[i].samples);
        free(m->s[i].col);
    }
    free(m->s);
    free(m->header);
    free(m->rows);
    free(m->args);
    plan_free(&m->plan);
    cJSON_Delete(m->forced);
}

static int merge_loaded(struct merge *m)
{
    /* an OUT that cannot take the merge is refused before anything is said of the shards */
    int rc = prepare_out(m->o->out, 0, m->why, m->why_len);
    if (rc != 0)
        return rc;
    merge_sort_shards(m);
    if (merge_shard_args(&m->s[0], &m->args, &m->nargs) != 0 || !m->forced) {
        snprintf(m->why, m->why_len, "out of memory");
        return 1;
    }
    rc = merge_check_compatible(m);
    if (rc != 0)
        return rc;
    if (build_header(m) != 0 || gather_rows(m) != 0) {
        snprintf(m->why, m->why_len, "out of memory");
        return 1;
    }
    rc = check_duplicates(m);
    if (rc == 0)
        rc = build_plan(m);
    if (rc == 0)
        rc = check_plan(m);
    if (rc == 0)
        rc = prepare_out(m->o->out, 1, m->why, m->why_len);
    if (rc == 0)
        rc = write_out(m);
    return rc;
}

int merge_runs(const struct merge_options *o, char *why, size_t why_len)
{
    struct merge m;
    memset(&m, 0, sizeof m);
    m.o = o;
    m.why = why;
    m.why_len = why_len;
    m.forced = cJSON_CreateArray();
    m.s = calloc(o->nruns + 1, sizeof *m.s);
    if (!m.s || !m.forced) {
        snprintf(why, why_len, "out of memory");
        release(&m);
        return 1;
    }
    int rc = 0;
    for (size_t i = 0; i < o->nruns && rc == 0; i++, m.n++) {
        m.s[i].given = i;
        rc = merge_load_shard(&m.s[i], o->runs[i], why, why_len);
    }
    if (rc == 0)
        rc = merge_loaded(&m);
    if (rc == 0 && o->rows_per_run)
        for (size_t i = 0; i < m.n; i++)
            o->rows_per_run[m.s[i].given] = m.s[i].kept;
    release(&m);
    return rc;
}
