/* Scratch run directories for the rundir tests: a copy of a committed run's
 * files in a fresh /tmp folder. */
#ifndef MMPROF_TESTS_RUNDIR_RUN_COPY_H
#define MMPROF_TESTS_RUNDIR_RUN_COPY_H

#include <stddef.h>

/* A new empty folder in /tmp; dir needs 64 bytes. */
void run_make_empty(char *dir, size_t len);
/* A new folder holding from's files (not its folders), e.g. examples/seeds. */
void run_copy(const char *from, char *dir, size_t len);
void run_write(const char *dir, const char *name, const char *text);
void run_unlink(const char *dir, const char *name);
void run_remove(const char *dir);

#endif
