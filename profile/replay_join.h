/* Application replay, once every run has ended: the runs' launches are
 * paired (each process's launches in order, processes in the order they
 * first launched; kernel name, grid and block must agree), each profiled
 * launch's raw values are joined over the runs' config images and its row's
 * metric columns computed from them (metric_set_evaluate). From the first
 * launch where a run differs from the first run, nothing is paired: those
 * rows fail, saying so, the rows before keep their counters, and the
 * difference is named. The runs' replay-K.tsv are removed when every run
 * paired. Host C only. */
#ifndef MMPROF_PROFILE_REPLAY_JOIN_H
#define MMPROF_PROFILE_REPLAY_JOIN_H

#include <stddef.h>

#include "collector/cupti/metric_set.h"

/* images: the runs (config images 0 .. images-1); metrics: the metric set's
 * spec (--metrics). 0 when every run paired; 1 with why naming the first
 * differing launch, or what could not be read, parsed or written. */
int replay_join(const char *dir, long images, const char *metrics, char *why, size_t why_len);

#endif
