/* Scratch run directories for the plot tests: `mmprof plot` writes into
 * the run directory, so every test works on a copy in /tmp. */
#ifndef MMPROF_TESTS_PLOTS_RUN_DIR_H
#define MMPROF_TESTS_PLOTS_RUN_DIR_H

#include <stddef.h>

#define SYNTHETIC_RUN MMPROF_SOURCE_DIR "/tests/plots/fixtures/synthetic_run"
#define ABOVE_ROOF_RUN MMPROF_SOURCE_DIR "/tests/plots/fixtures/above_roof"
#define EXAMPLE_RUN MMPROF_SOURCE_DIR "/examples/seeds"
/* A real H100 `collect --source` run: its source.csv feeds the stalls chart. */
#define SOURCE_RUN MMPROF_SOURCE_DIR "/tests/reports/fixtures/source-h100"

/* A new empty directory /tmp/mmprof_plot_XXXXXX in dir. */
void run_make_empty(char *dir, size_t len);
/* A copy of run directory from's results.csv, run.json and (when there)
 * analysis.csv and source.csv in a new directory. */
void run_copy(const char *from, char *dir, size_t len);
/* The same files of from into the existing directory dir. */
void run_copy_files(const char *from, const char *dir);
/* SOURCE_RUN's PC samples (source.csv) into dir: every chart then has data. */
void run_add_source(const char *dir);
/* Removes dir, its plots/ and their files. */
void run_remove(const char *dir);

/* Whole file into a new NUL-terminated buffer (free it), or NULL. */
char *slurp(const char *path);
void write_text(const char *dir, const char *name, const char *text);
int file_exists(const char *path);

/* Runs `mmprof plot` with args (NULL-terminated, after "plot"); stderr
 * is captured into err (truncated to err_len). Returns the exit code. */
int run_plot(char *err, size_t err_len, ...);

#endif
