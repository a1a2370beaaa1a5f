#include "reports/atomic.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkstemp makes the file 0600; a report is for sharing, like any file the user writes. */
#define REPORT_FILE_MODE 0644

int atomic_open(struct atomic_file *a, const char *dir, const char *name, char *err, size_t err_len)
{
    a->f = NULL;
    int n1 = snprintf(a->path, sizeof a->path, "%s/%s", dir, name);
    int n2 = snprintf(a->tmp, sizeof a->tmp, "%s/.%s.XXXXXX", dir, name);
    if (n1 < 0 || n2 < 0 || (size_t)n1 >= sizeof a->path || (size_t)n2 >= sizeof a->tmp) {
        snprintf(err, err_len, "path of %s in '%s' is too long: use a shorter run directory path", name, dir);
        return -1;
    }
    int fd = mkstemp(a->tmp);
    if (fd < 0 || fchmod(fd, REPORT_FILE_MODE) != 0 || !(a->f = fdopen(fd, "w"))) {
        snprintf(err, err_len, "cannot write in '%s': %s (check the directory's permissions)", dir, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(a->tmp);
        }
        return -1;
    }
    return 0;
}

int atomic_finish(struct atomic_file *a, char *err, size_t err_len)
{
    int ok = !ferror(a->f) && fflush(a->f) == 0 && fsync(fileno(a->f)) == 0;
    int saved = errno;
    ok = fclose(a->f) == 0 && ok;
    a->f = NULL;
    if (!ok)
        snprintf(err, err_len, "cannot write %s: %s (disk full?)", a->path, strerror(saved ? saved : errno));
    return ok ? 0 : -1;
}

int atomic_commit(struct atomic_file *a, char *err, size_t err_len)
{
    if (rename(a->tmp, a->path) != 0) {
        snprintf(err, err_len, "cannot rename %s to %s: %s", a->tmp, a->path, strerror(errno));
        unlink(a->tmp);
        return -1;
    }
    return 0;
}

void atomic_abort(struct atomic_file *a)
{
    if (a->f)
        fclose(a->f);
    a->f = NULL;
    unlink(a->tmp);
}
