/* Scratch files and captured output for the xcheck tests (files.h). */
#include "files.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

void scratch_make(char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/mmprof_xcheck_XXXXXX");
    assert_non_null(mkdtemp(dir));
}

void scratch_remove(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

void scratch_write(const char *dir, const char *name, const char *text, char *path, size_t path_len)
{
    char p[1024];
    const char *slash = strchr(name, '/');
    if (slash) {
        snprintf(p, sizeof p, "%s/%.*s", dir, (int)(slash - name), name);
        mkdir(p, 0777);
    }
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    if (path)
        snprintf(path, path_len, "%s", p);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    assert_non_null(buf);
    buf[n] = '\0';
    return buf;
}

void capture(int (*main_fn)(int, char **), int argc, const char **argv, struct captured *c)
{
    char out[] = "/tmp/mmprof_xc_out_XXXXXX", err[] = "/tmp/mmprof_xc_err_XXXXXX";
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
    c->out = slurp(out);
    c->err = slurp(err);
    unlink(out);
    unlink(err);
}

void captured_free(struct captured *c)
{
    free(c->out);
    free(c->err);
}
