/* Helpers for the report and diff tests: throw-away copies of a run
 * directory, edits of their results.csv and run.json, and a subcommand run
 * with its output captured. */
#ifndef MMPROF_TESTS_REPORTS_RUN_DIR_H
#define MMPROF_TESTS_REPORTS_RUN_DIR_H

#include <stddef.h>

#define FIXTURE MMPROF_SOURCE_DIR "/tests/reports/fixtures/h200_subset"
#define EXAMPLE MMPROF_SOURCE_DIR "/examples/seeds"
/* A real H100 `collect --source` run (naive, tiled_t16, tr_naive at 2048):
 * its source.csv names the kernels' files under /work/main/kernels. */
#define SOURCE_FIXTURE MMPROF_SOURCE_DIR "/tests/reports/fixtures/source-h100"
#define SOURCE_FIXTURE_KERNELS "/work/main/kernels/"

struct captured {
    int rc;
    char *out, *err; /* malloc'd, NUL-terminated */
};

/* A fresh copy of src (its files and plots/) in a new temporary directory,
 * written into dir. Fails the test on error. */
void run_copy(const char *src, char *dir, size_t len);
/* Removes a directory made by run_copy and everything in it. */
void run_remove(const char *dir);
int run_has(const char *dir, const char *name);
/* The whole of dir/name (malloc'd), or NULL. */
char *run_read(const char *dir, const char *name);
/* 1 when dir holds a file whose name starts with '.' (a temporary left behind). */
int run_has_hidden(const char *dir);

/* results.csv edits, by variant and M (the fixture has one row of each). */
void csv_scale(const char *dir, const char *variant, long m, const char *column, double factor);
void csv_set(const char *dir, const char *variant, long m, const char *column, const char *value);
void csv_drop(const char *dir, const char *variant, long m);
/* Replaces the first occurrence of `from` in dir/run.json by `to`. */
void json_replace(const char *dir, const char *from, const char *to);
/* Replaces every occurrence of `from` in dir/name by `to`; returns how many. */
size_t text_replace_all(const char *dir, const char *name, const char *from, const char *to);
/* SOURCE_FIXTURE's source.csv copied into dir, its kernels' paths under
 * kernels (a folder ending in '/'): runs with PC samples, readable or not. */
void run_add_source(const char *dir, const char *kernels);

/* Runs main(argc, argv) with stdout and stderr captured. */
void capture(int (*main_fn)(int, char **), int argc, const char **argv, struct captured *c);
/* `mmprof report dir`, which must succeed; its report.md (free it). */
char *report_md(const char *dir, struct captured *c);
void captured_free(struct captured *c);

/* A row of `mmprof diff`'s table from at, with its indented "changed:"
 * lines joined by single spaces, into buf. Returns buf. */
char *diff_row_text(const char *at, char *buf, size_t len);

#endif
