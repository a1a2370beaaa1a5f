/* Finding rows of the run by variant, shape and kind. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/columns.h"
#include "analysis/metric_ids.h"
#include "rundir/results.h"
#include "common/shape_text.h"
#include "reports/context.h"

struct shape row_shape(const struct analysis_row *r)
{
    struct shape s = {r->m, r->n, r->k};
    return s;
}

int row_is_ok(const struct analysis_row *r)
{
    return strcmp(r->status, "ok") == 0;
}

static int same_shape(const struct shape *a, const struct shape *b)
{
    return a->m == b->m && a->n == b->n && a->k == b->k;
}

const struct analysis_row *ctx_row(const struct report_ctx *c, const char *variant, const struct shape *s)
{
    for (size_t i = 0; i < c->a.nrows; i++) {
        struct shape rs = row_shape(&c->a.rows[i]);
        if (strcmp(c->a.rows[i].variant, variant) == 0 && same_shape(&rs, s))
            return &c->a.rows[i];
    }
    return NULL;
}

const struct analysis_row *ctx_ok_row(const struct report_ctx *c, const char *variant, const struct shape *s)
{
    const struct analysis_row *r = ctx_row(c, variant, s);
    return r && row_is_ok(r) ? r : NULL;
}

/* Problem volume: the order a reader expects sizes in. */
static double volume(const struct shape *s)
{
    return (double)s->m * (double)s->n * (double)(s->k > 0 ? s->k : 1);
}

static int by_volume(const void *a, const void *b)
{
    double va = volume(a), vb = volume(b);
    return (va > vb) - (va < vb);
}

size_t ctx_shapes(const struct report_ctx *c, row_pred pred, const void *arg, struct shape *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < c->a.nrows && n < cap; i++) {
        if (!pred(&c->a.rows[i], arg))
            continue;
        struct shape s = row_shape(&c->a.rows[i]);
        size_t j = 0;
        while (j < n && !same_shape(&out[j], &s))
            j++;
        if (j == n)
            out[n++] = s;
    }
    qsort(out, n, sizeof *out, by_volume);
    return n;
}

int ctx_any(const struct report_ctx *c, row_pred pred, const void *arg)
{
    for (size_t i = 0; i < c->a.nrows; i++)
        if (pred(&c->a.rows[i], arg))
            return 1;
    return 0;
}

static int in_run(const struct report_ctx *c, const struct variant *v)
{
    for (size_t i = 0; i < c->a.nrows; i++)
        if (c->a.rows[i].v == v)
            return 1;
    return 0;
}

size_t ctx_variants(const struct report_ctx *c, variant_pred pred, const void *arg, const struct variant **out,
                    size_t cap)
{
    size_t total, n = 0;
    const struct variant *all = registry_all(&total);
    for (size_t i = 0; i < total && n < cap; i++)
        if (pred(&all[i], arg) && in_run(c, &all[i]))
            out[n++] = &all[i];
    return n;
}

double ctx_raw(const struct report_ctx *c, const struct analysis_row *r, const char *column)
{
    size_t i = (size_t)(r - c->a.rows);
    return metric_value(c->results, i, column);
}

int ctx_is_profile(const struct report_ctx *c)
{
    const char *command = meta_str(&c->meta, "command");
    return command && strcmp(command, "profile") == 0;
}

const char *ctx_row_noun(const struct report_ctx *c)
{
    return ctx_is_profile(c) ? "kernel" : "variant";
}

int ctx_has_counters(const struct report_ctx *c)
{
    return c->results && c->results->ncols > results_fixed_count();
}

double ctx_column(const struct analysis_row *r, const char *column)
{
    const struct column *c = analysis_column(column);
    return c && c->num ? c->num(r) : NAN;
}

char *shape_label(char *buf, size_t len, const struct shape *s)
{
    return shape_text(buf, len, s->m, s->n, s->k);
}

struct grid *ctx_grid(struct report_ctx *c, const char *const *heads, size_t ncols, const char *caption_fmt, ...)
{
    va_list ap;
    va_start(ap, caption_fmt);
    struct grid *g = grid_vnew(ncols, caption_fmt, ap);
    va_end(ap);
    if (!g) {
        c->doc.failed = 1;
        return NULL;
    }
    if (heads)
        grid_heads(g, heads);
    return g;
}
