/* The rows of one variant and shape: each metric's median on side A
 * against side B's, with the spreads, Welch's t and the verdict, then the
 * shared-memory wavefronts net of bank conflicts. */
#ifndef MMPROF_XCHECK_COMPARE_H
#define MMPROF_XCHECK_COMPARE_H

#include <stddef.h>

#include "xcheck/metrics.h"
#include "xcheck/rows.h"
#include "xcheck/series.h"

/* Called for each row, in the table's order. */
typedef void (*xc_emit_fn)(const struct xc_row *row, void *ctx);

/* Compares series a with series b (same variant and shape) over the
 * metrics. floor_sectors: the floor of the DRAM / L2 / LRC totals. */
void xc_compare_series(const struct xc_series *a, const struct xc_series *b, const struct str_list *m,
                       long floor_sectors, xc_emit_fn emit, void *ctx);
/* The shape a row names: a's, or b's where a's has no K (a transpose). */
const struct xc_shape *xc_row_shape(const struct xc_series *a, const struct xc_series *b);

/* The largest robust standard error of the difference of the two medians
 * (stats.h), in percent, over the metrics of the totals' and the elapsed
 * class (a percentage's against its 1-point limit where that is wider, scaled
 * to 2 %), and which metric it is (NULL when none has values on both sides).
 * The --extend-to rule: it looks at the spread only, never at the difference. */
double xc_worst_median_diff_se(const struct xc_series *a, const struct xc_series *b, const struct str_list *m,
                               const char **metric);

#endif
