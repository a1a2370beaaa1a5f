/* What `mmprof source` and the report show of one sampled source line: where
 * it is, its top stall reasons and its text. The lineinfo paths of a cubin
 * name the files as they were when the kernels were built, which may not
 * exist where the run is read. */
#ifndef MMPROF_SOURCE_TEXT_H
#define MMPROF_SOURCE_TEXT_H

#include <stddef.h>

#include "stalls/source_profile.h"

/* Stall reasons shown per line, and lines per kernel unless asked for more. */
#define SOURCE_STALLS_PER_LINE 3
#define SOURCE_TOP_LINES 5

/* Line `line` (1-based) of file into buf, leading blanks and the newline
 * removed, cut to len - 1 bytes. 0, or -1 when the file cannot be read or is
 * shorter (buf then says why, in parentheses). */
int source_text_line(const char *file, long line, char *buf, size_t len);

/* "matmul_naive.cu:19" (the file's base name), or "(no line)". */
char *source_line_where(const struct source_line *l, char *buf, size_t len);
/* The line's first SOURCE_STALLS_PER_LINE reasons with their shares of the
 * line: "lg_throttle 35%, long_scoreboard 21%, not_selected 21%". */
char *source_line_stalls(const struct source_line *l, char *buf, size_t len);

#endif
