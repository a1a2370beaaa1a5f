/* collect --source: after a row is measured (and its counters read), one
 * more launch of its kernel under PC sampling, its samples appended to the
 * run's source.csv (rundir/source_csv.h). Private to collector/. */
#ifndef MMPROF_SOURCE_PASS_H
#define MMPROF_SOURCE_PASS_H

#include "collector/collect_loop.h"
#include "collector/workload.h"

/* Before any kernel module loads (the cubins are taken as they load): right
 * after the device count is known. Without PC sampling here (rights, another
 * profiler) it says so once and the run goes on without source lines.
 * Returns 0, or EXIT_RUNTIME when --source cannot even start. */
int source_pass_open(struct run *r);

/* Right after the device's context exists, before any kernel's first launch:
 * PC sampling enabled on it, so that every kernel module loads while it is
 * (pc_sampling.h). 0, or EXIT_RUNTIME as source_pass_open. */
int source_pass_attach(struct run *r);

/* Before the Range Profiler measures: PC sampling disabled until the next
 * source_pass_row. */
void source_pass_pause(struct run *r);

/* Opens dir/source.csv once the run directory exists. 0 or EXIT_RUNTIME. */
int source_pass_start(struct run *r);

/* Samples its kernel when row verified on the GPU; the Range Profiler is
 * suspended meanwhile. A refusal or failure is said and stops the sampling
 * for the rest of the run, without failing it. -1 only when source.csv
 * cannot be written. */
int source_pass_row(struct run *r, struct workload *w, const struct plan_item *it, const struct result_row *row);

void source_pass_close(struct run *r);

#endif
