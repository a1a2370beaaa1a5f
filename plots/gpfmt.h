/* Text for gnuplot: numbers (NaN is gnuplot's "missing"), quoted strings,
 * and the axis ranges every chart sets itself (so gnuplot never has to
 * autoscale an empty or one-point range). */
#ifndef MMPROF_PLOTS_GPFMT_H
#define MMPROF_PLOTS_GPFMT_H

#include <stddef.h>

#include "plots/strbuf.h"

/* " %.6g", or " NaN" when v is not finite: a .dat column. */
void gp_num(struct strbuf *b, double v);
/* "text" with \ and " escaped and newlines as \n: a gnuplot string or a
 * .dat text column. */
void gp_str(struct strbuf *b, const char *s);

/* A rate for people: "3100 GB/s" becomes "3.1 TB/s", "60000 GFLOP/s"
 * "60 TFLOP/s" (unit is the giga unit: "GB/s" or "GFLOP/s"). */
void human_rate(char *buf, size_t len, double v, const char *unit);

/* Smallest and largest finite positive values seen. */
struct span {
    double lo, hi;
};
void span_init(struct span *s);
void span_add(struct span *s, double v);
int span_empty(const struct span *s);
/* A log axis range around s with at least `pad` times room on each side,
 * its ends rounded outwards to 1, 2 or 5 times a power of ten. */
void span_log_range(const struct span *s, double pad, double *lo, double *hi);
/* The tics of a log axis from lo to hi ("x", "y"): "set ytics auto" when it
 * spans two decades or more (a label a decade reads well), else labels at
 * 1, 2 and 5 times each power of ten inside it (1 to 9 times when those are
 * fewer than three): a narrow range is never left with one label. */
void log_tics(struct strbuf *b, const char *axis, double lo, double hi);

#endif
