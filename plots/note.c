#include "plots/note.h"

#include <stdarg.h>
#include <stdio.h>

#include "common/util.h"

static int notes_quiet;

void plot_notes_quiet(int quiet)
{
    notes_quiet = quiet;
}

void plot_note(const char *fmt, ...)
{
    if (notes_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("mmprof: plot: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void plot_error(const char *fmt, ...)
{
    if (notes_quiet)
        return;
    char text[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    msg_error("plot: %s", text);
}
