/* A new run directory: made (results/<UTC time>-<gpu> by default), never
 * over an existing run, and its results.csv opened for rows under the run's
 * lock: one collect writes a run directory at a time. */
#include "rundir/run_create.h"

#include "common/file.h"
#include "rundir/run_files.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Runs started in one second that each get their own default directory. */
#define RUNDIR_SUFFIX_MAX 99

static int dir_is_empty(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    int empty = 1;
    if (!d)
        return 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            empty = 0;
    closedir(d);
    return empty;
}

static void slug(const char *in, char *out, size_t len)
{
    size_t j = 0;
    for (size_t i = 0; in[i] && j + 1 < len; i++) {
        unsigned char c = (unsigned char)in[i];
        if (isalnum(c))
            out[j++] = (char)tolower(c);
        else if (j > 0 && out[j - 1] != '-')
            out[j++] = '-';
    }
    while (j > 0 && out[j - 1] == '-')
        j--;
    out[j] = '\0';
}

int rundir_check_new(const char *path, char *why, size_t why_len)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            snprintf(why, why_len, "--out %s exists and is not a directory", path);
            return 2;
        }
        if (!dir_is_empty(path)) {
            snprintf(why, why_len, "%s already holds files; mmprof never overwrites a run: "
                     "choose another --out or remove it", path);
            return 2;
        }
    }
    return 0;
}

/* results/<UTC time>-<gpu>, or with -2, -3 ... when a run started in the
 * same second holds it: made with mkdir, which only one process wins. */
static int create_default(const char *gpu_name, char *path, size_t path_len, char *why, size_t why_len)
{
    char stamp[32], gpu[64];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
    slug(gpu_name, gpu, sizeof gpu);
    if (file_mkdir_p("results") != 0) {
        snprintf(why, why_len, "cannot create results/: %s (run from a writable directory, or give --out)",
                 strerror(errno));
        return 1;
    }
    for (int i = 1; i <= RUNDIR_SUFFIX_MAX; i++) {
        if (i == 1)
            snprintf(path, path_len, "results/%s-%s", stamp, gpu);
        else
            snprintf(path, path_len, "results/%s-%s-%d", stamp, gpu, i);
        if (mkdir(path, 0777) == 0)
            return 0;
        if (errno != EEXIST) {
            snprintf(why, why_len, "cannot create run directory %s: %s (run from a writable directory, or give "
                     "--out)", path, strerror(errno));
            return 1;
        }
    }
    snprintf(why, why_len, "%s: %d runs started in this second already (give --out)", path, RUNDIR_SUFFIX_MAX);
    return 1;
}

int rundir_create(const char *out, const char *gpu_name, char *path, size_t path_len, char *why,
                  size_t why_len)
{
    if (!out)
        return create_default(gpu_name, path, path_len, why, why_len);
    snprintf(path, path_len, "%s", out);
    int rc = rundir_check_new(path, why, why_len);
    if (rc != 0)
        return rc;
    if (file_mkdir_p(path) != 0 || access(path, W_OK) != 0) {
        snprintf(why, why_len, "cannot create run directory %s: %s (choose a writable --out)", path,
                 strerror(errno));
        return 1;
    }
    return 0;
}

/* Nothing but an empty results.csv: no other collect has written here. */
static int holds_only_empty_results(const char *dir, int fd)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    struct stat st;
    int fresh = d && fstat(fd, &st) == 0 && st.st_size == 0;
    while (fresh && (e = readdir(d)))
        fresh = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || strcmp(e->d_name, RESULTS_CSV) == 0;
    if (d)
        closedir(d);
    return fresh;
}

FILE *rundir_open_results(const char *dir, int fresh, int *usage, char *why, size_t why_len)
{
    char path[4096];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    *usage = 0;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    /* flock, not a lock file: the kernel drops it when the process ends,
     * however it ends, so a killed run never leaves a stale lock behind. */
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        *usage = errno == EWOULDBLOCK;
        if (*usage)
            snprintf(why, why_len, "another mmprof collect is writing %s; wait for it to finish (or stop it and "
                     "`mmprof collect --resume %s`), or choose another --out", dir, dir);
        else
            snprintf(why, why_len, "cannot lock %s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    /* Two new runs may both have found the directory empty: the one that
     * locked second finds the other's files and stops before writing. */
    if (fresh && !holds_only_empty_results(dir, fd)) {
        *usage = 1;
        snprintf(why, why_len, "%s already holds files; mmprof never overwrites a run: choose another --out or "
                 "remove it", dir);
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "a");
    if (!f) {
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

FILE *rundir_append_results(const char *dir, char *why, size_t why_len)
{
    char path[4096];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    FILE *f = fopen(path, "a");
    if (!f)
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
    return f;
}
