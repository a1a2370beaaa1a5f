/* results.csv: one row per variant x size, appended and flushed as each
 * finishes. The fixed columns come first, then one column per hardware
 * metric, headed by its Perfworks name. Empty cell = not measured. */
#ifndef MMPROF_RESULTS_H
#define MMPROF_RESULTS_H

#include <stdio.h>
#include <stddef.h>

/* The fixed columns, in file order. */
#define RESULTS_FIXED_COLUMNS(X) \
    X(variant) X(family) X(M) X(N) X(K) X(params) X(status) X(reason) \
    X(rel_error) X(runtime_ms) X(min_ms) X(max_ms) X(runs) \
    X(flops) X(bytes_compulsory) X(gflops) X(gbs) \
    X(h2d_ms) X(d2h_ms) X(total_ms) \
    X(threads_per_block) X(grid_blocks) X(regs_per_thread) X(smem_bytes_per_block) \
    X(blocks_per_sm) X(theoretical_occupancy_pct) X(limiter)

enum result_status { STATUS_OK, STATUS_FAILED, STATUS_SKIPPED };

/* A row of `mmprof profile` (one profiled kernel launch of an app, not a
 * variant x size) has params starting with this, then the kernel's name and
 * the launch (profile/profile_row.h). Readers that pair rows by variant and
 * shape pair such rows by their order instead (xcheck/runs.c). */
#define RESULTS_PROFILE_PARAMS "kernel="
/* The longest params cell mmprof writes, NUL included: a profiled launch's
 * whole demangled name, its launch, geometry, stream and NVTX path. */
#define RESULTS_PARAMS_MAX 2048
/* The family of such a row when its kernel was not declared (no variant of
 * the registry, no shape: M = N = K = 0). */
#define RESULTS_FAMILY_KERNEL "kernel"

struct result_row {
    const char *variant;
    const char *family;
    long m, n, k;
    const char *params;
    enum result_status status;
    char reason[256];
    /* NaN in any double = not measured (written as an empty cell) */
    double rel_error;
    double runtime_ms, min_ms, max_ms; /* median, min, max of the timed runs */
    int runs;
    double flops, bytes_compulsory, gflops, gbs;
    double h2d_ms, d2h_ms, total_ms; /* seed 004: transfers and transfers + kernel */
    int threads_per_block;
    long grid_blocks;
    int regs_per_thread;
    long smem_bytes_per_block;
    int blocks_per_sm;
    double theoretical_occupancy_pct;
    const char *limiter; /* resource that limits blocks per SM: threads|registers|shared|blocks */
    double *samples_ms;    /* every timed launch in launch order, for samples.csv; NULL = not timed.
                            * malloc'ed: the collect frees it once the row is written */
    size_t nsamples;
    size_t nmetrics;       /* always the header's metric column count */
    const double *metrics; /* nmetrics values in header order; NULL = none measured */
};

const char *status_name(enum result_status s);
/* Sets r->reason (truncated to fit). */
void row_reason(struct result_row *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void result_row_init(struct result_row *r);

/* Writes the header line: the fixed columns, then metric_names (Perfworks
 * names, or "name (alias)" for an nvprof alias). */
int results_write_header(FILE *f, const char *const *metric_names, size_t nmetrics);
/* Number of fixed columns (before the metric columns). */
size_t results_fixed_count(void);

struct table;
/* The one reader of results.csv: the table at path, or NULL with one sentence
 * in err naming the file, the line and the fix, when it cannot be read, its
 * header lacks collect's fixed columns in order (cut, or not collect's), or
 * its last line is cut short (no newline: a stopped collect, a cut copy). */
struct table *results_read(const char *path, char *err, size_t err_len);

/* One row of ready-made cells (quoted as needed) to f, no sync: for a whole
 * file written through atomic_file (results_rewrite.c). */
void results_put_cells(FILE *f, const char *const *cells, size_t n);
/* Appends one row of ready-made cells (quoted as needed), flushed like
 * results_append; for rows copied from another run (replay, merge). */
int results_append_cells(FILE *f, const char *const *cells, size_t n);

/* Appends one row and flushes it to disk (fsync): whole, or, when the disk
 * cannot take it whole, not at all (-1 with errno). */
int results_append(FILE *f, const struct result_row *r);
/* The same, whole or not at all, but not yet flushed to disk: for rows
 * written together (a profile pass's), made durable at once by results_sync
 * (0, or -1 with errno). */
int results_append_unsynced(FILE *f, const struct result_row *r);
int results_sync(FILE *f);

#endif
