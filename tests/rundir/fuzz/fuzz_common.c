#include "fuzz_common.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[192];

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    char sub[512];
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        struct stat st;
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(sub);
        else
            unlink(sub);
    }
    if (d)
        closedir(d);
    rmdir(path);
}

static void cleanup(void)
{
    if (dir[0])
        remove_tree(dir);
}

const char *fuzz_dir(void)
{
    if (!dir[0]) {
        /* libFuzzer ends with _Exit (no atexit): run_fuzz.sh points TMPDIR into
         * the build directory so nothing is left in /tmp */
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/mmprof_fuzz_XXXXXX", tmp && *tmp && strlen(tmp) < 160 ? tmp : "/tmp");
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            abort();
        }
        atexit(cleanup);
    }
    return dir;
}

const char *fuzz_write(int slot, const char *name, const uint8_t *data, size_t size)
{
    static char paths[4][256];
    char *path = paths[slot & 3];
    snprintf(path, sizeof paths[0], "%s/%s", fuzz_dir(), name);
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0) {
        perror(path);
        abort();
    }
    return path;
}

_Noreturn void fuzz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
    abort();
}

FILE *fuzz_null(void)
{
    static FILE *null;
    if (!null && !(null = fopen("/dev/null", "w")))
        abort();
    return null;
}

void fuzz_split_run(const uint8_t *data, size_t size, const uint8_t **csv, size_t *csv_len, const uint8_t **json,
                    size_t *json_len)
{
    static const char fallback[] = "{\"device\": {\"name\": \"NVIDIA H200\", \"sm_count\": 132}}";
    static const char mark[] = FUZZ_RUN_JSON_MARK;
    size_t m = sizeof mark - 1;
    for (size_t i = 0; i + m <= size; i++)
        if (memcmp(data + i, mark, m) == 0) {
            *csv = data;
            *csv_len = i + 1; /* keep the newline that ends the last row */
            *json = data + i + m;
            *json_len = size - i - m;
            return;
        }
    *csv = data;
    *csv_len = size;
    *json = (const uint8_t *)fallback;
    *json_len = sizeof fallback - 1;
}
