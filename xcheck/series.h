/* What one side of the comparison measured: per variant and shape (a
 * series), each metric's values over the runs (placements), one sample a
 * run. Medians and spreads are taken over a series. */
#ifndef MMPROF_XCHECK_SERIES_H
#define MMPROF_XCHECK_SERIES_H

#include <stddef.h>

#define XC_VARIANT_MAX 64

struct xc_shape {
    long m, n, k;
};

/* One variant at one shape and placement, as one tool measured it. */
struct xc_sample {
    const char *variant;
    struct xc_shape shape;
    const double *value; /* per metric; NaN = not measured */
    const int *kernels;  /* per metric: kernels summed into the value */
};

struct xc_series {
    char variant[XC_VARIANT_MAX];
    struct xc_shape shape;
    size_t runs;      /* samples added */
    double **values;  /* per metric: the numeric values, up to runs of them */
    size_t *nvalues;  /* per metric */
    int *kernels;     /* per metric: from the first sample that had it; 0 = none */
};

struct xc_side {
    size_t nmetrics;
    struct xc_series *series; /* in the order first seen */
    size_t n, cap;
};

/* An empty side for nmetrics metrics. */
void xc_side_init(struct xc_side *side, size_t nmetrics);
/* Adds a sample to its series (made when new). 0, or -1 out of memory. */
int xc_side_add(struct xc_side *side, const struct xc_sample *s);
struct xc_series *xc_side_find(const struct xc_side *side, const char *variant, const struct xc_shape *shape);
/* The first series of the variant at a shape that xc_shape_match()es. */
struct xc_series *xc_side_match(const struct xc_side *side, const char *variant, const struct xc_shape *shape);
void xc_side_free(struct xc_side *side);

int xc_shape_equal(const struct xc_shape *a, const struct xc_shape *b);
/* The same launch: equal, or equal M and N where one K is 0. A transpose
 * has no K (results.csv says 0) and runs at any --mnk's M and N. */
int xc_shape_match(const struct xc_shape *a, const struct xc_shape *b);
/* "MxNxK", as the table prints it. */
void xc_shape_text(const struct xc_shape *s, char *buf, size_t len);
/* Parses "MxNxK" (positive whole numbers). 0, or -1. */
int xc_shape_parse(const char *text, struct xc_shape *out);

#endif
