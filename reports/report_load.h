/* Everything a report is built from, loaded from a run directory. */
#ifndef MMPROF_REPORTS_REPORT_LOAD_H
#define MMPROF_REPORTS_REPORT_LOAD_H

#include <stddef.h>

#include "reports/context.h"

/* Loads the run's view (results.csv, run.json, source.csv when the run has
 * one, and parts: RUN_VIEW_SAMPLES for a baseline) and its analysis, in
 * memory: nothing is written. Returns 0, 2 for a missing or malformed run
 * directory or one without rows, 1 when out of memory; err gets one
 * sentence naming the problem and the fix. */
int report_load(struct report_ctx *c, const char *run_dir, unsigned parts, char *err, size_t err_len);
void report_unload(struct report_ctx *c);
/* The charts in RUN/plots (after the report drew them), with a warning
 * naming any older than results.csv. */
void report_scan_plots(struct report_ctx *c);

#endif
