#include "plots/note.h"

#include <stdarg.h>
#include <stdio.h>

void plot_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mmprof: plot: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
