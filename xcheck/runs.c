/* Reading collect's results.csv (runs.h) through common/table. */
#include "xcheck/runs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir/launch_params.h"
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

/* The process of the run's first profiled launch, or -1 (a collect run). */
static long first_pid(const struct table *t)
{
    struct launch_params p;
    for (size_t row = 0; row < t->nrows; row++)
        if (launch_params_read(table_str(t, row, table_col(t, "params")), &p) == 0)
            return p.pid;
    return -1;
}

/* The name a row is paired by: its variant, or for a profiled launch its
 * launch, "#L" or "#L@P" (xc_launches, shape 1x1x1): a kernel launched
 * several times is several series. p gets the launch (kernel NULL when the
 * row is a collect row's). */
static const char *row_key(const struct table *t, size_t row, long pid0, char *buf, size_t len,
                           struct xc_shape *shape, struct launch_params *p)
{
    if (launch_params_read(table_str(t, row, table_col(t, "params")), p) != 0) {
        p->kernel = NULL;
        return table_str(t, row, table_col(t, "variant"));
    }
    if (p->pid == pid0)
        snprintf(buf, len, "#%ld", p->launch);
    else
        snprintf(buf, len, "#%ld@%ld", p->launch, p->pid);
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
    long pid0 = first_pid(t);
    int rc = 0;
    for (size_t row = 0; row < t->nrows && rc == 0; row++) {
        struct xc_shape shape = {0, 0, 0};
        struct launch_params p;
        char key[XC_VARIANT_MAX];
        const char *variant = row_key(t, row, pid0, key, sizeof key, &shape, &p);
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

int xc_run_launches(const struct run_view *v, struct xc_launches *out)
{
    const struct table *t = v->results;
    memset(out, 0, sizeof *out);
    long pid0 = first_pid(t);
    if (pid0 < 0)
        return 0;
    out->ref = malloc(t->nrows * sizeof *out->ref);
    out->key = malloc(t->nrows * sizeof *out->key);
    out->gpu_ms = malloc(t->nrows * sizeof *out->gpu_ms);
    out->hz = malloc(t->nrows * sizeof *out->hz);
    if (!out->ref || !out->key || !out->gpu_ms || !out->hz) {
        xc_launches_free(out);
        return -1;
    }
    for (size_t row = 0; row < t->nrows; row++) {
        struct xc_shape shape;
        struct launch_params p;
        if (row_key(t, row, pid0, out->key[out->n], sizeof out->key[out->n], &shape, &p) != out->key[out->n])
            continue; /* a collect row in a merged run */
        out->gpu_ms[out->n] = p.gpu_ms;
        out->hz[out->n] = table_num(t, row, metric_col(t, "sm__cycles_elapsed.avg.per_second"));
        /* another process's launch numbers are not ncu's: it pairs by name alone */
        out->ref[out->n++] = (struct launch_ref){p.kernel, p.pid == pid0 ? p.launch : 0};
    }
    return 0;
}

void xc_launches_free(struct xc_launches *l)
{
    free(l->ref);
    free(l->key);
    free(l->gpu_ms);
    free(l->hz);
    memset(l, 0, sizeof *l);
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
