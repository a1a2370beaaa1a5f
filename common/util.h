/* Small helpers shared by every command: messages, number parsing, names. */
#ifndef MMPROF_UTIL_H
#define MMPROF_UTIL_H

#include <stddef.h>

/* Exit codes of every mmprof command. */
enum { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

/* "mmprof: ..." on stderr. */
void msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a positive decimal integer in [1, max]; -1 with a reason on error. */
int parse_positive(const char *s, long max, long *out, char *why, size_t why_len);
/* Parses "a,b,c" into up to cap positive integers; returns the count or -1. */
int parse_positive_list(const char *s, long max, long *out, int cap, char *why, size_t why_len);

/* 1 when stderr is a terminal (progress lines are drawn only then). */
int stderr_is_tty(void);
/* Milliseconds since an arbitrary point, monotonic. */
double now_ms(void);
/* Sleeps ms milliseconds, the rest of it again after a signal; nothing for
 * ms <= 0. 0, or -1 when nanosleep fails otherwise. */
int sleep_ms(double ms);

/* "mmprof" and argv joined into one shell-quoted line, for run.json. */
void command_line_join(int argc, char *const *argv, char *buf, size_t len);

#endif
