/* printf into a string of the right size. */
#ifndef MMPROF_REPORTS_TEXT_H
#define MMPROF_REPORTS_TEXT_H

#include <stdarg.h>

/* A malloc'd string, or NULL when out of memory. */
char *text_vformat(const char *fmt, va_list ap);

#endif
