/* ncu's side: the CSV of one ncu process, `ncu --import REP --csv --page
 * details --print-units base`, over `mmprof launch VARIANTS --mnk M,N,K
 * --l2-flush --profile-flush --buffer-offset-mb O1,O2,...`. Launch runs the
 * L2 flush (l2_flush_kernel, then l2_discard_kernel) before each variant at
 * each offset, so sample s is the kernels after the s-th flush kernel, whose
 * own rows are dropped. Samples come in launch's order: every variant at the
 * first offset, then at the second, ... */
#ifndef MMPROF_XCHECK_NCU_CSV_H
#define MMPROF_XCHECK_NCU_CSV_H

#include <stddef.h>

#include "xcheck/metrics.h"
#include "xcheck/series.h"

/* Reads path and adds its samples to side: sample s belongs to
 * variants[s % nvariants] at shape. With flush kernels, their count is the
 * sample count and must be a multiple of nvariants. Without (launch without
 * --profile-flush), the list names every sample, and the kernels split
 * evenly by ID among them. A NULL name drops its sample. Counters (.sum) are summed over a sample's
 * kernels; other metrics are kept only for a sample of one kernel. Values
 * may carry thousands separators ("1,234,567"); "n/a" is not measured.
 * IPC, which ncu prints to two decimals, is taken from sm__inst_executed.sum
 * and sm__cycles_active.sum where the CSV holds them (not in m: ask ncu).
 * *nsamples gets the count. 0, or -1 with one line in err naming the file,
 * the line and the fix. */
int xc_read_ncu(const char *path, const char *const *variants, size_t nvariants, const struct xc_shape *shape,
                const struct str_list *m, struct xc_side *side, size_t *nsamples, char *err, size_t err_len);

/* What to ask ncu for to compare m: m (its first m->n items, in its order),
 * then the counters of each ratio ncu prints rounded, such as IPC's. 0, or -1
 * out of memory. */
int xc_ncu_request(const struct str_list *m, struct str_list *out);

/* An ncu cell as a value: "1,234,567" -> 1234567; -1 when the rest is not a
 * value ("n/a"). */
int xc_ncu_value(const char *cell, double *out);

/* The metric names of path in the order they first appear (the default
 * metric list when no mmprof run is given). 0 or -1 with err. */
int xc_ncu_metric_names(const char *path, struct str_list *out, char *err, size_t err_len);

#endif
