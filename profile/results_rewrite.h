/* results.csv of a profile run rewritten once the app has ended, row by row
 * through a caller's edit (row_timing.h, replay_join.h): read through the
 * one reader (results_read), written cell by cell with the same quoting,
 * synced once, then renamed over the file, so a reader sees the old file or
 * the new one. Host C only. */
#ifndef MMPROF_PROFILE_RESULTS_REWRITE_H
#define MMPROF_PROFILE_RESULTS_REWRITE_H

#include <stddef.h>

struct table;

#define REWRITE_CELL_MAX 4096

/* Edits row r of t: cells[c] (t's cell at first) may be pointed at text[c],
 * REWRITE_CELL_MAX bytes each, holding a new value. */
typedef void (*rewrite_row_fn)(const struct table *t, size_t r, const char **cells,
                               char (*text)[REWRITE_CELL_MAX], void *arg);

/* 0, or 1 with why. */
int results_rewrite(const char *dir, rewrite_row_fn edit, void *arg, char *why, size_t why_len);

/* A number as results.c writes it ("" for NaN) into cell. */
void rewrite_num(char *cell, size_t len, double v);

#endif
