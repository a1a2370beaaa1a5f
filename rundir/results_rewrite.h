/* results.csv rewritten row by row through a caller's edit (a profile run
 * once its app has ended: profile/row_timing.c, profile/replay_join.c): read
 * through the one reader (results_read), written with the same cells
 * (results_put_cells) through atomic_file, so a reader sees the old file or
 * the new one. */
#ifndef MMPROF_RUNDIR_RESULTS_REWRITE_H
#define MMPROF_RUNDIR_RESULTS_REWRITE_H

#include <stddef.h>

struct table;

#define REWRITE_CELL_MAX 4096

/* Edits row r of t: cells[c] (t's cell at first) may be pointed at text[c],
 * REWRITE_CELL_MAX bytes each, holding a new value. */
typedef void (*rewrite_row_fn)(const struct table *t, size_t r, const char **cells,
                               char (*text)[REWRITE_CELL_MAX], void *arg);

/* 0, or 1 with why. */
int results_rewrite(const char *dir, rewrite_row_fn edit, void *arg, char *why, size_t why_len);


#endif
