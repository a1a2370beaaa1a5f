#include "cli/commands.h"
#include "run_dir.h"

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

#include "plots/plot_charts.h"

char *slurp(const char *path)
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
    if (buf)
        buf[got] = '\0';
    return buf;
}

int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

void write_text(const char *dir, const char *name, const char *text)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

void run_make_empty(char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/mmprof_plot_XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void copy_if_there(const char *from, const char *to, const char *name)
{
    char src[600];
    snprintf(src, sizeof src, "%s/%s", from, name);
    char *text = slurp(src);
    if (text)
        write_text(to, name, text);
    free(text);
}

void run_copy_files(const char *from, const char *dir)
{
    /* results.csv first: a copied analysis.csv must not look older than it */
    copy_if_there(from, dir, "results.csv");
    copy_if_there(from, dir, "run.json");
    copy_if_there(from, dir, "analysis.csv");
    copy_if_there(from, dir, "source.csv");
}

void run_copy(const char *from, char *dir, size_t len)
{
    run_make_empty(dir, len);
    run_copy_files(from, dir);
}

void run_add_source(const char *dir)
{
    char path[600];
    snprintf(path, sizeof path, "%s/source.csv", SOURCE_RUN);
    assert_true(file_exists(path));
    copy_if_there(SOURCE_RUN, dir, "source.csv");
}

static void remove_files(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[700];
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) != 0)
            rmdir(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

void run_remove(const char *dir)
{
    char plots[600];
    snprintf(plots, sizeof plots, "%s/plots", dir);
    remove_files(plots);
    remove_files(dir);
}

int run_plot(char *err, size_t err_len, ...)
{
    char *argv[16] = {"plot"};
    int argc = 1;
    va_list ap;
    va_start(ap, err_len);
    char *a;
    while ((a = va_arg(ap, char *)) != NULL && argc < 15)
        argv[argc++] = a;
    va_end(ap);
    char path[] = "/tmp/mmprof_plot_stderr_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    int rc = cmd_plot(argc, argv);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    close(fd);
    char *text = slurp(path);
    unlink(path);
    snprintf(err, err_len, "%s", text ? text : "");
    free(text);
    fputs(err, stderr); /* still shown in the test's output */
    return rc;
}
