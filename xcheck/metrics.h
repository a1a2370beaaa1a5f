/* The metrics compared (Perfworks names, in the order the table lists
 * them) and how a cell of either tool's output becomes a value. */
#ifndef MMPROF_XCHECK_METRICS_H
#define MMPROF_XCHECK_METRICS_H

#include <stddef.h>

#include "common/str_list.h"

/* Appends name unless it is listed already (a metric named twice would be
 * compared, and counted, twice). 0, or -1 out of memory. */
int xc_metrics_add(struct str_list *m, const char *name);
/* Adds each name of "a,b,c"; empty names are skipped. 0 or -1. */
int xc_metrics_add_list(struct str_list *m, const char *list);

/* A cell as a value: a plain decimal number, optionally with an exponent
 * ("-12", "0.5", "1e+06"). Anything else ("n/a", "", "nan") is not a value:
 * returns -1. Thousands separators are the caller's to remove. */
int xc_parse_value(const char *s, double *out);

#endif
