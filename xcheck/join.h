/* --join: the tables of cross-checks run over disjoint variant sets (a
 * device that allows 10 minutes a command) as one: their settings lines,
 * what they did not compare, their rows and failures, counted again. */
#ifndef MMPROF_XCHECK_JOIN_H
#define MMPROF_XCHECK_JOIN_H

#include <stddef.h>

/* Joins the cross-checks, each a directory (with the crosscheck.csv,
 * settings.txt, not-compared.txt and failures a comparison with --out
 * writes) or a comparison's CSV file of any name, and prints them as one; out (NULL: none) gets the same four files.
 * Returns the exit status: 0, 1 (a miss or failure), 2 (a damaged or
 * missing input, one line on stderr). */
int xc_join(const char *const *dirs, size_t ndirs, const char *out);

#endif
