#include "plots/spread.h"

/* A run of touching labels: the start that puts its members, in order and
 * edge to edge, closest (least squares) to where they want to be. */
struct cluster {
    size_t first, count;
    double size;  /* sum of the members' sizes */
    double sum;   /* sum over members of (want - offset of its centre from the start) */
};

static double start_of(const struct cluster *c)
{
    return c->sum / (double)c->count;
}

/* Indices of want[] in increasing order (n is small: insertion sort). */
static void order_by(const double *want, size_t n, size_t *idx)
{
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j > 0 && want[idx[j - 1]] > want[i]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = i;
    }
}

static size_t build_clusters(const double *want, const double *size, const size_t *idx, size_t n,
                             struct cluster *cl)
{
    size_t nc = 0;
    for (size_t k = 0; k < n; k++) {
        size_t i = idx[k];
        cl[nc] = (struct cluster){k, 1, size[i], want[i] - size[i] / 2};
        nc++;
        /* merge backwards while the new cluster runs into the previous one */
        while (nc > 1 && start_of(&cl[nc - 2]) + cl[nc - 2].size > start_of(&cl[nc - 1])) {
            struct cluster *a = &cl[nc - 2], *b = &cl[nc - 1];
            a->sum += b->sum - (double)b->count * a->size;
            a->count += b->count;
            a->size += b->size;
            nc--;
        }
    }
    return nc;
}

void spread(const double *want, const double *size, size_t n, double lo, double hi, double *at)
{
    size_t idx[SPREAD_MAX];
    struct cluster cl[SPREAD_MAX];
    if (n == 0 || n > SPREAD_MAX)
        return;
    order_by(want, n, idx);
    size_t nc = build_clusters(want, size, idx, n, cl);
    double start[SPREAD_MAX]; /* lower edge of each label, in order */
    for (size_t c = 0; c < nc; c++) {
        double x = start_of(&cl[c]);
        for (size_t k = cl[c].first; k < cl[c].first + cl[c].count; k++) {
            start[k] = x;
            x += size[idx[k]];
        }
    }
    /* keep inside [lo, hi]: push up from lo, then down from hi */
    double edge = lo;
    for (size_t k = 0; k < n; k++) {
        start[k] = start[k] < edge ? edge : start[k];
        edge = start[k] + size[idx[k]];
    }
    edge = hi;
    for (size_t k = n; k-- > 0;) {
        double top = edge - size[idx[k]];
        start[k] = start[k] > top ? top : start[k];
        edge = start[k];
    }
    for (size_t k = 0; k < n; k++)
        at[idx[k]] = start[k] + size[idx[k]] / 2;
}
