/* A test backend behind collect's device boundary: rows are copied from a
 * recorded run instead of measured, so sharding, resume, merge and the Slurm
 * job can be tested on machines without a GPU. Production never uses it
 * (only the hidden option --replay-from selects it). */
#ifndef MMPROF_REPLAY_H
#define MMPROF_REPLAY_H

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdio.h>

#include "rundir/results.h"
#include "model/registry.h"
#include "rundir/device_info.h"

struct replay;

/* Loads dir/run.json and dir/results.csv; fills d with the recorded device. */
int replay_open(struct replay **rp, const char *dir, struct device_info *d, char *why, size_t why_len);
size_t replay_metric_count(const struct replay *rp);
const char *const *replay_metric_headers(const struct replay *rp);
/* The recorded "ceilings" object (NULL when the run had none). */
const cJSON *replay_ceilings(const struct replay *rp);
/* Copies the recorded row of (v, s) into results, its fixed columns and its
 * first nmetrics counter columns (replay_metric_count(), or 0 for a collect
 * without counters); when the recording has no such row, writes a failed row
 * saying so. summary gets status, timing and reason for the progress line. */
int replay_row(struct replay *rp, const struct variant *v, const struct shape *s, size_t nmetrics, FILE *results,
               struct result_row *summary);
void replay_close(struct replay *rp);

#endif
