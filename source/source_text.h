/* The text of one line of a source file, for `mmprof source` and the report:
 * the lineinfo paths of a cubin name the files as they were when the kernels
 * were built, which may not exist where the run is read. */
#ifndef MMPROF_SOURCE_TEXT_H
#define MMPROF_SOURCE_TEXT_H

#include <stddef.h>

/* Line `line` (1-based) of file into buf, leading blanks and the newline
 * removed, cut to len - 1 bytes. 0, or -1 when the file cannot be read or is
 * shorter (buf then says why, in parentheses). */
int source_text_line(const char *file, long line, char *buf, size_t len);

#endif
