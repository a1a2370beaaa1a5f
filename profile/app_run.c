/* Finding, starting and waiting for the app (app_run.h). */
#include "profile/app_run.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int check_file(const char *path, char *why, size_t why_len)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, why_len, "%s: %s", path, strerror(errno));
        return 2;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s is a directory, not a program", path);
        return 2;
    }
    if (access(path, X_OK) != 0) {
        snprintf(why, why_len, "%s is not executable (chmod +x %s)", path, path);
        return 2;
    }
    return 0;
}

int app_resolve(const char *name, char *path, size_t path_len, char *why, size_t why_len)
{
    if (!name[0]) {
        snprintf(why, why_len, "no app to profile: give it after --");
        return 2;
    }
    if (strchr(name, '/')) {
        snprintf(path, path_len, "%s", name);
        return check_file(path, why, why_len);
    }
    const char *dirs = getenv("PATH");
    for (const char *d = dirs ? dirs : ""; *d;) {
        size_t n = strcspn(d, ":");
        snprintf(path, path_len, "%.*s/%s", n ? (int)n : 1, n ? d : ".", name); /* "" is "." */
        if (access(path, F_OK) == 0)
            return check_file(path, why, why_len);
        d += n + (d[n] == ':');
    }
    snprintf(why, why_len, "%s: not found on PATH (give its path, e.g. ./%s)", name, name);
    return 2;
}

/* In the child, before exec: only async-signal-safe work would be strictly
 * right after fork in a threaded parent; mmprof is single-threaded here. */
/* Ctrl-C reaches the app and mmprof alike (one process group): mmprof
 * outlives it to report how the app ended and to finish run.json. */
static const int stop_signals[] = {SIGINT, SIGQUIT, SIGTERM};
#define NSTOP (sizeof stop_signals / sizeof stop_signals[0])

static void set_stop_signals(void (*handler)(int), struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NSTOP; i++)
        sigaction(stop_signals[i], &sa, old ? &old[i] : NULL);
}

static void restore_stop_signals(const struct sigaction *old)
{
    for (size_t i = 0; i < NSTOP; i++)
        sigaction(stop_signals[i], &old[i], NULL);
}

static void child(const char *path, char *const argv[], const struct profile_settings *set,
                  const struct app_injection *inj)
{
    set_stop_signals(SIG_DFL, NULL);
    if (settings_export(set) != 0 ||
        (inj && setenv("CUDA_INJECTION64_PATH", inj->library, 1) != 0)) {
        fprintf(stderr, "mmprof profile: setting the app's environment failed: %s\n", strerror(errno));
        _exit(127);
    }
    const char *own = getenv("NVTX_INJECTION64_PATH");
    if (inj && own && own[0] && strcmp(own, inj->nvtx_library) != 0)
        fprintf(stderr, "mmprof profile: NVTX_INJECTION64_PATH is set (%s): NVTX ranges go there, so "
                "--nvtx-include and mmprof.h declarations are not seen\n",
                own);
    else if (inj && setenv("NVTX_INJECTION64_PATH", inj->nvtx_library, 1) != 0)
        _exit(127);
    if (inj && inj->output) {
        int fd = open(inj->output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0) {
            fprintf(stderr, "mmprof profile: cannot send the app's output to %s: %s\n", inj->output,
                    strerror(errno));
            _exit(127);
        }
    }
    execv(path, argv);
    fprintf(stderr, "mmprof profile: cannot run %s: %s\n", path, strerror(errno));
    _exit(127);
}

int app_run(const char *path, char *const argv[], const struct profile_settings *set,
            const struct app_injection *inj, struct app_status *st, char *why, size_t why_len)
{
    fflush(NULL); /* the child must not write our buffered output again */
    struct sigaction old[NSTOP];
    set_stop_signals(SIG_IGN, old);
    pid_t pid = fork();
    if (pid < 0) {
        restore_stop_signals(old);
        snprintf(why, why_len, "cannot start %s: fork failed (%s)", path, strerror(errno));
        return 1;
    }
    if (pid == 0)
        child(path, argv, set, inj);
    if (inj && inj->while_app_runs)
        inj->while_app_runs(inj->while_app_runs_ctx);
    int status;
    pid_t w;
    while ((w = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
        ;
    restore_stop_signals(old);
    if (w < 0) {
        snprintf(why, why_len, "waiting for %s failed: %s", path, strerror(errno));
        return 1;
    }
    st->exited = WIFEXITED(status);
    st->code = st->exited ? WEXITSTATUS(status) : 0;
    st->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}

int app_status_ok(const struct app_status *st)
{
    return st->exited && st->code == 0;
}

void app_status_text(const struct app_status *st, char *buf, size_t len)
{
    if (st->exited)
        snprintf(buf, len, "exited with status %d", st->code);
    else
        snprintf(buf, len, "was killed by signal %d (%s)", st->signal, strsignal(st->signal));
}

int app_run_per_image(const char *path, char *const argv[], struct profile_settings *set,
                      const struct app_injection *inj, long images, struct app_status *st,
                      long *failed_image, char *why, size_t why_len)
{
    *failed_image = -1;
    long was = set->image;
    for (long k = 0; k < images; k++) {
        char log[SETTINGS_PATH_MAX + 32];
        struct app_injection run = *inj;
        snprintf(log, sizeof log, "%s/" REPLAY_LOG_FMT, set->dir, k);
        run.output = k ? log : NULL;
        set->image = k;
        int rc = app_run(path, argv, set, &run, st, why, why_len);
        set->image = was;
        if (rc)
            return rc;
        if (!app_status_ok(st)) {
            *failed_image = k;
            break;
        }
    }
    return 0;
}
