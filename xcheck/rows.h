/* One line of the comparison, as text: the table row printed and the line
 * of crosscheck.csv are the same fields, so that --join can read the CSV
 * of earlier runs back and print and count it the same way. */
#ifndef MMPROF_XCHECK_ROWS_H
#define MMPROF_XCHECK_ROWS_H

#include <stdio.h>

#include "xcheck/series.h"

struct xc_row {
    char variant[XC_VARIANT_MAX];
    char shape[48];       /* MxNxK */
    char metric[256];
    char a[40], b[40];    /* the two medians, %.17g; "" = not measured */
    char diff[32];        /* |a - b| / |b| (/ 1 when b is 0) as "1.2345%", or "-" */
    char limit[32];       /* "0.1%", "2%|8192", "2%|1pp", "-" */
    char result[48];      /* ok, MISS, info, XC_REFEREED; " (N kernels)" when ncu summed several */
    char spread_a[32], spread_b[32]; /* (max - min) / median over the runs, or "" */
    char t[32];           /* Welch's t, "inf", or "" (fewer than 3 runs a side) */
};

#define XC_CSV_FIELDS 11
/* An elapsed-class miss the launch's unprofiled duration settles for mmprof
 * (referee.h): not counted as a miss. */
#define XC_REFEREED "refereed"

/* The column header of the table; labels name the two sides (mmprof, ncu). */
void xc_print_header(FILE *f, const char *label_a, const char *label_b);
void xc_print_row(FILE *f, const struct xc_row *r);
/* "variant - not compared: why" lines, aligned with the table. */
void xc_print_not_compared(FILE *f, const char *variant, const char *shape, const char *why);

void xc_csv_header(FILE *f, const char *label_a, const char *label_b);
void xc_csv_row(FILE *f, const struct xc_row *r);
/* A row from the XC_CSV_FIELDS cells of a crosscheck.csv line. -1 when a
 * field does not fit (a damaged file). */
int xc_row_from_cells(const char *const *cells, struct xc_row *r);

/* A value for the table: integers as they are, others with 6 significant
 * digits, "n/a" when not measured. */
void xc_short_value(const char *text, char *buf, size_t len);

#endif
