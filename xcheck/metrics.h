/* The metrics compared (Perfworks names, in the order the table lists
 * them) and how a cell of either tool's output becomes a value. */
#ifndef MMPROF_XCHECK_METRICS_H
#define MMPROF_XCHECK_METRICS_H

#include <stddef.h>

struct xc_metrics {
    char **name;
    size_t n, cap;
};

/* Appends name unless it is listed already (a metric named twice would be
 * compared, and counted, twice). 0, or -1 out of memory. */
int xc_metrics_add(struct xc_metrics *m, const char *name);
/* Adds each name of "a,b,c"; empty names are skipped. 0 or -1. */
int xc_metrics_add_list(struct xc_metrics *m, const char *list);
/* Index of name, or -1. */
int xc_metrics_find(const struct xc_metrics *m, const char *name);
void xc_metrics_free(struct xc_metrics *m);

/* A cell as a value: a plain decimal number, optionally with an exponent
 * ("-12", "0.5", "1e+06"). Anything else ("n/a", "", "nan") is not a value:
 * returns -1. Thousands separators are the caller's to remove. */
int xc_parse_value(const char *s, double *out);

#endif
