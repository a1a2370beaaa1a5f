/* A new run directory: made, never over an existing run, and its
 * results.csv opened for rows (rundir/run_json.h writes its run.json). */
#ifndef MMPROF_RUN_CREATE_H
#define MMPROF_RUN_CREATE_H

#include <stddef.h>
#include <stdio.h>

/* 0 when path may become a new run: missing or an empty directory; else 2
 * with why (a file, or a directory that holds files). Checked before
 * anything else, device included, so the answer does not depend on the GPU. */
int rundir_check_new(const char *path, char *why, size_t why_len);

/* Makes a directory for a new run. out NULL = results/<UTC time>-<gpu>, or
 * -<gpu>-2, -3 ... when a run started in the same second has that name.
 * An existing, non-empty directory is refused (a run is never overwritten).
 * Returns 0, 2 for bad usage (exists), 1 for a runtime failure. */
int rundir_create(const char *out, const char *gpu_name, char *path, size_t path_len, char *why,
                  size_t why_len);

/* Opens dir/results.csv for appending rows (made when missing) and holds the
 * run's lock until it is closed: a second collect into dir, a new run or a
 * --resume, is refused rather than interleaving its rows. fresh: a new run,
 * so the directory must hold nothing else. NULL with why and *usage 1 when
 * the run is another's (locked, or holds its files), 0 when it cannot open. */
FILE *rundir_open_results(const char *dir, int fresh, int *usage, char *why, size_t why_len);
/* Opens dir/results.csv to append rows without taking the run's lock: for
 * the processes of an app under `mmprof profile`, which add rows side by
 * side, each row in one write (results_append). NULL with why. */
FILE *rundir_append_results(const char *dir, char *why, size_t why_len);

#endif
