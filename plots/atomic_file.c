#include "plots/atomic_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary sits beside path (same file system, so rename is atomic)
 * and starts with a dot so a directory listing does not show it. */
static int temp_beside(const char *path, char *tmp, size_t len)
{
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    int n = snprintf(tmp, len, "%.*s.%s.XXXXXX", dir_len, path, slash ? slash + 1 : path);
    return n > 0 && (size_t)n < len ? mkstemp(tmp) : -1;
}

static int write_all(int fd, const char *text, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        text += n;
        len -= (size_t)n;
    }
    return 0;
}

int atomic_write(const char *path, const char *text, size_t len, char *err, size_t err_len)
{
    char tmp[4096];
    int fd = temp_beside(path, tmp, sizeof tmp);
    if (fd < 0) {
        snprintf(err, err_len, "cannot create a file beside %s: %s (is the directory writable?)", path,
                 strerror(errno));
        return -1;
    }
    fchmod(fd, 0644); /* mkstemp makes 0600; the run's other files are readable */
    int bad = write_all(fd, text, len) != 0 || fsync(fd) != 0;
    bad |= close(fd) != 0;
    if (bad || rename(tmp, path) != 0) {
        snprintf(err, err_len, "cannot write %s: %s (disk full or read-only?)", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
