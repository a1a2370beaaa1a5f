/* What `mmprof profile` tells the injection library, through the app's
 * environment: the one writer (settings_export, in the child before exec)
 * and the one reader (settings_import, in InitializeInjection) of the
 * MMPROF_PROFILE_* variables. Host C only. */
#ifndef MMPROF_PROFILE_SETTINGS_H
#define MMPROF_PROFILE_SETTINGS_H

#include <stddef.h>

#include "collector/cupti/profiler.h"
#include "profile/filter.h"

#define SETTINGS_PATH_MAX 4096
#define SETTINGS_SPEC_MAX 1024
#define SETTINGS_IMAGE_ALL (-1L)

/* --replay-mode, ncu's spelling: kernel (each profiled launch replayed, one
 * app run), application (the app run once per config image), range (each
 * repeat of one NVTX range is a pass of one config image, in place). */
enum replay_mode { REPLAY_KERNEL, REPLAY_APPLICATION, REPLAY_RANGE };

/* --kernel-timing: how CUPTI times every launch (profile/inject/activity.h).
 * serial: kernels one at a time, start and end written by the GPU's command
 * stream around each; concurrent: kernels keep their overlap, CUPTI
 * instruments each block to time them. */
enum kernel_timing { KERNEL_TIMING_SERIAL, KERNEL_TIMING_CONCURRENT };

struct profile_settings {
    char dir[SETTINGS_PATH_MAX];    /* the run directory */
    int list_only;                  /* --list: launches.tsv only, no counters */
    char kernel[KERNEL_NAME_MAX];   /* -k, "" = all */
    long launch_skip, launch_count; /* --launch-skip, -c (0 = no cap) */
    long per_kernel;                /* --launches-per-kernel (0 = every launch) */
    enum replay_mode replay;        /* --replay-mode */
    long image;                     /* application replay: the one config image this run
                                       measures (SETTINGS_IMAGE_ALL = every image, kernel replay) */
    char nvtx[FILTER_NVTX_MAX][SETTINGS_SPEC_MAX]; /* --nvtx-include, each */
    size_t nnvtx;
    char model[SETTINGS_PATH_MAX];  /* --model, "" = none */
    char metrics[SETTINGS_SPEC_MAX]; /* --metrics spec, "" = the default group */
    int source;                     /* --source: PC sampling of each profiled launch */
    long memory_offset_mib;         /* --memory-offset-mb: held before the app's first allocation */
    enum kernel_timing timing;      /* --kernel-timing */
};

/* Defaults: no filter, FILTER_LAUNCH_COUNT_DEFAULT, FILTER_PER_KERNEL_DEFAULT,
 * every config image, no model, default metrics. */
void settings_init(struct profile_settings *s);

/* "kernel" / "application" / "range"; replay_mode_parse: 0, or -1 for another word. */
const char *replay_mode_name(enum replay_mode m);
int replay_mode_parse(const char *word, enum replay_mode *m);
/* "serial" / "concurrent"; kernel_timing_parse: 0, or -1 for another word. */
const char *kernel_timing_name(enum kernel_timing t);
int kernel_timing_parse(const char *word, enum kernel_timing *t);

/* The config images the settings' replay measures: one-pass images, one an
 * app run or a range's repeat, for an application or range replay
 * (PROFILER_ONE_PASS_IMAGES); else the default schedule. The one place this
 * is decided. */
enum profiler_schedule profile_schedule(const struct profile_settings *s);

/* setenv for every setting; 0, or -1 with errno. */
int settings_export(const struct profile_settings *s);
/* From the environment; 0, or 2 with why when MMPROF_PROFILE_DIR is unset or a
 * value is malformed. */
int settings_import(struct profile_settings *s, char *why, size_t why_len);

/* The filter the settings describe (filter_free it); 0, or 2 with why. */
int settings_filter(const struct profile_settings *s, struct profile_filter *f, char *why,
                    size_t why_len);

#endif
