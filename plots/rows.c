/* Small questions the charts ask of a row. */
#include <string.h>

#include "rundir/results.h"
#include "common/shape_text.h"
#include "plots/plot_data.h"

int row_ok(const struct plot_row *r)
{
    return strcmp(r->status, "ok") == 0;
}

int row_failed(const struct plot_row *r)
{
    return strcmp(r->status, "failed") == 0;
}

/* The registry decides; the family column only for variants it does not know. */
int row_is_matmul(const struct plot_row *r)
{
    return r->v ? r->v->family == FAMILY_MATMUL : strcmp(r->family, "matmul") == 0;
}

int row_is_user_kernel(const struct plot_row *r)
{
    return !r->v && strcmp(r->family, RESULTS_FAMILY_KERNEL) == 0;
}

int row_is_transpose(const struct plot_row *r)
{
    return r->v ? r->v->family == FAMILY_TRANSPOSE : strcmp(r->family, "transpose") == 0;
}

void row_shape_text(const struct plot_row *r, char *buf, size_t len)
{
    shape_text(buf, len, r->m, r->n, r->k);
}

double row_volume(const struct plot_row *r)
{
    return (double)r->m * (double)r->n * (double)(r->k > 0 ? r->k : 1);
}

int row_same_shape(const struct plot_row *a, const struct plot_row *b)
{
    return a->m == b->m && a->n == b->n && a->k == b->k;
}

static long registry_index(const struct variant *v)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    return v ? (long)(v - all) : (long)n;
}

int row_order(const struct plot_row *a, const struct plot_row *b)
{
    long ia = registry_index(a->v), ib = registry_index(b->v);
    if (ia != ib)
        return ia < ib ? -1 : 1;
    return strcmp(a->variant, b->variant);
}

static int before(const struct plot_data *d, size_t a, size_t b)
{
    int c = row_order(&d->rows[a], &d->rows[b]);
    return c < 0 || (c == 0 && row_volume(&d->rows[a]) < row_volume(&d->rows[b]));
}

/* Insertion sort: a run has tens to a few hundred rows. */
void rows_sort(const struct plot_data *d, size_t *idx, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        size_t v = idx[i], j = i;
        while (j > 0 && before(d, v, idx[j - 1])) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

size_t rows_largest_each(const struct plot_data *d, row_filter want, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        const struct plot_row *r = &d->rows[i];
        if (!want(r))
            continue;
        size_t j = 0;
        while (j < n && strcmp(d->rows[idx[j]].variant, r->variant) != 0)
            j++;
        if (j == n)
            idx[n++] = i;
        else if (row_volume(r) > row_volume(&d->rows[idx[j]]))
            idx[j] = i;
    }
    rows_sort(d, idx, n);
    return n;
}

size_t rows_shapes(const struct plot_data *d, row_filter want, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nrows; i++) {
        size_t j = 0;
        while (j < n && !row_same_shape(&d->rows[idx[j]], &d->rows[i]))
            j++;
        if (want(&d->rows[i]) && j == n)
            idx[n++] = i;
    }
    for (size_t i = 1; i < n; i++) { /* by problem size */
        size_t v = idx[i], j = i;
        while (j > 0 && row_volume(&d->rows[v]) < row_volume(&d->rows[idx[j - 1]])) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
    return n;
}
