/* Runs one fuzz harness over every committed input: the corpus
 * (tests/rundir/fuzz/corpus/TARGET) and the inputs that once crashed it
 * (tests/rundir/fuzz/regressions/TARGET), one cmocka test per file. Built in every
 * build, so the ASan + UBSan build and valgrind see them too. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fuzz_common.h"

static void run_file(void **state)
{
    const char *path = *state;
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    assert_true(len >= 0);
    uint8_t *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    assert_int_equal(LLVMFuzzerTestOneInput(buf, (size_t)len), 0);
    free(buf);
}

static int by_name(const struct CMUnitTest *a, const struct CMUnitTest *b)
{
    return strcmp(a->initial_state, b->initial_state);
}

static int cmp_tests(const void *a, const void *b)
{
    return by_name(a, b);
}

static size_t add_dir(const char *dir, struct CMUnitTest **tests, size_t n, size_t *cap)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0)
            continue;
        if (n == *cap) {
            *cap = *cap ? 2 * *cap : 64;
            *tests = realloc(*tests, *cap * sizeof **tests);
            if (!*tests)
                abort();
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        snprintf(path, len, "%s/%s", dir, e->d_name);
        (*tests)[n++] = (struct CMUnitTest)cmocka_unit_test_prestate(run_file, path);
        (*tests)[n - 1].name = path + strlen(MMPROF_SOURCE_DIR "/tests/rundir/fuzz/");
    }
    if (d)
        closedir(d);
    return n;
}

int main(void)
{
    struct CMUnitTest *tests = NULL;
    size_t n = 0, cap = 0;
    n = add_dir(MMPROF_SOURCE_DIR "/tests/rundir/fuzz/corpus/" FUZZ_TARGET, &tests, n, &cap);
    size_t corpus = n;
    n = add_dir(MMPROF_SOURCE_DIR "/tests/rundir/fuzz/regressions/" FUZZ_TARGET, &tests, n, &cap);
    if (corpus == 0) {
        fprintf(stderr, "no corpus in tests/rundir/fuzz/corpus/" FUZZ_TARGET "\n");
        return 1;
    }
    qsort(tests, n, sizeof *tests, cmp_tests);
    int rc = _cmocka_run_group_tests("fuzz_corpus_" FUZZ_TARGET, tests, n, NULL, NULL);
    for (size_t i = 0; i < n; i++)
        free((void *)tests[i].initial_state);
    free(tests);
    return rc;
}
