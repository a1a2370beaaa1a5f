/* How closely each metric must agree between the two sides, and the verdict
 * of one comparison. The classes and why each metric is in its class are in
 * common/metric_class.c and docs/fidelity.md. */
#ifndef MMPROF_XCHECK_TOLERANCE_H
#define MMPROF_XCHECK_TOLERANCE_H

#include <stddef.h>

#include "common/metric_class.h"

/* Default --floor-sectors: medians of 5 placements of a few-microsecond
 * kernel move by up to ~7 000 sectors under either tool (docs/fidelity.md). */
#define XC_FLOOR_SECTORS_DEFAULT 8192 /* no L suffix: help text spells it (HELP_STR) */
/* The exact class's limit, relative (0.1 %). */
#define XC_EXACT_REL 0.001
/* The totals' and the elapsed class's limit, relative (2 %); a percentage of
 * the elapsed class may also differ by XC_ELAPSED_POINTS. */
#define XC_REL 0.02
#define XC_ELAPSED_POINTS 1.0
/* Bytes per sector, for the floor of the byte totals. */
#define XC_SECTOR_BYTES 32L

/* The elapsed class's limit for metric against reference value b, relative
 * to |b| (to 1 when b is 0): XC_REL, or the points where they allow more. */
double xc_elapsed_limit_rel(const char *metric, double b);

/* The limit column: "0.1%", "2%|8192", "2%|1pp", "-". */
void xc_limit_text(enum metric_class c, long floor_sectors, char *buf, size_t len);

enum xc_verdict { XC_OK, XC_MISS, XC_INFO_ONLY };

/* Verdict of side a's value against side b's (b is the reference: the
 * relative difference is |a - b| / |b| (/ 1 when b is 0), written to *rel). A missing
 * value (NaN) is a miss unless the metric is information only. */
enum xc_verdict xc_judge(enum metric_class c, const char *metric, double a, double b, long floor_sectors, double *rel);

#endif
