/* Prose in a terminal: words on lines of at most a width, so tables and
 * their notes stay within the 120 columns the project's outputs keep to. */
#ifndef MMPROF_COMMON_WRAP_H
#define MMPROF_COMMON_WRAP_H

#include <stddef.h>
#include <stdio.h>

/* The width of every terminal table and its notes. */
#define WRAP_WIDTH 120

/* Prints text from column col on (what the line already holds), broken at
 * spaces before width; lines after the first start with indent spaces; then
 * a newline. A word longer than a line is cut across lines. */
void wrap_print(FILE *f, size_t col, const char *text, int indent, size_t width);

#endif
