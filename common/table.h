/* A CSV file read whole into memory (results.csv, analysis.csv), with
 * look-ups by column name. Parsing goes through libcsv. */
#ifndef MMPROF_TABLE_H
#define MMPROF_TABLE_H

#include <stddef.h>

struct table {
    size_t ncols, nrows;
    char **header;   /* ncols names */
    char ***cells;   /* nrows x ncols strings, never NULL ("" when empty) */
};

/* Reads path; on failure returns NULL and writes one sentence into err. A file
 * whose rows have a different number of cells than its header is an error. */
struct table *table_read(const char *path, char *err, size_t err_len);
void table_free(struct table *t);

/* Column index by exact name, or -1. */
int table_col(const struct table *t, const char *name);
/* Cell text ("" when col < 0). */
const char *table_str(const struct table *t, size_t row, int col);
/* Cell as a number; NaN when empty, not a number, or col < 0. */
double table_num(const struct table *t, size_t row, int col);

#endif
