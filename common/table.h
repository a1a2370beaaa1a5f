/* A CSV file read whole into memory (results.csv, analysis.csv), with
 * look-ups by column name. Parsing goes through libcsv. */
#ifndef MMPROF_TABLE_H
#define MMPROF_TABLE_H

#include <stddef.h>

struct table {
    size_t ncols, nrows;
    char **header;   /* ncols names */
    char ***cells;   /* nrows x ncols strings, never NULL ("" when empty) */
    /* 1-based record numbers, for messages that name a line: the header's and
     * each row's. A record is a line unless a quoted field spans lines. */
    size_t header_line;
    size_t *row_line; /* nrows */
    /* 1 when the file does not end with a newline: its last line may have
     * been cut short (every file mmprof writes ends with one). */
    int last_line_open;
};

/* Reads path; on failure returns NULL and writes one sentence into err. A file
 * whose rows have a different number of cells than its header is an error. */
struct table *table_read(const char *path, char *err, size_t err_len);
/* Like table_read, but the header is the first record whose first field is
 * first_cell; the records before it are skipped (the notes a tool prints
 * before its table: ncu's "==PROF==" and "==WARNING==" lines). A file with
 * no such record is an error. */
struct table *table_read_from(const char *path, const char *first_cell, char *err, size_t err_len);
/* Like table_read_from, but a row shorter than the header that holds the
 * column named through gets "" for the cells it lacks (ncu's details CSV
 * writes rows without their trailing empty rule fields); a row cut before
 * through, or longer than the header, is still an error. */
struct table *table_read_from_padded(const char *path, const char *first_cell, const char *through, char *err,
                                     size_t err_len);
void table_free(struct table *t);

/* 0 when t's first n columns are columns[0..n), in order; else -1 with
 * "PATH line L: column C is 'X', not 'Y': " and then `then` (what the file
 * is not, and the fix) in err. */
int table_check_header(const struct table *t, const char *const *columns, size_t n, const char *path,
                       const char *then, char *err, size_t err_len);

/* Column index by exact name, or -1. */
int table_col(const struct table *t, const char *name);
/* Cell text ("" when col < 0). */
const char *table_str(const struct table *t, size_t row, int col);
/* Cell as a number; NaN when empty, not a number, or col < 0. */
double table_num(const struct table *t, size_t row, int col);

#endif
