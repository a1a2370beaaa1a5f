/* Metric sets: what `--metrics` / `--add-metrics` ask for, resolved into the raw
 * Perfworks metrics CUPTI must collect and the output columns computed from them.
 *
 * A spec is a comma-separated list whose items are
 *   GROUP     a group name (default, roofline, stalls, nvprof: groups/NAME.txt)
 *   @FILE     a group file or a plain list of names
 *   NAME      a Perfworks metric ("dram__bytes_read.sum"), an nvprof alias from the
 *             metric table ("gld_transactions") or a derived metric ("flop_count_sp")
 *
 * Columns and their CSV headers:
 *   Perfworks name      "dram__bytes_read.sum"
 *   nvprof alias        "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum (gld_transactions)"
 *   derived metric      "flop_count_sp = smsp__..._fadd_pred_on.sum + ... + 2 * ..."
 * A Perfworks name outside the metric table is accepted here when it is
 * well formed; the chip decides whether it exists (profiler_open,
 * profiler_offline_check). */
#ifndef MMPROF_PROFILER_METRIC_SET_H
#define MMPROF_PROFILER_METRIC_SET_H

#include <stddef.h>
#include <stdio.h>

#include "collector/cupti/formula.h"

enum metric_set_result {
    METRIC_SET_OK = 0,
    METRIC_SET_NO_MEMORY = 1,
    /* An unknown name, an unreadable @FILE, an empty list: a usage error. The
     * value is 2 so that the CLI can exit with it directly. */
    METRIC_SET_BAD_SPEC = 2,
};

enum metric_kind { METRIC_RAW, METRIC_DERIVED };

struct metric_column {
    char *header;            /* CSV header, see above */
    char *name;              /* as requested: Perfworks name, alias or derived name */
    const char *unit;        /* from the metric table; "" when the table does not know it */
    const char *description; /* from the metric table; "" when the table does not know it */
    enum metric_kind kind;
    size_t raw;              /* METRIC_RAW: index into metric_set.raw */
    const char *formula;     /* METRIC_DERIVED: the formula's text */
    struct formula compiled; /* METRIC_DERIVED */
};

struct metric_set {
    size_t nraw;
    const char **raw;     /* unique Perfworks names to collect, in order of first use */
    size_t ncols;
    struct metric_column *cols;
    const char **headers; /* ncols column headers (for results_write_header) */
    size_t cap_raw, cap_cols;
};

void metric_set_init(struct metric_set *ms);
void metric_set_free(struct metric_set *ms);

/* Replaces ms with the metrics of spec (--metrics). On error ms is unchanged and
 * err holds one sentence, e.g. "unknown metric 'gld_transacion' (closest:
 * gld_transactions, gst_transactions); `mmprof info --metrics` lists them". */
int metric_set_parse(struct metric_set *ms, const char *spec, char *err, size_t err_len);

/* Appends the metrics of spec (--add-metrics); names already present are skipped.
 * On error ms is unchanged. */
int metric_set_add(struct metric_set *ms, const char *spec, char *err, size_t err_len);

/* Column values from raw values (raw[i] belongs to ms->raw[i]); NaN in, NaN out. */
void metric_set_evaluate(const struct metric_set *ms, const double *raw, double *columns);

/* `mmprof info --metrics`: the metric table (names, aliases, units, formulas) and
 * the groups, filtered by pattern (substring, or a glob when it has * ? [; NULL =
 * everything). Return 0, or -1 when the embedded table is malformed. */
int metrics_list_table(FILE *out, const char *pattern);
int metrics_list_groups(FILE *out);

/* 1 when name matches pattern as metrics_list_* match it. */
int metric_pattern_match(const char *pattern, const char *name);

#endif
