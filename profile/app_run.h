/* The profiled app as a child process: found and checked before anything
 * runs, started with the injection variables in its environment, waited for,
 * and its end put in words. Host C only (POSIX). */
#ifndef MMPROF_PROFILE_APP_RUN_H
#define MMPROF_PROFILE_APP_RUN_H

#include <stddef.h>

#include "profile/settings.h"

/* name as execvp would find it (a path when it holds '/', else on PATH) into
 * path; 0, or 2 with why: not found, a directory, not executable. */
int app_resolve(const char *name, char *path, size_t path_len, char *why, size_t why_len);

struct app_injection {
    const char *library;      /* CUDA_INJECTION64_PATH */
    const char *nvtx_library; /* NVTX_INJECTION64_PATH (libcupti), unless the user set one */
    const char *output;       /* a file for the app's stdout and stderr; NULL = mmprof's own */
    /* mmprof's own work done while the app runs, before it is waited for
       (NULL: none): what the run needs only after the app, off its wall time */
    void (*while_app_runs)(void *ctx);
    void *while_app_runs_ctx;
};

struct app_status {
    int exited; /* 1: exit code in code; 0: killed by signal */
    int code;
    int signal;
};

/* Runs path with argv (argv[0] included, NULL-terminated), the settings and
 * the injection in its environment (inj NULL: none, for tests of the
 * launcher), and waits, ignoring SIGINT, SIGQUIT and SIGTERM meanwhile (the
 * app gets them with their default actions): a Ctrl-C ends the app, and
 * mmprof still reports it. 0 with *st, or 1 with why when it could not start. */
int app_run(const char *path, char *const argv[], const struct profile_settings *set,
            const struct app_injection *inj, struct app_status *st, char *why, size_t why_len);

/* 1 when the app exited with status 0. */
int app_status_ok(const struct app_status *st);
/* "exited with status 3", "was killed by signal 11 (Segmentation fault)". */
void app_status_text(const struct app_status *st, char *buf, size_t len);

#endif

/* An application replay: the app run once per config image (settings'
 * image 0 .. images-1), the first with its output where mmprof's goes, each
 * later one with its output in DIR/replay-K.log, so the user sees it once.
 * Stops at the first run that fails. 0 with *st (the last run's, or the
 * failed one's, and *failed_image its image, else -1), or 1 with why. */
int app_run_per_image(const char *path, char *const argv[], struct profile_settings *set,
                      const struct app_injection *inj, long images, struct app_status *st,
                      long *failed_image, char *why, size_t why_len);
