/* Resolves metric specs into raw Perfworks names and output columns. */
#include "collector/cupti/metric_set.h"
#include "rundir/run_files.h"

#include "collector/cupti/metric_group.h"
#include "collector/cupti/metric_table.h"
#include "common/file.h"
#include "common/suggest.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_FILE_MAX (1 << 20) /* an @FILE longer than this is not a metric list */

struct add_ctx {
    struct metric_set *ms;
    char *err;
    size_t err_len;
};

void metric_set_init(struct metric_set *ms)
{
    memset(ms, 0, sizeof *ms);
}

static void free_column(struct metric_column *c)
{
    free(c->header);
    free(c->name);
}

/* Drops raw names and columns beyond the given counts (undoing a failed add). */
static void truncate_set(struct metric_set *ms, size_t nraw, size_t ncols)
{
    while (ms->nraw > nraw)
        free((char *)ms->raw[--ms->nraw]);
    while (ms->ncols > ncols)
        free_column(&ms->cols[--ms->ncols]);
}

void metric_set_free(struct metric_set *ms)
{
    truncate_set(ms, 0, 0);
    free(ms->raw);
    free(ms->cols);
    free(ms->headers);
    metric_set_init(ms);
}

static char *dup_str(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d)
        strcpy(d, s);
    return d;
}

/* Index of name in ms->raw, appending it when new; -1 when out of memory. */
static long add_raw(struct metric_set *ms, const char *name)
{
    for (size_t i = 0; i < ms->nraw; i++)
        if (strcmp(ms->raw[i], name) == 0)
            return (long)i;
    if (ms->nraw == ms->cap_raw) {
        size_t cap = ms->cap_raw ? 2 * ms->cap_raw : 32;
        const char **raw = realloc(ms->raw, cap * sizeof *raw);
        if (!raw)
            return -1;
        ms->raw = raw;
        ms->cap_raw = cap;
    }
    char *copy = dup_str(name);
    if (!copy)
        return -1;
    ms->raw[ms->nraw] = copy;
    return (long)ms->nraw++;
}

static int has_header(const struct metric_set *ms, const char *header)
{
    for (size_t i = 0; i < ms->ncols; i++)
        if (strcmp(ms->cols[i].header, header) == 0)
            return 1;
    return 0;
}

/* Takes ownership of c's strings (frees them on failure). */
static int push_column(struct metric_set *ms, struct metric_column *c)
{
    if (ms->ncols == ms->cap_cols) {
        size_t cap = ms->cap_cols ? 2 * ms->cap_cols : 32;
        struct metric_column *cols = realloc(ms->cols, cap * sizeof *cols);
        if (!cols) {
            free_column(c);
            return METRIC_SET_NO_MEMORY;
        }
        ms->cols = cols;
        const char **headers = realloc(ms->headers, cap * sizeof *headers);
        if (!headers) {
            free_column(c);
            return METRIC_SET_NO_MEMORY;
        }
        ms->headers = headers;
        ms->cap_cols = cap;
    }
    ms->cols[ms->ncols] = *c;
    /* headers[] points into cols[], which may have moved: rebuild it */
    ms->ncols++;
    for (size_t i = 0; i < ms->ncols; i++)
        ms->headers[i] = ms->cols[i].header;
    return METRIC_SET_OK;
}

static int is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.';
}

/* Perfworks names read unit__counter.rollup[.submetric]: "__" and a '.' after it. */
static int perfworks_shape(const char *name, int *has_rollup)
{
    for (const char *p = name; *p; p++)
        if (!is_name_char(*p))
            return 0;
    const char *sep = strstr(name, "__");
    if (!sep || sep == name)
        return 0;
    *has_rollup = strchr(sep + 2, '.') != NULL;
    return 1;
}

/* Formula inputs must be Perfworks metrics: no aliases, no derived metrics. */
static long resolve_raw(const char *name, void *vctx)
{
    struct add_ctx *ctx = vctx;
    int rollup = 0;
    if (!perfworks_shape(name, &rollup) || !rollup)
        return -1;
    return add_raw(ctx->ms, name);
}

static int unknown_name(struct add_ctx *ctx, const char *name)
{
    struct suggest s;
    suggest_init(&s, name);
    size_t n;
    const struct metric_def *t = metric_table(&n);
    for (size_t i = 0; i < n; i++) {
        suggest_offer(&s, t[i].name);
        if (t[i].alias)
            suggest_offer(&s, t[i].alias);
    }
    for (size_t i = 0; i < metric_group_count(); i++)
        suggest_offer(&s, metric_group_name(i));
    char close[3 * SUGGEST_NAME_MAX];
    suggest_format(&s, close, sizeof close);
    if (close[0])
        snprintf(ctx->err, ctx->err_len,
                 "unknown metric '%s' (closest: %s); `mmprof info --metrics PATTERN` lists "
                 "the chip's metrics",
                 name, close);
    else
        snprintf(ctx->err, ctx->err_len,
                 "unknown metric '%s'; `mmprof info --metrics PATTERN` lists the chip's "
                 "metrics and the groups",
                 name);
    return METRIC_SET_BAD_SPEC;
}

static int add_derived(struct add_ctx *ctx, const struct metric_def *d)
{
    struct metric_column c = {0};
    size_t len = strlen(d->name) + strlen(d->formula) + 4;
    c.header = malloc(len);
    c.name = dup_str(d->name);
    if (!c.header || !c.name) {
        free_column(&c);
        return METRIC_SET_NO_MEMORY;
    }
    snprintf(c.header, len, "%s = %s", d->name, d->formula);
    if (has_header(ctx->ms, c.header)) {
        free_column(&c);
        return METRIC_SET_OK;
    }
    c.unit = d->unit;
    c.description = d->description;
    c.kind = METRIC_DERIVED;
    c.formula = d->formula;
    if (formula_compile(d->formula, resolve_raw, ctx, &c.compiled, ctx->err, ctx->err_len) != 0) {
        free_column(&c);
        return METRIC_SET_BAD_SPEC; /* a broken table entry; the unit tests keep it out */
    }
    return push_column(ctx->ms, &c);
}

static int add_raw_column(struct add_ctx *ctx, const char *perfworks, const char *alias,
                          const struct metric_def *d)
{
    struct metric_column c = {0};
    size_t len = strlen(perfworks) + (alias ? strlen(alias) + 4 : 0) + 1;
    c.header = malloc(len);
    c.name = dup_str(alias ? alias : perfworks);
    if (!c.header || !c.name) {
        free_column(&c);
        return METRIC_SET_NO_MEMORY;
    }
    if (alias)
        snprintf(c.header, len, "%s (%s)", perfworks, alias);
    else
        snprintf(c.header, len, "%s", perfworks);
    if (has_header(ctx->ms, c.header)) {
        free_column(&c);
        return METRIC_SET_OK;
    }
    long idx = add_raw(ctx->ms, perfworks);
    if (idx < 0) {
        free_column(&c);
        return METRIC_SET_NO_MEMORY;
    }
    c.kind = METRIC_RAW;
    c.raw = (size_t)idx;
    c.unit = d ? d->unit : "";
    c.description = d ? d->description : "";
    return push_column(ctx->ms, &c);
}

static int add_name(const char *name, void *vctx)
{
    struct add_ctx *ctx = vctx;
    const struct metric_def *d = metric_table_find(name);
    if (d && d->formula)
        return add_derived(ctx, d);
    if (d) {
        int by_alias = strcmp(d->name, name) != 0;
        return add_raw_column(ctx, d->name, by_alias ? d->alias : NULL, d);
    }
    if (strncmp(name, "launch__", 8) == 0) {
        snprintf(ctx->err, ctx->err_len,
                 "metric '%s' is Nsight Compute-only and CUPTI cannot collect it; the launch "
                 "configuration is in " RESULTS_CSV " (threads_per_block, grid_blocks, "
                 "regs_per_thread, ...)",
                 name);
        return METRIC_SET_BAD_SPEC;
    }
    int rollup = 0;
    if (!perfworks_shape(name, &rollup))
        return unknown_name(ctx, name);
    if (!rollup) {
        snprintf(ctx->err, ctx->err_len,
                 "metric '%s' needs a rollup such as .sum, .avg, .max or .pct; "
                 "`mmprof info --metrics %s` shows what it offers",
                 name, name);
        return METRIC_SET_BAD_SPEC;
    }
    return add_raw_column(ctx, name, NULL, NULL);
}

static int add_file(struct add_ctx *ctx, const char *path)
{
    char *text;
    switch (file_read_all(path, LIST_FILE_MAX, &text, NULL, NULL, 0)) {
    case FILE_READ_OK:
        break;
    case FILE_READ_OPEN:
        snprintf(ctx->err, ctx->err_len, "cannot read metric list '%s': %s", path, strerror(errno));
        return METRIC_SET_BAD_SPEC;
    case FILE_READ_IO:
        snprintf(ctx->err, ctx->err_len, "cannot read metric list '%s'", path);
        return METRIC_SET_BAD_SPEC;
    case FILE_READ_TOO_LARGE:
        snprintf(ctx->err, ctx->err_len, "metric list '%s' is larger than %d bytes", path, LIST_FILE_MAX);
        return METRIC_SET_BAD_SPEC;
    case FILE_READ_NO_MEMORY:
    default:
        return METRIC_SET_NO_MEMORY;
    }
    int rc = metric_list_foreach(text, add_name, ctx, ctx->err, ctx->err_len);
    free(text);
    return rc < 0 ? METRIC_SET_BAD_SPEC : rc;
}

static int add_item(struct add_ctx *ctx, const char *item)
{
    if (item[0] == '@')
        return add_file(ctx, item + 1);
    const char *group = metric_group_text(item);
    if (group) {
        int rc = metric_list_foreach(group, add_name, ctx, ctx->err, ctx->err_len);
        return rc < 0 ? METRIC_SET_BAD_SPEC : rc;
    }
    return add_name(item, ctx);
}

/* Applies spec to ms; on error ms is back as it was. */
static int add_spec(struct metric_set *ms, const char *spec, char *err, size_t err_len)
{
    size_t table_n;
    if (!metric_table(&table_n)) {
        snprintf(err, err_len, "%s", metric_table_error());
        return METRIC_SET_BAD_SPEC;
    }
    struct add_ctx ctx = {ms, err, err_len};
    size_t nraw = ms->nraw, ncols = ms->ncols;
    int items = 0, rc = METRIC_SET_OK;
    const char *p = spec ? spec : "";
    while (rc == METRIC_SET_OK && *p) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        while (n && isspace((unsigned char)*p)) {
            p++;
            n--;
        }
        while (n && isspace((unsigned char)p[n - 1]))
            n--;
        if (n) {
            char *item = malloc(n + 1);
            if (!item) {
                rc = METRIC_SET_NO_MEMORY;
                break;
            }
            memcpy(item, p, n);
            item[n] = '\0';
            rc = add_item(&ctx, item);
            free(item);
            items++;
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    if (rc == METRIC_SET_OK && items == 0) {
        char groups[256] = "";
        for (size_t i = 0, used = 0; i < metric_group_count() && used < sizeof groups; i++) {
            int w = snprintf(groups + used, sizeof groups - used, "%s%s", i ? ", " : "",
                             metric_group_name(i));
            used += w > 0 ? (size_t)w : 0;
        }
        snprintf(err, err_len, "empty metric list: give metric names, @FILE or a group (%s)",
                 groups);
        rc = METRIC_SET_BAD_SPEC;
    }
    if (rc == METRIC_SET_NO_MEMORY)
        snprintf(err, err_len, "out of memory reading the metric list");
    if (rc != METRIC_SET_OK)
        truncate_set(ms, nraw, ncols);
    return rc;
}

int metric_set_parse(struct metric_set *ms, const char *spec, char *err, size_t err_len)
{
    struct metric_set fresh;
    metric_set_init(&fresh);
    int rc = add_spec(&fresh, spec, err, err_len);
    if (rc != METRIC_SET_OK) {
        metric_set_free(&fresh);
        return rc;
    }
    metric_set_free(ms);
    *ms = fresh;
    return METRIC_SET_OK;
}

int metric_set_add(struct metric_set *ms, const char *spec, char *err, size_t err_len)
{
    return add_spec(ms, spec, err, err_len);
}

void metric_set_evaluate(const struct metric_set *ms, const double *raw, double *columns)
{
    for (size_t i = 0; i < ms->ncols; i++) {
        const struct metric_column *c = &ms->cols[i];
        columns[i] = c->kind == METRIC_RAW ? raw[c->raw] : formula_eval(&c->compiled, raw);
    }
}
