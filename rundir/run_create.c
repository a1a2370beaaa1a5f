/* A new run directory: made (results/<UTC time>-<gpu> by default), never
 * over an existing run, and its results.csv opened for rows. */
#include "rundir/run_create.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int mkdir_p(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(tmp, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

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

int rundir_create(const char *out, const char *gpu_name, char *path, size_t path_len, char *why,
                  size_t why_len)
{
    if (out) {
        snprintf(path, path_len, "%s", out);
    } else {
        char stamp[32], gpu[64];
        time_t now = time(NULL);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", gmtime(&now));
        slug(gpu_name, gpu, sizeof gpu);
        snprintf(path, path_len, "results/%s-%s", stamp, gpu);
    }
    int rc = rundir_check_new(path, why, why_len);
    if (rc != 0)
        return rc;
    if (mkdir_p(path) != 0 || access(path, W_OK) != 0) {
        snprintf(why, why_len, "cannot create run directory %s: %s (choose a writable --out)", path,
                 strerror(errno));
        return 1;
    }
    return 0;
}

FILE *rundir_open_results(const char *dir, char *why, size_t why_len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *f = fopen(path, "a");
    if (!f)
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
    return f;
}
