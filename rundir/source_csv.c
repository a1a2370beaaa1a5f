/* source.csv, written and read (source_csv.h). The reader checks every line
 * up front, so a damaged file is refused whole with the line named. */
#include "rundir/source_csv.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/csv_write.h"
#include "common/table.h"
#include "rundir/run_files.h"

static const char *const columns[] = {"variant", "M", "N", "K", "function", "pc_offset",
                                      "file", "line", "stall", "samples"};
#define NCOLUMNS (sizeof columns / sizeof columns[0])

const char *source_stall_short(const char *cupti_name)
{
    size_t n = strlen(SOURCE_STALL_PREFIX);
    return strncmp(cupti_name, SOURCE_STALL_PREFIX, n) == 0 ? cupti_name + n : cupti_name;
}

int source_stall_not_issued(const char *stall)
{
    size_t n = strlen(stall), s = strlen(SOURCE_NOT_ISSUED_SUFFIX);
    return n > s && strcmp(stall + n - s, SOURCE_NOT_ISSUED_SUFFIX) == 0;
}

FILE *source_csv_open(const char *dir, char *why, size_t why_len)
{
    return csv_append_open(dir, SOURCE_CSV, columns, NCOLUMNS, why, why_len);
}

int source_csv_append(FILE *f, const struct source_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const struct source_row *r = &rows[i];
        csv_put_text(f, r->variant);
        fprintf(f, ",%ld,%ld,%ld,", r->m, r->n, r->k);
        csv_put_text(f, r->function);
        fprintf(f, ",0x%llx,", r->pc_offset);
        csv_put_text(f, r->file);
        fprintf(f, ",%ld,", r->line);
        csv_put_text(f, r->stall);
        fprintf(f, ",%llu\n", r->samples);
    }
    if (fflush(f) != 0 || ferror(f))
        return -1;
    return fsync(fileno(f)) == 0 ? 0 : -1;
}

void source_table_free(struct source_table *s)
{
    if (!s)
        return;
    free(s->rows);
    table_free(s->t);
    free(s);
}

/* A whole number >= min in base (10, or 16 after "0x"); strtoull alone would
 * take a sign or leading space. */
static int parse_count(const char *text, int base, unsigned long long min, unsigned long long *out)
{
    char *end;
    if (base == 16) {
        if (strncmp(text, "0x", 2) != 0)
            return -1;
        text += 2;
    }
    if (!isxdigit((unsigned char)*text) || (base == 10 && !isdigit((unsigned char)*text)))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(text, &end, base);
    if (*end != '\0' || errno != 0 || v < min)
        return -1;
    *out = v;
    return 0;
}

static int parse_row(char **cells, struct source_row *r)
{
    unsigned long long m, n, k, line;
    /* M, N, K are 0 for a kernel `mmprof profile` has no declaration for */
    if (parse_count(cells[1], 10, 0, &m) || parse_count(cells[2], 10, 0, &n) || parse_count(cells[3], 10, 0, &k) ||
        parse_count(cells[5], 16, 0, &r->pc_offset) || parse_count(cells[7], 10, 0, &line) ||
        parse_count(cells[9], 10, 1, &r->samples) || m > 1UL << 40 || n > 1UL << 40 || k > 1UL << 40 ||
        line > 100000000UL)
        return -1;
    r->variant = cells[0];
    r->m = (long)m;
    r->n = (long)n;
    r->k = (long)k;
    r->function = cells[4];
    r->file = cells[6];
    r->line = (long)line;
    r->stall = cells[8];
    return r->variant[0] && r->function[0] && r->stall[0] ? 0 : -1;
}

static int same_key(const struct source_row *a, const struct source_row *b)
{
    return strcmp(a->variant, b->variant) == 0 && a->m == b->m && a->n == b->n && a->k == b->k;
}

/* A kernel sampled again (--resume) wrote a later block of lines with its
 * key: only the last block stays. */
static void keep_last_blocks(struct source_table *s)
{
    size_t out = 0, i = 0;
    while (i < s->n) {
        size_t end = i + 1;
        while (end < s->n && same_key(&s->rows[end], &s->rows[i]))
            end++;
        int later = 0;
        for (size_t j = end; j < s->n && !later; j++)
            later = same_key(&s->rows[j], &s->rows[i]);
        for (size_t j = i; j < end && !later; j++)
            s->rows[out++] = s->rows[j];
        i = end;
    }
    s->n = out;
}

static int check_header(const struct table *t, const char *path, char *err, size_t err_len)
{
    return table_check_header(t, columns, NCOLUMNS, path,
                              "not a source.csv written by `mmprof collect --source`; restore it, or sample "
                              "again with --source",
                              err, err_len);
}

int source_csv_read(const char *dir, struct source_table **out, char *err, size_t err_len)
{
    char path[4200], why[1200];
    *out = NULL;
    run_path(path, sizeof path, dir, SOURCE_CSV);
    if (access(path, F_OK) != 0 && errno == ENOENT)
        return 0;
    run_file_opened(path);
    struct source_table *s = calloc(1, sizeof *s);
    if (!s || !(s->t = table_read(path, why, sizeof why))) {
        snprintf(err, err_len, "%s", s ? why : "out of memory reading " SOURCE_CSV);
        source_table_free(s);
        return -1;
    }
    if (s->t->last_line_open) {
        snprintf(err, err_len, "%s is cut short (no newline at its end): a collect stopped while writing it; "
                 "sample again with `mmprof collect --source`", path);
        source_table_free(s);
        return -1;
    }
    if (check_header(s->t, path, err, err_len) != 0) {
        source_table_free(s);
        return -1;
    }
    s->rows = calloc(s->t->nrows + 1, sizeof *s->rows);
    if (!s->rows) {
        snprintf(err, err_len, "out of memory reading %s", path);
        source_table_free(s);
        return -1;
    }
    for (size_t i = 0; i < s->t->nrows; i++, s->n++)
        if (parse_row(s->t->cells[i], &s->rows[i]) != 0) {
            snprintf(err, err_len, "%s line %zu: expected variant, M, N, K, function, pc_offset (0x...), file, "
                     "line, stall and samples >= 1 (hand-edited or damaged?): restore the file, or sample again "
                     "with `mmprof collect --source`", path, s->t->row_line[i]);
            source_table_free(s);
            return -1;
        }
    keep_last_blocks(s);
    *out = s;
    return 0;
}
