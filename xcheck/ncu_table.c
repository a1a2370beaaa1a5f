/* Reading ncu's details or raw CSV export as one long table (ncu_table.h).
 * A raw export is told by its header: no "Metric Name" column, and metric
 * columns named as Perfworks names them (with "__"). */
#include "xcheck/ncu_table.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static const char *const long_cols[] = {"ID", "Kernel Name", "Metric Name", "Metric Unit", "Metric Value"};
enum { L_ID, L_KERNEL, L_METRIC, L_UNIT, L_VALUE, L_COUNT };

static int is_metric_column(const char *name)
{
    return strstr(name, "__") != NULL;
}

/* The raw export's units line: the first row, with no ID. */
static int has_units_line(const struct table *raw, int id_col)
{
    return raw->nrows > 0 && table_str(raw, 0, id_col)[0] == '\0';
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* One long row: id, kernel, metric, unit, value (copied). */
static int add_long_row(struct table *t, size_t line, const char *const cell[L_COUNT])
{
    char **row = calloc(L_COUNT, sizeof *row);
    if (!row)
        return -1;
    t->cells[t->nrows] = row; /* table_free frees what was copied so far */
    t->row_line[t->nrows++] = line;
    for (int c = 0; c < L_COUNT; c++)
        if (!(row[c] = dup_str(cell[c])))
            return -1;
    return 0;
}

static struct table *raw_to_long(const struct table *raw, int id_col, int kernel_col)
{
    size_t first = has_units_line(raw, id_col) ? 1 : 0, nmetrics = 0;
    for (size_t c = 0; c < raw->ncols; c++)
        nmetrics += is_metric_column(raw->header[c]);
    size_t cap = (raw->nrows - first) * nmetrics + 1;
    struct table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->header = calloc(L_COUNT, sizeof *t->header);
    t->cells = calloc(cap, sizeof *t->cells);
    t->row_line = calloc(cap, sizeof *t->row_line);
    int ok = t->header && t->cells && t->row_line;
    for (int c = 0; ok && c < L_COUNT; c++)
        ok = (t->header[t->ncols++] = dup_str(long_cols[c])) != NULL;
    t->header_line = raw->header_line;
    for (size_t row = first; ok && row < raw->nrows; row++)
        for (size_t c = 0; ok && c < raw->ncols; c++) {
            if (!is_metric_column(raw->header[c]))
                continue;
            const char *cell[L_COUNT] = {table_str(raw, row, id_col), table_str(raw, row, kernel_col),
                                         raw->header[c], first ? table_str(raw, 0, (int)c) : "",
                                         table_str(raw, row, (int)c)};
            ok = add_long_row(t, raw->row_line[row], cell) == 0;
        }
    if (!ok) {
        table_free(t);
        return NULL;
    }
    return t;
}

struct table *ncu_table_read(const char *path, enum ncu_page *page, char *err, size_t err_len)
{
    char why[1200];
    struct table *t = table_read_from_padded(path, "ID", "Metric Value", why, sizeof why);
    if (!t) {
        snprintf(err, err_len, "%s; %s", why, NCU_EXPORT_FIX);
        return NULL;
    }
    int id = table_col(t, "ID"), kernel = table_col(t, "Kernel Name");
    if (kernel < 0) {
        snprintf(err, err_len, "%s line %zu: no 'Kernel Name' column, so not an ncu --csv export; %s", path,
                 t->header_line, NCU_EXPORT_FIX);
        table_free(t);
        return NULL;
    }
    if (table_col(t, "Metric Name") >= 0) {
        for (int c = L_VALUE; c == L_VALUE; c++) /* units: checked where a reader needs them */
            if (table_col(t, long_cols[c]) < 0) {
                snprintf(err, err_len, "%s line %zu: no '%s' column, so not ncu's --page details CSV; %s", path,
                         t->header_line, long_cols[c], NCU_EXPORT_FIX);
                table_free(t);
                return NULL;
            }
        *page = NCU_PAGE_DETAILS;
        return t;
    }
    size_t nmetrics = 0;
    for (size_t c = 0; c < t->ncols; c++)
        nmetrics += is_metric_column(t->header[c]);
    if (nmetrics == 0) {
        snprintf(err, err_len, "%s line %zu: neither a 'Metric Name' column (--page details) nor metric columns "
                 "(--page raw); %s", path, t->header_line, NCU_EXPORT_FIX);
        table_free(t);
        return NULL;
    }
    struct table *wide = t;
    t = raw_to_long(wide, id, kernel);
    table_free(wide);
    if (!t)
        snprintf(err, err_len, "out of memory reading %s", path);
    *page = NCU_PAGE_RAW;
    return t;
}
