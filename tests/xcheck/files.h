/* Helpers for the xcheck tests: a scratch directory with files written
 * from strings, and a command run with its output captured. */
#ifndef MMPROF_TESTS_XCHECK_FILES_H
#define MMPROF_TESTS_XCHECK_FILES_H

#include <stddef.h>

/* A new scratch directory (fails the test on error); removed by scratch_remove. */
void scratch_make(char *dir, size_t len);
void scratch_remove(const char *dir);
/* Writes text to dir/name, creating dir/name's directory one level deep;
 * path (optional) gets the file's path. */
void scratch_write(const char *dir, const char *name, const char *text, char *path, size_t path_len);

struct captured {
    int rc;
    char *out, *err; /* malloc'd */
};
void capture(int (*main_fn)(int, char **), int argc, const char **argv, struct captured *c);
void captured_free(struct captured *c);

#endif
