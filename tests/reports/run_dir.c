#include "run_dir.h"

#include "cli/commands.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/table.h"

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    size_t got = buf ? fread(buf, 1, (size_t)size, f) : 0;
    fclose(f);
    if (!buf)
        return NULL;
    buf[got] = '\0';
    if (n)
        *n = got;
    return buf;
}

static void copy_file(const char *from, const char *to)
{
    size_t n;
    char *buf = slurp(from, &n);
    assert_non_null(buf);
    FILE *f = fopen(to, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, n, f), n);
    fclose(f);
    free(buf);
}

static void copy_tree(const char *src, const char *dst)
{
    DIR *d = opendir(src);
    struct dirent *e;
    char from[1200], to[1200];
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        snprintf(from, sizeof from, "%s/%s", src, e->d_name);
        snprintf(to, sizeof to, "%s/%s", dst, e->d_name);
        assert_int_equal(stat(from, &st), 0);
        if (S_ISDIR(st.st_mode)) {
            assert_int_equal(mkdir(to, 0755), 0);
            copy_tree(from, to);
        } else {
            copy_file(from, to);
        }
    }
    closedir(d);
}

void run_copy(const char *src, char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/mmprof_report_XXXXXX");
    assert_non_null(mkdtemp(dir));
    copy_tree(src, dir);
}

void run_remove(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1200];
    while (d && (e = readdir(d)) != NULL) {
        struct stat st;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            run_remove(path);
        else
            unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

int run_has(const char *dir, const char *name)
{
    char path[1200];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

char *run_read(const char *dir, const char *name)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return slurp(path, NULL);
}

int run_has_hidden(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            found = 1;
    if (d)
        closedir(d);
    return found;
}

static void write_cell(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* Writes t back, every cell quoted; skip_row (or t->nrows for none) is left out. */
static void write_table(const char *dir, const struct table *t, size_t skip_row)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (size_t c = 0; c < t->ncols; c++) {
        fputs(c ? "," : "", f);
        write_cell(f, t->header[c]);
    }
    fputc('\n', f);
    for (size_t r = 0; r < t->nrows; r++) {
        if (r == skip_row)
            continue;
        for (size_t c = 0; c < t->ncols; c++) {
            fputs(c ? "," : "", f);
            write_cell(f, t->cells[r][c]);
        }
        fputc('\n', f);
    }
    fclose(f);
}

static struct table *load(const char *dir, const char *variant, long m, size_t *row)
{
    char path[1200], err[512];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    struct table *t = table_read(path, err, sizeof err);
    assert_non_null(t);
    for (*row = 0; *row < t->nrows; (*row)++)
        if (strcmp(table_str(t, *row, table_col(t, "variant")), variant) == 0 &&
            table_num(t, *row, table_col(t, "M")) == (double)m)
            return t;
    fail_msg("no row %s at M = %ld in %s", variant, m, path);
    return NULL;
}

void csv_set(const char *dir, const char *variant, long m, const char *column, const char *value)
{
    size_t row;
    struct table *t = load(dir, variant, m, &row);
    int col = table_col(t, column);
    assert_true(col >= 0);
    free(t->cells[row][col]);
    t->cells[row][col] = strdup(value);
    write_table(dir, t, t->nrows);
    table_free(t);
}

void csv_scale(const char *dir, const char *variant, long m, const char *column, double factor)
{
    size_t row;
    struct table *t = load(dir, variant, m, &row);
    int col = table_col(t, column);
    assert_true(col >= 0);
    char value[64];
    snprintf(value, sizeof value, "%.17g", table_num(t, row, col) * factor);
    table_free(t);
    csv_set(dir, variant, m, column, value);
}

void csv_drop(const char *dir, const char *variant, long m)
{
    size_t row;
    struct table *t = load(dir, variant, m, &row);
    write_table(dir, t, row);
    table_free(t);
}

void json_replace(const char *dir, const char *from, const char *to)
{
    char *text = run_read(dir, "run.json");
    assert_non_null(text);
    char *at = strstr(text, from);
    assert_non_null(at);
    char path[1200];
    snprintf(path, sizeof path, "%s/run.json", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fprintf(f, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    fclose(f);
    free(text);
}

size_t text_replace_all(const char *dir, const char *name, const char *from, const char *to)
{
    char *text = run_read(dir, name);
    assert_non_null(text);
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    size_t n = 0;
    const char *p = text;
    for (const char *at = strstr(p, from); at; at = strstr(p, from), n++) {
        fprintf(f, "%.*s%s", (int)(at - p), p, to);
        p = at + strlen(from);
    }
    fputs(p, f);
    assert_int_equal(fclose(f), 0);
    free(text);
    return n;
}

void run_add_source(const char *dir, const char *kernels)
{
    char from[600], to[1200];
    snprintf(from, sizeof from, "%s/source.csv", SOURCE_FIXTURE);
    snprintf(to, sizeof to, "%s/source.csv", dir);
    copy_file(from, to);
    assert_true(text_replace_all(dir, "source.csv", SOURCE_FIXTURE_KERNELS, kernels) > 0);
}

void capture(int (*main_fn)(int, char **), int argc, const char **argv, struct captured *c)
{
    char out[] = "/tmp/mmprof_out_XXXXXX", err[] = "/tmp/mmprof_err_XXXXXX";
    int fo = mkstemp(out), fe = mkstemp(err);
    assert_true(fo >= 0 && fe >= 0);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(fo, 1);
    dup2(fe, 2);
    c->rc = main_fn(argc, (char **)argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    close(fo);
    close(fe);
    c->out = slurp(out, NULL);
    c->err = slurp(err, NULL);
    unlink(out);
    unlink(err);
    assert_non_null(c->out);
    assert_non_null(c->err);
}

char *report_md(const char *dir, struct captured *c)
{
    const char *argv[] = {"report", dir};
    capture(cmd_report, 2, argv, c);
    assert_int_equal(c->rc, 0);
    char *md = run_read(dir, "report.md");
    assert_non_null(md);
    return md;
}

void captured_free(struct captured *c)
{
    free(c->out);
    free(c->err);
}

/* The row and its "changed:" lines under it, joined by single spaces. */
char *diff_row_text(const char *at, char *buf, size_t len)
{
    size_t n = 0;
    while (*at && n + 1 < len) {
        if (*at == '\n') {
            if (strncmp(at + 1, "    ", 4) != 0)
                break;
            at += strspn(at + 1, " ") + 1;
            buf[n++] = ' ';
            continue;
        }
        buf[n++] = *at++;
    }
    buf[n] = '\0';
    return buf;
}
