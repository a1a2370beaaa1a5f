/* A file written under a temporary name in its final directory and renamed
 * into place only when complete: a reader (a browser, a CI upload) never
 * sees half a report, and a failed run leaves the previous one intact. */
#ifndef MMPROF_REPORTS_ATOMIC_H
#define MMPROF_REPORTS_ATOMIC_H

#include <stdio.h>
#include <stddef.h>

struct atomic_file {
    FILE *f;
    char tmp[1200], path[1200];
};

/* Opens dir/.name.XXXXXX for writing. 0, or -1 with err. */
int atomic_open(struct atomic_file *a, const char *dir, const char *name, char *err, size_t err_len);
/* Flushes and syncs the temporary file (0, or -1 with err); the rename is atomic_commit's. */
int atomic_finish(struct atomic_file *a, char *err, size_t err_len);
/* Renames the finished file over dir/name. 0, or -1 with err. */
int atomic_commit(struct atomic_file *a, char *err, size_t err_len);
/* Closes and removes the temporary file (safe after a failed finish). */
void atomic_abort(struct atomic_file *a);

#endif
