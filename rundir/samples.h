/* samples.csv: every timed launch of a run, beside results.csv. One line
 * per variant x size:
 *
 *   variant,M,N,K,ms
 *   naive,1024,1024,1024,0.349 0.348 0.351 ...
 *
 * ms holds the launch times in launch order, in milliseconds, separated by
 * single spaces (results.csv's runtime_ms, min_ms and max_ms are their
 * median, min and max). A row's line is written and flushed to disk before
 * its results.csv row, so every timed row of results.csv has one. A line
 * whose row never reached results.csv (a collect killed between the two) is
 * never asked for; when a key appears twice (--resume timed the row again)
 * the last line wins. Runs collected before samples.csv existed, rows that
 * were not timed and replayed rows have no line: diff then says so and
 * falls back to the runs' min/max (docs/diff.md). */
#ifndef MMPROF_COMMON_SAMPLES_H
#define MMPROF_COMMON_SAMPLES_H

#include <stddef.h>
#include <stdio.h>

#include "rundir/run_files.h"

/* Opens dir/samples.csv for appending lines, writing the header when the
 * file is new or empty (a resumed run collected before samples.csv gets
 * one). NULL with why when it cannot be opened or written. */
FILE *samples_open(const char *dir, char *why, size_t why_len);

/* Writes the header line (for a file written whole: merge). */
int samples_write_header(FILE *f);

/* Appends one line and flushes it to disk (fflush + fsync). */
int samples_append(FILE *f, const char *variant, long m, long n, long k, const double *ms, size_t count);

struct samples;

/* The one reader of samples.csv. 0 with *out = NULL when dir has no
 * samples.csv (an older run); 0 with *out; or -1 with one sentence in err
 * naming the file, the line and the fix (not a samples.csv, a time that is
 * not a non-negative number, a line cut short). */
int samples_read(const char *dir, struct samples **out, char *err, size_t err_len);

/* The launch times of variant at M x N x K in launch order (count set), or
 * NULL when the run has none for it. s may be NULL (no file). */
const double *samples_find(const struct samples *s, const char *variant, long m, long n, long k, size_t *count);

void samples_free(struct samples *s);

#endif
