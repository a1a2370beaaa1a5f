/* Series of samples per variant and shape (series.h). */
#include "xcheck/series.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void xc_side_init(struct xc_side *side, size_t nmetrics)
{
    memset(side, 0, sizeof *side);
    side->nmetrics = nmetrics;
}

int xc_shape_equal(const struct xc_shape *a, const struct xc_shape *b)
{
    return a->m == b->m && a->n == b->n && a->k == b->k;
}

int xc_shape_match(const struct xc_shape *a, const struct xc_shape *b)
{
    return a->m == b->m && a->n == b->n && (a->k == b->k || a->k == 0 || b->k == 0);
}

struct xc_series *xc_side_match(const struct xc_side *side, const char *variant, const struct xc_shape *shape)
{
    for (size_t i = 0; i < side->n; i++)
        if (strcmp(side->series[i].variant, variant) == 0 && xc_shape_match(&side->series[i].shape, shape))
            return &side->series[i];
    return NULL;
}

struct xc_series *xc_side_find(const struct xc_side *side, const char *variant, const struct xc_shape *shape)
{
    for (size_t i = 0; i < side->n; i++)
        if (strcmp(side->series[i].variant, variant) == 0 && xc_shape_equal(&side->series[i].shape, shape))
            return &side->series[i];
    return NULL;
}

static struct xc_series *new_series(struct xc_side *side, const struct xc_sample *s)
{
    if (side->n == side->cap) {
        size_t cap = side->cap ? side->cap * 2 : 64;
        struct xc_series *p = realloc(side->series, cap * sizeof *p);
        if (!p)
            return NULL;
        side->series = p;
        side->cap = cap;
    }
    struct xc_series *r = &side->series[side->n];
    memset(r, 0, sizeof *r);
    snprintf(r->variant, sizeof r->variant, "%s", s->variant);
    r->shape = s->shape;
    size_t nm = side->nmetrics ? side->nmetrics : 1;
    r->values = calloc(nm, sizeof *r->values);
    r->nvalues = calloc(nm, sizeof *r->nvalues);
    r->kernels = calloc(nm, sizeof *r->kernels);
    if (!r->values || !r->nvalues || !r->kernels) {
        free(r->values);
        free(r->nvalues);
        free(r->kernels);
        return NULL;
    }
    side->n++;
    return r;
}

int xc_side_add(struct xc_side *side, const struct xc_sample *s)
{
    struct xc_series *r = xc_side_find(side, s->variant, &s->shape);
    if (!r && !(r = new_series(side, s)))
        return -1;
    for (size_t i = 0; i < side->nmetrics; i++) {
        if (r->kernels[i] == 0)
            r->kernels[i] = s->kernels[i];
        if (isnan(s->value[i]))
            continue;
        double *v = realloc(r->values[i], (r->nvalues[i] + 1) * sizeof *v);
        if (!v)
            return -1;
        v[r->nvalues[i]++] = s->value[i];
        r->values[i] = v;
    }
    r->runs++;
    return 0;
}

void xc_side_free(struct xc_side *side)
{
    for (size_t i = 0; i < side->n; i++) {
        struct xc_series *r = &side->series[i];
        for (size_t j = 0; j < side->nmetrics; j++)
            free(r->values[j]);
        free(r->values);
        free(r->nvalues);
        free(r->kernels);
    }
    free(side->series);
    memset(side, 0, sizeof *side);
}

void xc_shape_text(const struct xc_shape *s, char *buf, size_t len)
{
    snprintf(buf, len, "%ldx%ldx%ld", s->m, s->n, s->k);
}

static int side_of(const char **p, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(*p, &end, 10);
    if (end == *p || errno == ERANGE || v < 1 || **p == '-' || **p == '+')
        return -1;
    *out = v;
    *p = end;
    return 0;
}

int xc_shape_parse(const char *text, struct xc_shape *out)
{
    const char *p = text;
    if (side_of(&p, &out->m) != 0 || *p++ != 'x' || side_of(&p, &out->n) != 0 || *p++ != 'x' ||
        side_of(&p, &out->k) != 0 || *p != '\0')
        return -1;
    return 0;
}
