/* Nsight Compute's raw and source pages read for the stall comparison
 * (source_ncu.h). Both go through table_read_from, which skips the notes ncu
 * prints before its table. */
#include "stalls/source_ncu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir/source_csv.h"
#include "common/table.h"
#include "xcheck/ncu_csv.h"

static int by_samples(const void *a, const void *b)
{
    const struct ncu_stall *x = a, *y = b;
    if (x->samples != y->samples)
        return x->samples < y->samples ? 1 : -1;
    return strcmp(x->stall, y->stall);
}

static int take_row(const struct table *t, size_t row, struct ncu_stalls *out)
{
    size_t plen = strlen(SOURCE_STALL_PREFIX);
    memset(out, 0, sizeof *out);
    if (xc_ncu_value(table_str(t, row, table_col(t, "smsp__pcsamp_sample_count")), &out->sample_count) != 0 ||
        !(out->sample_count > 0))
        return -1;
    for (size_t c = 0; c < t->ncols && out->n < NCU_STALLS_MAX; c++) {
        const char *name = t->header[c];
        double v;
        if (strncmp(name, SOURCE_STALL_PREFIX, plen) != 0 || source_stall_not_issued(name) ||
            xc_ncu_value(t->cells[row][c], &v) != 0)
            continue;
        snprintf(out->reasons[out->n].stall, sizeof out->reasons[out->n].stall, "%s", name + plen);
        out->reasons[out->n++].samples = v;
    }
    qsort(out->reasons, out->n, sizeof out->reasons[0], by_samples);
    return 0;
}

int source_ncu_stalls(const char *path, const char *function, struct ncu_stalls *out, char *err, size_t err_len)
{
    char why[1200];
    struct table *t = table_read_from(path, "ID", why, sizeof why);
    if (!t) {
        snprintf(err, err_len, "%s; export it with `ncu --import R --page raw --csv --print-kernel-base mangled`", why);
        return -1;
    }
    int name = table_col(t, "Kernel Name"), rc = 1;
    if (name < 0 || table_col(t, "smsp__pcsamp_sample_count") < 0) {
        snprintf(err, err_len, "%s: no 'Kernel Name' or 'smsp__pcsamp_sample_count' column: profile with "
                 "`--section SourceCounters --section WarpStateStats` and export the raw page", path);
        rc = -1;
    }
    for (size_t r = 0; rc == 1 && r < t->nrows; r++)
        if (strcmp(table_str(t, r, name), function) == 0 && take_row(t, r, out) == 0)
            rc = 0;
    table_free(t);
    return rc;
}

/* The line column and the all-samples column of a source page read with
 * first cell head; -1 when that is not its layout. */
static int source_columns(const struct table *t, int *line, int *samples)
{
    *line = table_col(t, t->header[0]);
    *samples = -1;
    for (size_t c = 0; c < t->ncols; c++)
        if (strncmp(t->header[c], "Warp Stall Sampling (All", 24) == 0)
            *samples = (int)c;
    return *samples >= 0 ? 0 : -1;
}

/* Samples per line, summed over every place the line appears. */
struct line_sum {
    long line;
    double samples;
};

static int add_to_line(struct line_sum **sums, size_t *n, size_t *cap, long line, double v)
{
    for (size_t i = 0; i < *n; i++)
        if ((*sums)[i].line == line) {
            (*sums)[i].samples += v;
            return 0;
        }
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 64;
        struct line_sum *m = realloc(*sums, c * sizeof *m);
        if (!m)
            return -1;
        *sums = m;
        *cap = c;
    }
    (*sums)[(*n)++] = (struct line_sum){line, v};
    return 0;
}

/* ncu 2025.3 exports the CUDA view with its source text only; the cuda,sass
 * view gives each line's row (its Address "-") the samples of the
 * instructions under it, followed by those instructions and "..." rows for
 * the ones skipped. A line's samples are those of its rows, summed should
 * the line appear in several places. */
int source_ncu_hottest_line(const char *path, long *line, double *samples, char *err, size_t err_len)
{
    static const char *const heads[] = {"Line No", "#", "Line", "Line Number", "Source Line"};
    char why[1200];
    int lc = -1, sc = -1;
    struct table *t = NULL;
    for (size_t h = 0; h < sizeof heads / sizeof heads[0] && sc < 0; h++) {
        table_free(t);
        if ((t = table_read_from(path, heads[h], why, sizeof why)) && source_columns(t, &lc, &sc) != 0)
            sc = -1;
    }
    if (!t || sc < 0) {
        snprintf(err, err_len, "%s: no line column ('Line No' or '#') with a 'Warp Stall Sampling (All Samples)' "
                 "column beside it: export it with `ncu --import R --page source --csv --print-source cuda,sass` "
                 "from a report with the SourceCounters section", path);
        table_free(t);
        return -1;
    }
    int rc = 0;
    struct line_sum *sums = NULL;
    size_t n = 0, cap = 0;
    for (size_t r = 0; r < t->nrows && rc == 0; r++) {
        double v, l;
        if (xc_ncu_value(table_str(t, r, lc), &l) == 0 && xc_ncu_value(table_str(t, r, sc), &v) == 0)
            rc = add_to_line(&sums, &n, &cap, (long)l, v);
    }
    table_free(t);
    *samples = -1;
    for (size_t i = 0; i < n; i++)
        if (sums[i].samples > *samples) {
            *samples = sums[i].samples;
            *line = sums[i].line;
        }
    free(sums);
    if (rc != 0) {
        snprintf(err, err_len, "%s: out of memory summing its lines", path);
        return -1;
    }
    if (*samples <= 0) {
        snprintf(err, err_len, "%s: no line with warp samples", path);
        return -1;
    }
    return 0;
}
