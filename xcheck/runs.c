/* Reading collect's results.csv (runs.h) through common/table. */
#include "xcheck/runs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir/results.h"
#include "rundir/run_view.h"
#include "common/table.h"
#include "rundir/run_files.h"

#define FIX_RUN "pass a run directory of `mmprof collect`, or collect it again"

/* A metric's column: its Perfworks name, or "name (alias)" for an nvprof
 * alias. -1 when the run has none. */
static int metric_col(const struct table *t, const char *metric)
{
    size_t len = strlen(metric);
    for (size_t c = 0; c < t->ncols; c++) {
        const char *h = t->header[c];
        if (strncmp(h, metric, len) == 0 && (h[len] == '\0' || strncmp(h + len, " (", 2) == 0))
            return (int)c;
    }
    return -1;
}

static int shape_of(const struct table *t, size_t row, struct xc_shape *s)
{
    double v[3] = {table_num(t, row, table_col(t, "M")), table_num(t, row, table_col(t, "N")),
                   table_num(t, row, table_col(t, "K"))};
    for (int i = 0; i < 3; i++) /* K is 0 for a transpose */
        if (!(v[i] >= (i == 2 ? 0 : 1) && v[i] == floor(v[i])))
            return -1;
    s->m = (long)v[0];
    s->n = (long)v[1];
    s->k = (long)v[2];
    return 0;
}

/* The name a row is paired by: its variant, or for a profiled launch "#N",
 * its place among the run's rows (shape 1x1x1): ncu profiling the same app
 * with the same filters sees the same launches in the same order, and a
 * kernel launched several times is several series. */
static const char *row_key(const struct table *t, size_t row, char *buf, size_t len,
                           struct xc_shape *shape)
{
    if (strncmp(table_str(t, row, table_col(t, "params")), RESULTS_PROFILE_PARAMS,
                strlen(RESULTS_PROFILE_PARAMS)) != 0)
        return table_str(t, row, table_col(t, "variant"));
    snprintf(buf, len, "#%zu", row + 1);
    *shape = (struct xc_shape){1, 1, 1};
    return buf;
}

static int keep_status(struct xc_statuses *st, const struct table *t, size_t row, const char *variant,
                       const struct xc_shape *shape)
{
    if (xc_status_find(st, variant, shape))
        return 0;
    if (st->n == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 64;
        struct xc_status *p = realloc(st->s, cap * sizeof *p);
        if (!p)
            return -1;
        st->s = p;
        st->cap = cap;
    }
    struct xc_status *s = &st->s[st->n++];
    snprintf(s->variant, sizeof s->variant, "%s", variant);
    s->shape = *shape;
    snprintf(s->status, sizeof s->status, "%s", table_str(t, row, table_col(t, "status")));
    snprintf(s->reason, sizeof s->reason, "%s", table_str(t, row, table_col(t, "reason")));
    return 0;
}

static int add_sample(struct xc_side *side, const struct table *t, size_t row, const struct str_list *m,
                      const char *variant, const struct xc_shape *shape)
{
    double *value = malloc((m->n ? m->n : 1) * sizeof *value);
    int *kernels = malloc((m->n ? m->n : 1) * sizeof *kernels);
    int rc = -1;
    if (value && kernels) {
        for (size_t i = 0; i < m->n; i++) {
            int col = metric_col(t, m->item[i]);
            if (col < 0 || xc_parse_value(table_str(t, row, col), &value[i]) != 0)
                value[i] = NAN;
            kernels[i] = 1; /* collect: one auto range per kernel, one value a metric */
        }
        struct xc_sample s = {variant, *shape, value, kernels};
        rc = xc_side_add(side, &s);
    }
    free(value);
    free(kernels);
    return rc;
}

int xc_read_run(const struct run_view *v, const struct str_list *m, struct xc_side *side, struct xc_statuses *st,
                char *err, size_t err_len)
{
    char path[1100];
    run_path(path, sizeof path, v->dir, RESULTS_CSV);
    const struct table *t = v->results;
    int rc = 0;
    for (size_t row = 0; row < t->nrows && rc == 0; row++) {
        struct xc_shape shape = {0, 0, 0};
        char key[32];
        const char *variant = row_key(t, row, key, sizeof key, &shape);
        if (variant[0] == '\0' || (variant != key && shape_of(t, row, &shape) != 0)) {
            snprintf(err, err_len, "%s line %zu: no variant name or no whole M, N, K; %s", path, t->row_line[row],
                     FIX_RUN);
            rc = -1;
            break;
        }
        if (st && keep_status(st, t, row, variant, &shape) != 0)
            rc = -1;
        else if (side && strcmp(table_str(t, row, table_col(t, "status")), "ok") == 0)
            rc = add_sample(side, t, row, m, variant, &shape);
        if (rc != 0)
            snprintf(err, err_len, "out of memory reading %s", path);
    }
    return rc;
}

int xc_run_metric_names(const struct run_view *v, struct str_list *out, char *err, size_t err_len)
{
    const struct table *t = v->results;
    static const char *const fixed[] = {
#define NAME(c) #c,
        RESULTS_FIXED_COLUMNS(NAME)
#undef NAME
    };
    int rc = 0;
    for (size_t c = 0; c < t->ncols && rc == 0; c++) {
        int is_fixed = 0;
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
            is_fixed |= strcmp(t->header[c], fixed[i]) == 0;
        if (is_fixed)
            continue;
        char name[256]; /* "name (alias)" -> name */
        snprintf(name, sizeof name, "%.*s", (int)strcspn(t->header[c], " "), t->header[c]);
        rc = xc_metrics_add(out, name);
    }
    if (rc != 0)
        snprintf(err, err_len, "out of memory reading %s/" RESULTS_CSV, v->dir);
    return rc;
}

const struct xc_status *xc_status_find(const struct xc_statuses *st, const char *variant,
                                       const struct xc_shape *shape)
{
    for (size_t i = 0; i < st->n; i++)
        if (strcmp(st->s[i].variant, variant) == 0 && xc_shape_equal(&st->s[i].shape, shape))
            return &st->s[i];
    return NULL;
}

void xc_statuses_free(struct xc_statuses *st)
{
    free(st->s);
    memset(st, 0, sizeof *st);
}
