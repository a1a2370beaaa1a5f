/* The columns of analysis.csv, in file order (documented in README.md).
 * One table drives the CSV writer, the JSON output and the tests. */
#ifndef MMPROF_ANALYSIS_COLUMNS_H
#define MMPROF_ANALYSIS_COLUMNS_H

#include <stddef.h>

#include "analysis/analysis.h"

struct column {
    const char *name;
    double (*num)(const struct analysis_row *r);       /* NULL for a text column */
    const char *(*text)(const struct analysis_row *r); /* NULL for a numeric column */
};

const struct column *analysis_columns(size_t *count);
/* The column named so, or NULL. */
const struct column *analysis_column(const char *name);

#endif
