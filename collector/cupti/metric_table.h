/* The metric table (metric_table.txt, embedded): every metric mmprof knows by
 * name, its unit, its nvprof alias and, for derived metrics, its formula. */
#ifndef MMPROF_PROFILER_METRIC_TABLE_H
#define MMPROF_PROFILER_METRIC_TABLE_H

#include <stddef.h>

struct metric_def {
    const char *name;        /* Perfworks name, or the derived metric's name */
    const char *unit;        /* never empty */
    const char *alias;       /* nvprof name, or NULL */
    const char *formula;     /* NULL for a Perfworks metric */
    const char *description; /* one line */
};

/* All entries, in file order; NULL (count 0) when the embedded table is malformed,
 * with the reason in metric_table_error(). Parsed once, on first use. */
const struct metric_def *metric_table(size_t *count);
const char *metric_table_error(void);

/* The entry whose name or alias is name, or NULL. */
const struct metric_def *metric_table_find(const char *name);

#endif
