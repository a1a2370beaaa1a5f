/* Once the app has ended and launches.tsv has its GPU times: each profile
 * row of results.csv gets the unprofiled timing of all its launches. A
 * launch belongs to the row of the latest profiled launch of its kernel
 * (name, grid, block) in its process, so with one profiled launch per
 * kernel its row holds every launch of it, and with every launch profiled
 * each row holds its own. The row's runs = launches, runtime_ms = their
 * median, min_ms, max_ms, total_ms = their sum (gflops and gbs from the
 * median); params gains gpu_ms=, the profiled launch's own unprofiled run;
 * the reason notes when the counters' elapsed time
 * (sm__cycles_elapsed.avg / .per_second) is more than ROW_TIMING_DRIFT_PCT
 * off the row's median, plus ROW_TIMING_SERIAL_SLACK_MS with serial kernel
 * timing (a serial record holds ~2 us beyond the kernel's run, which would
 * flag kernels under ~70 us, and tip others over). results.csv is rewritten whole (a new file renamed over it).
 * Each row's launch times also go to samples.csv, in launch order, for
 * diff's intervals, when no other row has its key (variant and size: an
 * undeclared kernel's size is 0x0x0, so two rows of one kernel name share
 * it and get none). Host C only. */
#ifndef MMPROF_PROFILE_ROW_TIMING_H
#define MMPROF_PROFILE_ROW_TIMING_H

#include <stddef.h>

#include "profile/settings.h"

#define ROW_TIMING_DRIFT_PCT 3.0
#define ROW_TIMING_SERIAL_SLACK_MS 0.003

/* timing: how the launches were timed. 0, or 1 with why. A run without
 * results.csv (--list) is left alone. */
int row_timing_apply(const char *dir, enum kernel_timing timing, char *why, size_t why_len);

#endif
