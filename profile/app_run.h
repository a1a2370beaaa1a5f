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
