/* Cell conventions every seed table shares: a missing, skipped or failed
 * measurement is shown greyed as such, and the best value of a row is bold. */
#ifndef MMPROF_REPORTS_CELLS_H
#define MMPROF_REPORTS_CELLS_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "reports/grid.h"

/* When row is NULL or not ok, writes "—" / its status greyed and returns 0;
 * returns 1 (nothing written) when the caller should write the value. */
int cell_status(struct grid *g, size_t r, size_t col, const struct analysis_row *row);
/* An estimate (the model's, the occupancy API's) written where a run without
 * counters has no measurement: the value with the one marker every table uses. */
#define CELL_ESTIMATE_MARK "est."
void cell_estimate(struct grid *g, size_t r, size_t col, const char *value);
/* Flags as best the lowest (lowest = 1) or highest of v[0..n), which sit in
 * columns first_col.. of row r; NaNs are not candidates, and a lone value
 * is not marked. */
void cell_mark_best(struct grid *g, size_t r, size_t first_col, const double *v, size_t n, int lowest);
/* Row r's cells in columns first_col.. for rows[0..n) (NULL: not measured):
 * value(rows[i]) to sig significant digits, or the status greyed; v[i] gets
 * the value or NaN, and the best (lowest = 1: the lowest) is marked. */
void cell_values(struct grid *g, size_t r, size_t first_col, const struct analysis_row *const *rows, size_t n,
                 double (*value)(const struct analysis_row *), int sig, int lowest, double *v);
/* Index of the lowest / highest finite value of v[0..n), or n when none. */
size_t best_index(const double *v, size_t n, int lowest);

#endif
