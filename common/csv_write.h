/* Writing CSV cells the way every file mmprof writes them (results.csv,
 * analysis.csv): text quoted only when it must be, numbers to 15
 * significant digits, and an empty cell for "not measured". */
#ifndef MMPROF_COMMON_CSV_WRITE_H
#define MMPROF_COMMON_CSV_WRITE_H

#include <stddef.h>
#include <stdio.h>

/* Quoted (libcsv's rules) only when it holds a comma, a quote or a line end. */
void csv_put_text(FILE *f, const char *s);
/* Nothing for NaN or an infinity: the cell reads back as "not measured". */
void csv_put_num(FILE *f, double v);
/* The same number as text in buf ("" for NaN and infinities). */
void csv_num_text(char *buf, size_t len, double v);

/* Opens dir/file for appending rows, writing the header line (columns,
 * comma-separated) when the file is new or empty. NULL with why ("cannot
 * open PATH: ..." or "cannot write PATH: ... (disk full?)"). */
FILE *csv_append_open(const char *dir, const char *file, const char *const *columns, size_t ncolumns, char *why,
                      size_t why_len);

/* The header line of columns. 0, or -1 when the write failed. */
int csv_put_header(FILE *f, const char *const *columns, size_t ncolumns);

#endif
