/* `mmprof report RUN`: RUN/report.md and one self-contained RUN/report.html
 * with the device and environment, one section per course lab the run
 * covers (each table in its lab's shape), theoretical vs measured CGMA,
 * findings computed from the data, skipped and failed variants, and the
 * charts of `mmprof plot`. */
#ifndef MMPROF_REPORTS_REPORT_H
#define MMPROF_REPORTS_REPORT_H

#include <stddef.h>

/* Writes run_dir/report.md and run_dir/report.html, as `mmprof report` does
 * but printing nothing; baseline_dir (NULL for none) adds the section
 * against that run and its roofline overlay chart. Returns 0, or the exit code (1
 * cannot write, 2 missing or malformed run directory) with one sentence in
 * err naming the problem and the fix. */
int report_write(const char *run_dir, const char *baseline_dir, char *err, size_t err_len);

#endif
