/* Checks the robustness scripts make on run directories, with the project's
 * own readers (no Python, no jq on CI):
 *
 *   rb_check json FILE             FILE is a JSON object; prints its "state"
 *   rb_check rows FILE             FILE is a results.csv whose rows are all whole,
 *                                  except perhaps a partial last line (a kill mid-write);
 *                                  prints "rows=N partial=0|1"
 *   rb_check same-rows A B         A and B hold the same header and the same rows
 *                                  as sets (cell by cell, quoting aside), no duplicates
 *
 * Exit 0 when the check holds, 1 with one line on stderr when it does not. */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/table.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;
    if (!f)
        return NULL;
    do {
        if (n + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
    } while (got > 0);
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

static int check_json(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    if (!text) {
        fprintf(stderr, "rb_check: cannot read %s\n", path);
        return 1;
    }
    cJSON *root = cJSON_ParseWithLength(text, len);
    free(text);
    if (!cJSON_IsObject(root)) {
        fprintf(stderr, "rb_check: %s is not a JSON object\n", path);
        cJSON_Delete(root);
        return 1;
    }
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(root, "state");
    printf("state=%s\n", cJSON_IsString(st) ? st->valuestring : "");
    cJSON_Delete(root);
    return 0;
}

/* The whole lines of path (everything up to the last newline) go through
 * table_read, which refuses ragged rows. */
static int check_rows(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    if (!text) {
        fprintf(stderr, "rb_check: cannot read %s\n", path);
        return 1;
    }
    size_t keep = len;
    while (keep > 0 && text[keep - 1] != '\n')
        keep--;
    int partial = keep != len;
    char tmp[] = "/tmp/rb_check_XXXXXX";
    int fd = mkstemp(tmp);
    int ok = fd >= 0 && write(fd, text, keep) == (ssize_t)keep;
    free(text);
    if (fd >= 0)
        close(fd);
    if (!ok) {
        fprintf(stderr, "rb_check: cannot write a temporary file\n");
        unlink(tmp);
        return 1;
    }
    char err[1024];
    struct table *t = table_read(tmp, err, sizeof err);
    unlink(tmp);
    if (!t) {
        fprintf(stderr, "rb_check: %s: the whole lines do not parse: %s\n", path, err);
        return 1;
    }
    printf("rows=%zu partial=%d\n", t->nrows, partial);
    table_free(t);
    return 0;
}

/* One row as a single string: cells joined by a separator no cell holds. */
static char *row_key(const struct table *t, size_t r)
{
    size_t len = 1;
    for (size_t c = 0; c < t->ncols; c++)
        len += strlen(t->cells[r][c]) + 1;
    char *k = malloc(len), *p = k;
    if (!k)
        return NULL;
    for (size_t c = 0; c < t->ncols; c++) {
        size_t n = strlen(t->cells[r][c]);
        memcpy(p, t->cells[r][c], n);
        p += n;
        *p++ = '\x1f';
    }
    *p = '\0';
    return k;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **sorted_keys(const struct table *t)
{
    char **keys = calloc(t->nrows + 1, sizeof *keys);
    for (size_t r = 0; keys && r < t->nrows; r++)
        if (!(keys[r] = row_key(t, r)))
            exit(1);
    if (keys)
        qsort(keys, t->nrows, sizeof *keys, cmp_str);
    return keys;
}

static void free_keys(char **keys, size_t n)
{
    for (size_t i = 0; keys && i < n; i++)
        free(keys[i]);
    free(keys);
}

static int compare_rows(const struct table *a, const struct table *b, const char *pa, const char *pb)
{
    if (a->ncols != b->ncols) {
        fprintf(stderr, "rb_check: %s has %zu columns, %s has %zu\n", pa, a->ncols, pb, b->ncols);
        return 1;
    }
    for (size_t c = 0; c < a->ncols; c++)
        if (strcmp(a->header[c], b->header[c]) != 0) {
            fprintf(stderr, "rb_check: column %zu is '%s' in %s, '%s' in %s\n", c + 1, a->header[c], pa,
                    b->header[c], pb);
            return 1;
        }
    char **ka = sorted_keys(a), **kb = sorted_keys(b);
    int rc = 0;
    for (size_t i = 1; i < a->nrows && rc == 0; i++)
        if (strcmp(ka[i - 1], ka[i]) == 0) {
            fprintf(stderr, "rb_check: %s holds a row twice: %.60s...\n", pa, ka[i]);
            rc = 1;
        }
    if (rc == 0 && a->nrows != b->nrows) {
        fprintf(stderr, "rb_check: %s has %zu rows, %s has %zu\n", pa, a->nrows, pb, b->nrows);
        rc = 1;
    }
    for (size_t i = 0; i < a->nrows && rc == 0; i++)
        if (strcmp(ka[i], kb[i]) != 0) {
            fprintf(stderr, "rb_check: rows differ: %.80s... in %s vs %.80s... in %s\n", ka[i], pa, kb[i], pb);
            rc = 1;
        }
    free_keys(ka, a->nrows);
    free_keys(kb, b->nrows);
    return rc;
}

static int check_same_rows(const char *pa, const char *pb)
{
    char err[1024];
    struct table *a = table_read(pa, err, sizeof err), *b = NULL;
    if (!a) {
        fprintf(stderr, "rb_check: %s\n", err);
        return 1;
    }
    b = table_read(pb, err, sizeof err);
    if (!b) {
        fprintf(stderr, "rb_check: %s\n", err);
        table_free(a);
        return 1;
    }
    int rc = compare_rows(a, b, pa, pb);
    table_free(a);
    table_free(b);
    if (rc == 0)
        printf("same rows: %s and %s\n", pa, pb);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "json") == 0)
        return check_json(argv[2]);
    if (argc == 3 && strcmp(argv[1], "rows") == 0)
        return check_rows(argv[2]);
    if (argc == 4 && strcmp(argv[1], "same-rows") == 0)
        return check_same_rows(argv[2], argv[3]);
    fprintf(stderr, "usage: rb_check json FILE | rows FILE | same-rows A B\n");
    return 2;
}
