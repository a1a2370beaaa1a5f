/* results.csv read raw beside its analysis, row for row: the counters and
 * columns the analysis does not carry (L2/DRAM sectors, shared wavefronts,
 * min/max times, transfers) are read from it. */
#ifndef MMPROF_REPORTS_RAW_ROWS_H
#define MMPROF_REPORTS_RAW_ROWS_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "common/table.h"

/* Reads run_dir/results.csv and checks that row i is a->rows[i]. Returns
 * the table, or NULL with err (unreadable, or changed since the analysis read it). */
struct table *raw_rows_read(const char *run_dir, const struct analysis *a, char *err, size_t err_len);

#endif
