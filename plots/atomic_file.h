/* Whole-file writes that a reader (or a crash) never sees half done: the
 * text goes to a temporary file in the same directory, is synced, and is
 * renamed over the destination. */
#ifndef MMPROF_PLOTS_ATOMIC_FILE_H
#define MMPROF_PLOTS_ATOMIC_FILE_H

#include <stddef.h>

/* Writes len bytes of text to path. 0, or -1 with one sentence in err. */
int atomic_write(const char *path, const char *text, size_t len, char *err, size_t err_len);

#endif
