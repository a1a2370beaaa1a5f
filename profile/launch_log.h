/* launches.tsv: every kernel launch the injection library saw, one line each,
 * profiled or not, from every process of the app (appended with O_APPEND, one
 * write() per line, so lines from several processes do not mix):
 *   pid  launch  correlation  verdict  gpu_ms  grid  block  kernel
 * correlation is CUPTI's id of the launch call (a graph's nodes share their
 * graph launch's); verdict is filter_verdict_name's, "failed" for a profiled
 * launch whose counters failed, or "listed" for one --list would have
 * profiled; gpu_ms is the launch's own run on the GPU, unprofiled, from
 * CUPTI's activity records (launch_times.h fills it once the app has ended;
 * empty when no record came); grid and block are "X,Y,Z". The one writer and
 * the one reader; `--list` and "no kernel matched" print its summary. */
#ifndef MMPROF_PROFILE_LAUNCH_LOG_H
#define MMPROF_PROFILE_LAUNCH_LOG_H

#include <stddef.h>
#include <stdio.h>

#include "rundir/run_files.h"

#define LAUNCH_LOG_HEADER "pid\tlaunch\tcorrelation\tverdict\tgpu_ms\tgrid\tblock\tkernel\n"
#define LAUNCH_LOG_LINE_MAX 2048

struct launch_line {
    long pid, launch;
    unsigned long correlation;
    const char *verdict;
    double gpu_ms; /* NaN = no activity record */
    unsigned grid[3], block[3];
    const char *kernel;
};

/* Opens dir/launches.tsv for appending (O_APPEND); -1 with why. */
int launch_log_open(const char *dir, char *why, size_t why_len);
/* Writes the header (a new, empty file); 0, or -1 with why. */
int launch_log_create(const char *dir, char *why, size_t why_len);
/* The line of l (newline included) into buf; its length, or -1 when it does
 * not fit. Tabs and line breaks in the kernel's name become spaces. */
int launch_log_format(char *buf, size_t len, const struct launch_line *l);
/* One line in one write(); 0, or -1. */
int launch_log_append(int fd, const struct launch_line *l);
/* Parses one line (without its newline; modified in place: l's strings
 * point into it); 0, or -1 when it is not a launches.tsv line. */
int launch_log_parse(char *line, struct launch_line *l);

/* One kernel name's launches. */
struct launch_sum {
    char *kernel;
    long launches, profiled, failed;
    long timed;        /* launches with gpu_ms */
    double total_ms;   /* over the timed launches */
    double *ms;        /* the timed launches' gpu_ms, sorted once summarised */
    size_t ms_cap;
};

struct launch_summary {
    struct launch_sum *k; /* by total time, then launches, descending */
    size_t n;
    long launches, profiled, failed, processes, timed;
    double total_ms;      /* GPU time of every timed launch */
};

/* Reads dir/launches.tsv; 0, or 1 with why (unreadable, malformed line). */
int launch_log_summarize(const char *dir, struct launch_summary *s, char *why, size_t why_len);
void launch_log_summary_free(struct launch_summary *s);
/* The table: launches, profiled, GPU time total, share, median, min, max,
 * kernel. */
void launch_log_print(FILE *out, const struct launch_summary *s, size_t max_rows);

/* Median of ms[0..n) sorted ascending; NaN for n = 0. */
double launch_log_median(const double *ms, size_t n);

#endif
