#include "common/file.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The first buffer: the file's size when it is a regular file (one read, no
 * copy), else a small page that doubles as needed. */
static size_t first_capacity(FILE *f, size_t max_bytes)
{
    struct stat st;
    size_t cap = 4096;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 &&
        (unsigned long long)st.st_size < max_bytes)
        cap = (size_t)st.st_size + 2; /* the data, one byte to see end of file, the NUL */
    return cap;
}

static enum file_read_status fail(enum file_read_status s, int e, const char *path, size_t max_bytes, char *err,
                                  size_t err_len)
{
    if (s == FILE_READ_OPEN)
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(e));
    else if (s == FILE_READ_IO)
        snprintf(err, err_len, "cannot read %s: %s", path, strerror(e));
    else if (s == FILE_READ_TOO_LARGE)
        snprintf(err, err_len, "%s is larger than %zu bytes", path, max_bytes);
    else
        snprintf(err, err_len, "out of memory reading %s", path);
    errno = e;
    return s;
}

enum file_read_status file_read_all(const char *path, size_t max_bytes, char **text, size_t *len, char *err,
                                    size_t err_len)
{
    *text = NULL;
    if (len)
        *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(FILE_READ_OPEN, errno, path, max_bytes, err, err_len);
    size_t cap = first_capacity(f, max_bytes), n = 0;
    char *buf = NULL;
    enum file_read_status s = FILE_READ_OK;
    int e = 0;
    for (;;) {
        if (!buf || n + 1 >= cap) { /* room for at least one byte and the NUL */
            size_t want = buf ? cap * 2 : cap;
            char *bigger = want > cap || !buf ? realloc(buf, want) : NULL;
            if (!bigger) {
                s = FILE_READ_NO_MEMORY, e = ENOMEM;
                break;
            }
            buf = bigger;
            cap = want;
        }
        /* At most one byte past max_bytes: enough to tell the file is too large. */
        size_t room = cap - n - 1, left = max_bytes - n;
        if (left < SIZE_MAX)
            left++;
        errno = 0;
        size_t got = fread(buf + n, 1, room < left ? room : left, f);
        n += got;
        if (n > max_bytes) {
            s = FILE_READ_TOO_LARGE, e = EFBIG;
            break;
        }
        if (got == 0) {
            if (ferror(f))
                s = FILE_READ_IO, e = errno ? errno : EIO;
            break;
        }
    }
    fclose(f);
    if (s != FILE_READ_OK) {
        free(buf);
        return fail(s, e, path, max_bytes, err, err_len);
    }
    buf[n] = '\0';
    *text = buf;
    if (len)
        *len = n;
    return FILE_READ_OK;
}

int file_is_older(const char *path, const char *than, double margin_s)
{
    struct stat sp, st;
    if (stat(path, &sp) != 0 || stat(than, &st) != 0)
        return 0;
    double age_s = (double)(st.st_mtim.tv_sec - sp.st_mtim.tv_sec) + (st.st_mtim.tv_nsec - sp.st_mtim.tv_nsec) / 1e9;
    return age_s > margin_s;
}

int file_mkdir_p(const char *dir)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s", dir) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
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

int file_mkdir_parent(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        errno = ENAMETOOLONG;
        return -1;
    }
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    return file_mkdir_p(dir);
}

void file_name_part(char *out, size_t len, const char *text)
{
    size_t at = 0;
    for (; len > 0 && text[at] && at + 1 < len; at++)
        out[at] = isalnum((unsigned char)text[at]) ? text[at] : '_';
    if (len > 0)
        out[at] = '\0';
}

int file_cache_path(const char *name, char *buf, size_t len)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0])
        n = snprintf(buf, len, "%s/mmprof/%s", xdg, name);
    else if (home && home[0])
        n = snprintf(buf, len, "%s/.cache/mmprof/%s", home, name);
    else
        return -1;
    return n > 0 && (size_t)n < len ? 0 : -1;
}

int file_read_records(const char *path, char *line, size_t line_len, void **items, size_t *n, size_t item_size,
                      int (*parse)(char *line, void *item, void *ctx), void *ctx, size_t *bad_line, char *why,
                      size_t why_len)
{
    *items = NULL;
    *n = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return 1;
    }
    size_t cap = 0, lineno = 0;
    int rc = 0;
    while (!rc && fgets(line, (int)line_len, f)) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            void *grown = realloc(*items, cap * item_size);
            if (!grown) {
                snprintf(why, why_len, "out of memory reading %s", path);
                rc = 1;
                break;
            }
            *items = grown;
        }
        if (parse(line, (char *)*items + *n * item_size, ctx) != 0) {
            *bad_line = lineno;
            rc = 2;
            break;
        }
        (*n)++;
    }
    fclose(f);
    return rc;
}
