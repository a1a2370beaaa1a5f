/* Where the comparison goes: the table on stdout and, with --out DIR,
 * DIR/crosscheck.csv (the rows), DIR/not-compared.txt (the variants left
 * out and why) and DIR/failures (a count), the files --join reads back.
 * Each file is written under a temporary name and renamed at the end, so a
 * stopped comparison leaves the previous one whole. */
#ifndef MMPROF_XCHECK_OUTPUT_H
#define MMPROF_XCHECK_OUTPUT_H

#include "common/atomic_file.h"
#include "xcheck/rows.h"
#include "xcheck/summary.h"

struct xc_output {
    const char *out_dir; /* NULL: the table only */
    char label_a[128], label_b[128];
    struct atomic_file csv, not_compared, settings;
    int have_settings;
    struct xc_tally tally;
};

/* Opens the files (creating out_dir when it does not exist). 0, or -1 with
 * the reason on stderr. */
int xc_output_open(struct xc_output *o, const char *out_dir, const char *label_a, const char *label_b);
/* A line of how the runs were measured (--join: the parts' settings.txt). */
void xc_output_setting(struct xc_output *o, const char *line);
void xc_output_header(struct xc_output *o);
void xc_output_not_compared(struct xc_output *o, const char *variant, const char *shape, const char *why);
/* A not-compared line as an earlier comparison wrote it (--join). */
void xc_output_not_compared_line(struct xc_output *o, const char *line);
/* Prints, writes and counts a row. */
void xc_output_row(struct xc_output *o, const struct xc_row *row);
/* "FAIL VARIANT/SHAPE: why" on stderr, counted as a failure. */
void xc_output_fail(struct xc_output *o, const char *variant, const char *shape, const char *why);
/* Writes the failures count, renames the files into place and prints the
 * summary. Returns the exit status: 0, 1 (a miss, a failure, or a file that
 * could not be written). */
int xc_output_close(struct xc_output *o);
/* Drops the temporary files. */
void xc_output_abort(struct xc_output *o);

#endif
