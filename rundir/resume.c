#include "rundir/resume.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rundir/results.h"
#include "rundir/samples.h"
#include "common/table.h"
#include "rundir/run_files.h"

/* Rows are written whole and flushed, so only the last line can be partial.
 * A run killed before its header line was whole (results.csv missing, empty
 * or half a header) gets the header this collect writes. samples.csv
 * (metric_headers NULL) is only cut back: collect's samples_open writes its
 * header when it is missing or empty. */
static int drop_partial_line(const char *path, const char *const *metric_headers, size_t nmetrics, char *why,
                             size_t why_len)
{
    struct stat st;
    int missing = stat(path, &st) != 0 && errno == ENOENT;
    if (missing && !metric_headers)
        return 0;
    FILE *f = missing ? fopen(path, "w+b") : fopen(path, "r+b");
    long keep = 0;
    int c;
    if (!f || fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "cannot open %s: %s", path, f ? "not a regular file" : strerror(errno));
        if (f)
            fclose(f);
        return f ? 2 : 1;
    }
    for (long pos = 0; (c = fgetc(f)) != EOF; pos++)
        if (c == '\n')
            keep = pos + 1;
    int rc = !ferror(f) && fflush(f) == 0 && ftruncate(fileno(f), keep) == 0 ? 0 : 1;
    if (rc == 0 && keep == 0 && metric_headers) {
        rc = fseek(f, 0, SEEK_SET) != 0 || results_write_header(f, metric_headers, nmetrics) != 0 ||
             fsync(fileno(f)) != 0;
        if (rc == 0)
            fprintf(stderr, "mmprof: %s had no complete header line: wrote it\n", path);
    }
    if (fclose(f) != 0)
        rc = 1;
    if (rc)
        snprintf(why, why_len, "cannot truncate the partial last row of %s: %s", path, strerror(errno));
    return rc;
}

/* The fixed columns this mmprof writes, in order. */
static int fixed_columns_match(const struct table *t, char *why, size_t why_len)
{
#define NAME(c) #c,
    static const char *const fixed[] = {RESULTS_FIXED_COLUMNS(NAME)};
#undef NAME
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (i >= t->ncols || strcmp(t->header[i], fixed[i]) != 0) {
            snprintf(why, why_len,
                     "--resume: results.csv column %zu is '%s', this mmprof writes '%s' there (a results.csv from "
                     "another version, or hand-edited: start a new run)",
                     i + 1, i < t->ncols ? t->header[i] : "(missing)", fixed[i]);
            return 0;
        }
    return 1;
}

/* A dimension cell as a whole number (K is 0 for transposes); -1 when it is
 * not one: a cast of NaN or 1e300 to long would be undefined. */
static long dim(const struct table *t, size_t row, int col)
{
    double v = table_num(t, row, col);
    return v >= 0 && v <= (double)INT_MAX && v == floor(v) ? (long)v : -1;
}

static int header_matches(const struct table *t, const char *const *metric_headers, size_t nmetrics, char *why,
                          size_t why_len)
{
    size_t fixed = results_fixed_count();
    if (t->ncols != fixed + nmetrics) {
        snprintf(why, why_len,
                 "--resume: results.csv has %zu metric columns, this collect writes %zu (was profiling refused "
                 "now, or the metric set changed?)",
                 t->ncols >= fixed ? t->ncols - fixed : 0, nmetrics);
        return 0;
    }
    for (size_t i = 0; i < nmetrics; i++)
        if (strcmp(t->header[fixed + i], metric_headers[i]) != 0) {
            snprintf(why, why_len, "--resume: results.csv column '%s' differs from this collect's '%s'",
                     t->header[fixed + i], metric_headers[i]);
            return 0;
        }
    return 1;
}

int resume_prepare(const char *dir, const char *const *metric_headers, size_t nmetrics, struct plan *plan, char *why,
                   size_t why_len)
{
    char path[4096];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    int drc = drop_partial_line(path, metric_headers, nmetrics, why, why_len);
    if (drc != 0)
        return drc;
    char samples_path[4200];
    run_path(samples_path, sizeof samples_path, dir, SAMPLES_CSV);
    if ((drc = drop_partial_line(samples_path, NULL, 0, why, why_len)) != 0)
        return drc;
    struct table *t = results_read(path, why, why_len);
    if (!t)
        return 2;
    if (!fixed_columns_match(t, why, why_len) || !header_matches(t, metric_headers, nmetrics, why, why_len)) {
        table_free(t);
        return 2;
    }
    int cv = table_col(t, "variant"), cm = table_col(t, "M"), cn = table_col(t, "N"), ck = table_col(t, "K");
    size_t found = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        struct shape s = {dim(t, i, cm), dim(t, i, cn), dim(t, i, ck)};
        if (s.m < 1 || s.n < 1 || s.k < 0) {
            snprintf(why, why_len,
                     "--resume: %s line %zu: M, N, K '%s', '%s', '%s' are not whole numbers (hand-edited? fix or "
                     "delete that line)",
                     path, i + 2, table_str(t, i, cm), table_str(t, i, cn), table_str(t, i, ck));
            table_free(t);
            return 2;
        }
        found += (size_t)plan_mark_done(plan, table_str(t, i, cv), &s);
    }
    fprintf(stderr, "mmprof: resuming %s: %zu rows already measured\n", dir, found);
    table_free(t);
    return 0;
}
