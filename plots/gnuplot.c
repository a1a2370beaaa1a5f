#include "plots/gnuplot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/util.h"

#define MESSAGES_MAX 4096

int gnuplot_find(char *path, size_t len)
{
    const char *dirs = getenv("PATH");
    while (dirs && *dirs) {
        size_t n = strcspn(dirs, ":");
        int w = snprintf(path, len, "%.*s/gnuplot", (int)n, n ? dirs : ".");
        struct stat st;
        if (w > 0 && (size_t)w < len && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
            return 0;
        dirs += n + (dirs[n] == ':');
    }
    return -1;
}

/* Child: in dir, stdout and stderr into the pipe. -d: no ~/.gnuplot, so a
 * user's settings cannot change the charts. */
static void exec_gnuplot(const char *gnuplot, const char *dir, const char *script, const char *setup, int fd)
{
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
    if (chdir(dir) != 0) {
        fprintf(stderr, "cannot enter %s: %s\n", dir, strerror(errno));
        _exit(126);
    }
    execl(gnuplot, gnuplot, "-d", "-e", setup, script, (char *)NULL);
    fprintf(stderr, "cannot run %s: %s\n", gnuplot, strerror(errno));
    _exit(127);
}

/* Reads the child's output (the first MESSAGES_MAX bytes are kept) until
 * it closes the pipe, then waits for it. Returns its exit status or -1. */
static int collect(pid_t pid, int fd, char *msgs, size_t cap)
{
    size_t used = 0;
    char buf[1024];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        size_t take = used + (size_t)n < cap - 1 ? (size_t)n : cap - 1 - used;
        memcpy(msgs + used, buf, take);
        used += take;
    }
    msgs[used] = '\0';
    close(fd);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int run(const char *gnuplot, const char *dir, const char *script, const char *setup, char *msgs, size_t cap)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL); /* nothing buffered is written twice by the child */
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        exec_gnuplot(gnuplot, dir, script, setup, fds[1]);
    }
    close(fds[1]);
    return collect(pid, fds[0], msgs, cap);
}

/* keep: renames each format's temporary file into place; 0 when every one
 * was there, non-empty and renamed. !keep: removes them all. */
static int settle(const char *dir, const char *name, const char *tmp, const char *formats, int keep)
{
    int rc = 0;
    for (const char *f = formats; *f;) {
        size_t n = strcspn(f, " ");
        char from[1400], to[1400];
        snprintf(from, sizeof from, "%s/%s.%.*s", dir, tmp, (int)n, f);
        snprintf(to, sizeof to, "%s/%s.%.*s", dir, name, (int)n, f);
        struct stat st;
        int good = keep && stat(from, &st) == 0 && st.st_size > 0;
        if (!good || rename(from, to) != 0) {
            unlink(from);
            rc = -1;
        }
        f += n + (f[n] == ' ');
    }
    return keep ? rc : 0;
}

static void warn_lines(const char *script, const char *msgs)
{
    for (const char *p = msgs; *p;) {
        size_t n = strcspn(p, "\n");
        if (n > 0)
            msg_warn("gnuplot on %s: %.*s", script, (int)n, p);
        p += n + (p[n] == '\n');
    }
}

int gnuplot_render(const char *gnuplot, const char *dir, const char *name, const char *formats, char *err,
                   size_t err_len)
{
    char tmp[256], setup[512], script[256], msgs[MESSAGES_MAX];
    snprintf(tmp, sizeof tmp, ".%s.tmp%ld", name, (long)getpid());
    snprintf(setup, sizeof setup, "formats=\"%s\"; out=\"%s\"", formats, tmp);
    snprintf(script, sizeof script, "%s.gp", name);
    int status = run(gnuplot, dir, script, setup, msgs, sizeof msgs);
    if (status != 0 || settle(dir, name, tmp, formats, 1) != 0) {
        settle(dir, name, tmp, formats, 0);
        snprintf(err, err_len, "gnuplot failed on %s/%s (exit status %d)%s%s", dir, script, status,
                 msgs[0] ? ": " : "", msgs);
        return -1;
    }
    warn_lines(script, msgs);
    return 0;
}
