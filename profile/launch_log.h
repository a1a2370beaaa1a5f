/* launches.tsv: every kernel launch the injection library saw, one line each,
 * profiled or not, from every process of the app (appended with O_APPEND, one
 * write() per line, so lines from several processes do not mix):
 *   pid <TAB> launch <TAB> verdict <TAB> runtime_ms <TAB> kernel
 * verdict is filter_verdict_name's, "failed" for a profiled launch whose
 * counters failed, or "listed" for one --list would have profiled;
 * runtime_ms is empty when not timed. The one writer and the one reader;
 * `mmprof profile --list` and "no kernel matched" print its summary. Host C
 * only. */
#ifndef MMPROF_PROFILE_LAUNCH_LOG_H
#define MMPROF_PROFILE_LAUNCH_LOG_H

#include <stddef.h>
#include <stdio.h>

#include "rundir/run_files.h"

#define LAUNCH_LOG_HEADER "pid\tlaunch\tverdict\truntime_ms\tkernel\n"

/* Opens dir/launches.tsv for appending (O_APPEND); -1 with why. */
int launch_log_open(const char *dir, char *why, size_t why_len);
/* Writes the header (a new, empty file); 0, or -1 with why. */
int launch_log_create(const char *dir, char *why, size_t why_len);
/* One line in one write(); 0, or -1. runtime_ms NaN = not timed. Tabs and
 * line breaks in the name become spaces. */
int launch_log_append(int fd, long pid, long launch, const char *verdict, double runtime_ms,
                      const char *kernel);

/* One kernel name's launches. */
struct launch_sum {
    char *kernel;
    long launches, profiled, failed;
    double total_ms; /* over the timed launches */
    long timed;
};

struct launch_summary {
    struct launch_sum *k; /* by total time, then launches, descending */
    size_t n;
    long launches, profiled, failed, processes;
};

/* Reads dir/launches.tsv; 0, or 1 with why (unreadable, malformed line). */
int launch_log_summarize(const char *dir, struct launch_summary *s, char *why, size_t why_len);
void launch_log_summary_free(struct launch_summary *s);
/* The table: kernel, launches, profiled, total and mean time. */
void launch_log_print(FILE *out, const struct launch_summary *s, size_t max_rows);

#endif
