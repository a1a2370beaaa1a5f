/* samples.csv, written and read (samples.h). The reader parses every line
 * up front, so a damaged file is refused whole with the line named, never
 * half used. */
#include "rundir/samples.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/csv_write.h"
#include "common/table.h"
#include "rundir/run_files.h"

static const char *const columns[] = {"variant", "M", "N", "K", "ms"};
#define NCOLUMNS (sizeof columns / sizeof columns[0])

int samples_write_header(FILE *f)
{
    return csv_put_header(f, columns, NCOLUMNS);
}

FILE *samples_open(const char *dir, char *why, size_t why_len)
{
    return csv_append_open(dir, SAMPLES_CSV, columns, NCOLUMNS, why, why_len);
}

int samples_append(FILE *f, const char *variant, long m, long n, long k, const double *ms, size_t count)
{
    csv_put_text(f, variant);
    fprintf(f, ",%ld,%ld,%ld,", m, n, k);
    /* 9 digits: a CUDA event time is a float, and reads back exactly */
    for (size_t i = 0; i < count; i++)
        fprintf(f, "%s%.9g", i ? " " : "", ms[i]);
    fputc('\n', f);
    if (fflush(f) != 0 || ferror(f))
        return -1;
    return fsync(fileno(f)) == 0 ? 0 : -1;
}

struct samples_line {
    const char *variant;
    long m, n, k;
    double *ms;
    size_t count;
};

struct samples {
    struct table *t; /* owns the variant names */
    struct samples_line *lines;
    size_t nlines;
};

void samples_free(struct samples *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->nlines; i++)
        free(s->lines[i].ms);
    free(s->lines);
    table_free(s->t);
    free(s);
}

/* A dimension: a whole number from 0 (K of a transpose) up. */
static int parse_dim(const char *text, long *out)
{
    char *end;
    if (isspace((unsigned char)*text))
        return -1;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || v < 0)
        return -1;
    *out = v;
    return 0;
}

/* The ms cell: count from the spaces, then every value checked. */
static int parse_times(const char *text, struct samples_line *l)
{
    size_t cap = 1;
    for (const char *p = text; *p; p++)
        cap += *p == ' ';
    l->ms = malloc(cap * sizeof *l->ms);
    if (!l->ms)
        return -2;
    const char *p = text;
    while (*p) {
        char *end;
        if (isspace((unsigned char)*p)) /* strtod would skip it: one space between times, none around */
            return -1;
        double v = strtod(p, &end);
        if (end == p || !isfinite(v) || v < 0 || (*end != ' ' && *end != '\0'))
            return -1;
        l->ms[l->count++] = v;
        p = *end == ' ' ? end + 1 : end;
    }
    return l->count > 0 ? 0 : -1;
}

static int check_header(const struct table *t, const char *path, char *err, size_t err_len)
{
    return table_check_header(t, columns, NCOLUMNS, path,
                              "not a samples.csv written by `mmprof collect`; restore it, or delete it to compare "
                              "the run without its launch times",
                              err, err_len);
}

static int parse_lines(struct samples *s, const char *path, char *err, size_t err_len)
{
    const struct table *t = s->t;
    s->lines = calloc(t->nrows + 1, sizeof *s->lines);
    if (!s->lines) {
        snprintf(err, err_len, "out of memory reading %s", path);
        return -1;
    }
    for (size_t i = 0; i < t->nrows; i++, s->nlines++) {
        struct samples_line *l = &s->lines[i];
        l->variant = t->cells[i][0];
        int rc = parse_dim(t->cells[i][1], &l->m) || parse_dim(t->cells[i][2], &l->n) ||
                         parse_dim(t->cells[i][3], &l->k)
                     ? -1
                     : parse_times(t->cells[i][4], l);
        if (rc == -2) {
            snprintf(err, err_len, "out of memory reading %s", path);
            s->nlines++;
            return -1;
        }
        if (rc != 0 || l->variant[0] == '\0') {
            snprintf(err, err_len, "%s line %zu: expected a variant, M, N, K and launch times in ms separated by "
                     "single spaces (hand-edited or damaged?): restore the file, or delete it to compare the run "
                     "without its launch times", path, t->row_line[i]);
            s->nlines++;
            return -1;
        }
    }
    return 0;
}

int samples_read(const char *dir, struct samples **out, char *err, size_t err_len)
{
    char path[4200], why[1200];
    *out = NULL;
    run_path(path, sizeof path, dir, SAMPLES_CSV);
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    run_file_opened(path);
    struct samples *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_len, "out of memory reading %s", path);
        return -1;
    }
    s->t = table_read(path, why, sizeof why);
    if (!s->t) {
        snprintf(err, err_len, "%s; restore it, or delete it to compare the run without its launch times", why);
        samples_free(s);
        return -1;
    }
    if (s->t->last_line_open) {
        snprintf(err, err_len, "%s line %zu is cut short (no newline at its end): a collect stopped while writing "
                 "it; `mmprof collect --resume %s` completes the run", path,
                 s->t->nrows ? s->t->row_line[s->t->nrows - 1] : s->t->header_line, dir);
        samples_free(s);
        return -1;
    }
    if (check_header(s->t, path, err, err_len) != 0 || parse_lines(s, path, err, err_len) != 0) {
        samples_free(s);
        return -1;
    }
    *out = s;
    return 0;
}

const double *samples_find(const struct samples *s, const char *variant, long m, long n, long k, size_t *count)
{
    *count = 0;
    if (!s)
        return NULL;
    for (size_t i = s->nlines; i-- > 0;) { /* the last line of a key wins */
        const struct samples_line *l = &s->lines[i];
        if (l->m == m && l->n == n && l->k == k && strcmp(l->variant, variant) == 0) {
            *count = l->count;
            return l->ms;
        }
    }
    return NULL;
}
