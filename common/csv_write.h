/* Writing CSV cells the way every file mmprof writes them (results.csv,
 * analysis.csv): text quoted only when it must be, numbers to 15
 * significant digits, and an empty cell for "not measured". */
#ifndef MMPROF_COMMON_CSV_WRITE_H
#define MMPROF_COMMON_CSV_WRITE_H

#include <stdio.h>

/* Quoted (libcsv's rules) only when it holds a comma, a quote or a line end. */
void csv_put_text(FILE *f, const char *s);
/* Nothing for NaN or an infinity: the cell reads back as "not measured". */
void csv_put_num(FILE *f, double v);

#endif
