/* Whole-file writes that a reader (a browser, a script reading analysis.csv,
 * --resume reading run.json) or a crash never sees half done: the data goes
 * to a temporary file beside the destination (same file system, so the
 * rename is atomic), is synced, and is renamed over it. A failure leaves the
 * previous file intact.
 *
 * The steps are separate so that a caller can write with stdio, and can
 * rename several files together only once every one is complete (the
 * report's .md and .html). The steps set errno and leave the message to the
 * caller, whose wording names what it was writing. */
#ifndef MMPROF_COMMON_ATOMIC_FILE_H
#define MMPROF_COMMON_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

struct atomic_file {
    FILE *f;         /* the temporary file; NULL once finished or aborted */
    char tmp[4200];  /* DIR/.NAME.XXXXXX */
    char path[4200]; /* DIR/NAME */
};

/* Creates the temporary beside path, mode 0644 like the run's other files
 * (mkstemp makes 0600), open for writing in a->f. 0, or -1 with errno
 * (ENAMETOOLONG when path does not fit). */
int atomic_open(struct atomic_file *a, const char *path);
/* Flushes, syncs and closes the temporary (the rename is atomic_commit's).
 * 0, or -1 with errno (the first error: a failed write reports ENOSPC, not
 * what fclose said after it). */
int atomic_finish(struct atomic_file *a);
/* Renames the finished temporary over path; removes it on failure.
 * 0, or -1 with errno. */
int atomic_commit(struct atomic_file *a);
/* Closes and removes the temporary (safe after any step, and twice). */
void atomic_abort(struct atomic_file *a);

/* All the steps for len bytes of text. 0, or -1 with one sentence in err:
 * "cannot create a file beside PATH: ..." or "cannot write PATH: ...". */
int atomic_write(const char *path, const char *text, size_t len, char *err, size_t err_len);

#endif
