#include "run_copy.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

void run_make_empty(char *dir, size_t len)
{
    snprintf(dir, len, "/tmp/mmprof_rundir_XXXXXX");
    assert_non_null(mkdtemp(dir));
}

void run_copy(const char *from, char *dir, size_t len)
{
    char cmd[1200];
    run_make_empty(dir, len);
    snprintf(cmd, sizeof cmd, "find '%s' -maxdepth 1 -type f -exec cp {} '%s' \\;", from, dir);
    assert_int_equal(system(cmd), 0);
}

void run_write(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

void run_unlink(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unlink(path);
}

void run_remove(const char *dir)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}
