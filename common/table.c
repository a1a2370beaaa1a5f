#include "common/table.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows are collected as flat growing arrays while libcsv streams fields. */
struct reader {
    struct table *t;
    char **fields;
    size_t nfields, cap_fields;
    size_t rows_cap;
    const char *first_cell; /* NULL: the first record is the header */
    const char *pad_through; /* NULL, or rows holding this column get "" for the cells after it */
    size_t min_fields;       /* the fields a row must hold (the header's, or through pad_through) */
    size_t record;          /* records seen so far, blank and skipped ones too */
    int failed; /* out of memory or ragged row */
    size_t bad_row;
    size_t bad_count;
};

static char *dup_field(const void *s, size_t len)
{
    char *p = malloc(len + 1);
    if (p) {
        memcpy(p, s, len);
        p[len] = '\0';
    }
    return p;
}

static void on_field(void *s, size_t len, void *data)
{
    struct reader *r = data;
    if (r->failed)
        return;
    if (r->nfields == r->cap_fields) {
        size_t cap = r->cap_fields ? r->cap_fields * 2 : 32;
        char **f = realloc(r->fields, cap * sizeof *f);
        if (!f) {
            r->failed = 1;
            return;
        }
        r->fields = f;
        r->cap_fields = cap;
    }
    r->fields[r->nfields] = dup_field(s ? s : "", s ? len : 0);
    if (!r->fields[r->nfields]) {
        r->failed = 1;
        return;
    }
    r->nfields++;
}

static void drop_fields(struct reader *r)
{
    for (size_t i = 0; i < r->nfields; i++)
        free(r->fields[i]);
    r->nfields = 0;
}

static int take_header(struct reader *r)
{
    struct table *t = r->t;
    t->header = malloc(r->nfields * sizeof *t->header);
    if (!t->header)
        return -1;
    memcpy(t->header, r->fields, r->nfields * sizeof *t->header);
    t->ncols = r->nfields;
    t->header_line = r->record;
    r->min_fields = t->ncols;
    for (size_t c = 0; r->pad_through && c < t->ncols; c++)
        if (strcmp(t->header[c], r->pad_through) == 0)
            r->min_fields = c + 1;
    r->nfields = 0;
    return 0;
}

static int take_row(struct reader *r)
{
    struct table *t = r->t;
    while (r->nfields >= r->min_fields && r->nfields < t->ncols) {
        on_field(NULL, 0, r);
        if (r->failed)
            return -1;
    }
    if (r->nfields != t->ncols) {
        r->bad_row = r->record;
        r->bad_count = r->nfields;
        return -1;
    }
    if (t->nrows == r->rows_cap) {
        size_t cap = r->rows_cap ? r->rows_cap * 2 : 64;
        char ***c = realloc(t->cells, cap * sizeof *c);
        if (!c)
            return -1;
        t->cells = c;
        size_t *lines = realloc(t->row_line, cap * sizeof *lines);
        if (!lines)
            return -1;
        t->row_line = lines;
        r->rows_cap = cap;
    }
    char **row = malloc(t->ncols * sizeof *row);
    if (!row)
        return -1;
    memcpy(row, r->fields, t->ncols * sizeof *row);
    t->row_line[t->nrows] = r->record;
    t->cells[t->nrows++] = row;
    r->nfields = 0;
    return 0;
}

static void on_row(int c, void *data)
{
    struct reader *r = data;
    (void)c;
    if (r->failed)
        return;
    r->record++;
    if (r->nfields == 1 && r->fields[0][0] == '\0') { /* blank line */
        drop_fields(r);
        return;
    }
    if (!r->t->header && r->first_cell && (r->nfields == 0 || strcmp(r->fields[0], r->first_cell) != 0)) {
        drop_fields(r); /* a note before the table */
        return;
    }
    int rc = r->t->header ? take_row(r) : take_header(r);
    if (rc != 0) {
        drop_fields(r);
        r->failed = 1;
    }
}

/* 0 ok, -1 not CSV (or ragged / out of memory: see r), -2 binary, -3 read
 * error (errno says why: a directory, an I/O error). */
static int parse_stream(FILE *f, struct csv_parser *p, struct reader *r)
{
    static const char bom[] = "\xef\xbb\xbf"; /* spreadsheets save UTF-8 with one */
    char buf[65536];
    size_t n, skip;
    int first = 1;
    r->t->last_line_open = 0;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        r->t->last_line_open = buf[n - 1] != '\n';
        if (memchr(buf, '\0', n))
            return -2; /* binary data is not a CSV file */
        skip = first && n >= 3 && memcmp(buf, bom, 3) == 0 ? 3 : 0;
        first = 0;
        if (csv_parse(p, buf + skip, n - skip, on_field, on_row, r) != n - skip)
            return -1;
        if (r->failed)
            return -1;
    }
    if (ferror(f))
        return -3;
    return csv_fini(p, on_field, on_row, r) == 0 && !r->failed ? 0 : -1;
}

static struct table *read_table(const char *path, const char *first_cell, const char *pad_through, char *err,
                                size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    struct csv_parser p;
    struct reader r = {0};
    r.first_cell = first_cell;
    r.pad_through = pad_through;
    r.t = calloc(1, sizeof *r.t);
    if (!r.t || csv_init(&p, CSV_APPEND_NULL) != 0) {
        fclose(f);
        free(r.t);
        snprintf(err, err_len, "out of memory reading %s", path);
        return NULL;
    }
    int rc = parse_stream(f, &p, &r);
    int read_errno = errno;
    fclose(f);
    if (rc == -3) {
        snprintf(err, err_len, "cannot read %s: %s", path, strerror(read_errno));
    } else if (rc == 0 && !r.t->header && first_cell && r.record > 0) {
        rc = -1;
        snprintf(err, err_len, "%s holds no table: no line begins with \"%s\"", path, first_cell);
    } else if (rc == 0 && !r.t->header) {
        rc = -1;
        snprintf(err, err_len, "%s is empty: no header line", path);
    } else if (rc == -2) {
        snprintf(err, err_len, "%s holds binary data, not CSV text", path);
    } else if (rc != 0 && r.bad_row) {
        snprintf(err, err_len, "%s line %zu has %zu fields, the header has %zu (truncated or hand-edited file?)",
                 path, r.bad_row, r.bad_count, r.t->ncols);
    } else if (rc != 0) {
        snprintf(err, err_len, "%s is not valid CSV: %s", path, csv_strerror(csv_error(&p)));
    }
    csv_free(&p);
    drop_fields(&r);
    free(r.fields);
    if (rc != 0) {
        table_free(r.t);
        return NULL;
    }
    return r.t;
}

struct table *table_read(const char *path, char *err, size_t err_len)
{
    return read_table(path, NULL, NULL, err, err_len);
}

struct table *table_read_from(const char *path, const char *first_cell, char *err, size_t err_len)
{
    return read_table(path, first_cell, NULL, err, err_len);
}

struct table *table_read_from_padded(const char *path, const char *first_cell, const char *through, char *err,
                                     size_t err_len)
{
    return read_table(path, first_cell, through, err, err_len);
}

void table_free(struct table *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nrows; i++) {
        for (size_t c = 0; c < t->ncols; c++)
            free(t->cells[i][c]);
        free(t->cells[i]);
    }
    for (size_t c = 0; c < t->ncols; c++)
        free(t->header[c]);
    free(t->cells);
    free(t->row_line);
    free(t->header);
    free(t);
}

int table_col(const struct table *t, const char *name)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (strcmp(t->header[c], name) == 0)
            return (int)c;
    return -1;
}

const char *table_str(const struct table *t, size_t row, int col)
{
    if (col < 0 || (size_t)col >= t->ncols || row >= t->nrows)
        return "";
    return t->cells[row][col];
}

double table_num(const struct table *t, size_t row, int col)
{
    const char *s = table_str(t, row, col);
    if (*s == '\0')
        return NAN;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE)
        return NAN;
    return v;
}

int table_check_header(const struct table *t, const char *const *columns, size_t n, const char *path,
                       const char *then, char *err, size_t err_len)
{
    for (size_t i = 0; i < n; i++)
        if (i >= t->ncols || strcmp(t->header[i], columns[i]) != 0) {
            snprintf(err, err_len, "%s line %zu: column %zu is '%s', not '%s': %s", path, t->header_line, i + 1,
                     i < t->ncols ? t->header[i] : "(missing)", columns[i], then);
            return -1;
        }
    return 0;
}
