#include "common/atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkstemp makes 0600; a run directory and a report are for sharing. */
#define ATOMIC_FILE_MODE 0644

int atomic_open(struct atomic_file *a, const char *path)
{
    a->f = NULL;
    a->tmp[0] = '\0';
    /* The temporary starts with a dot so a directory listing does not show it. */
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    int n1 = snprintf(a->path, sizeof a->path, "%s", path);
    int n2 = snprintf(a->tmp, sizeof a->tmp, "%.*s.%s.XXXXXX", dir_len, path, slash ? slash + 1 : path);
    if (n1 < 0 || n2 < 0 || (size_t)n1 >= sizeof a->path || (size_t)n2 >= sizeof a->tmp) {
        a->tmp[0] = '\0';
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(a->tmp);
    if (fd < 0) {
        a->tmp[0] = '\0';
        return -1;
    }
    if (fchmod(fd, ATOMIC_FILE_MODE) != 0 || !(a->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        unlink(a->tmp);
        a->tmp[0] = '\0';
        errno = e;
        return -1;
    }
    return 0;
}

int atomic_finish(struct atomic_file *a)
{
    /* errno is left as it was: after a write that failed earlier (ferror), it
     * still says why (ENOSPC), which is the useful reason. */
    int ok = !ferror(a->f) && fflush(a->f) == 0 && fsync(fileno(a->f)) == 0;
    int saved = errno;
    ok = fclose(a->f) == 0 && ok;
    a->f = NULL;
    if (ok)
        return 0;
    errno = saved ? saved : errno ? errno : EIO;
    return -1;
}

int atomic_commit(struct atomic_file *a)
{
    if (rename(a->tmp, a->path) != 0) {
        int e = errno;
        unlink(a->tmp);
        a->tmp[0] = '\0';
        errno = e;
        return -1;
    }
    a->tmp[0] = '\0';
    return 0;
}

void atomic_abort(struct atomic_file *a)
{
    int e = errno; /* callers format their message after cleaning up */
    if (a->f)
        fclose(a->f);
    a->f = NULL;
    if (a->tmp[0])
        unlink(a->tmp);
    a->tmp[0] = '\0';
    errno = e;
}

int atomic_write(const char *path, const char *text, size_t len, char *err, size_t err_len)
{
    struct atomic_file a;
    if (atomic_open(&a, path) != 0) {
        snprintf(err, err_len, "cannot create a file beside %s: %s (is the directory writable?)", path,
                 strerror(errno));
        return -1;
    }
    if (len > 0 && fwrite(text, 1, len, a.f) != len) {
        atomic_abort(&a);
        snprintf(err, err_len, "cannot write %s: %s (disk full or read-only?)", path, strerror(errno));
        return -1;
    }
    if (atomic_finish(&a) != 0 || atomic_commit(&a) != 0) {
        int e = errno;
        atomic_abort(&a);
        snprintf(err, err_len, "cannot write %s: %s (disk full or read-only?)", path, strerror(e));
        return -1;
    }
    return 0;
}
