/* MMPROF_PROFILE_* (settings.h). The NVTX filters travel in one variable,
 * one per line: a range name holds no newline that NVTX callers would pass
 * (and filter_add_nvtx refuses a range name that the split would change). */
#include "profile/settings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENV_DIR "MMPROF_PROFILE_DIR"
#define ENV_LIST "MMPROF_PROFILE_LIST"
#define ENV_KERNEL "MMPROF_PROFILE_KERNEL"
#define ENV_SKIP "MMPROF_PROFILE_LAUNCH_SKIP"
#define ENV_COUNT "MMPROF_PROFILE_LAUNCH_COUNT"
#define ENV_NVTX "MMPROF_PROFILE_NVTX"
#define ENV_MODEL "MMPROF_PROFILE_MODEL"
#define ENV_METRICS "MMPROF_PROFILE_METRICS"
#define ENV_SOURCE "MMPROF_PROFILE_SOURCE"
#define ENV_MEMORY_OFFSET "MMPROF_PROFILE_MEMORY_OFFSET_MB"
#define ENV_PER_KERNEL "MMPROF_PROFILE_PER_KERNEL"
#define ENV_IMAGE "MMPROF_PROFILE_IMAGE"
#define ENV_REPLAY "MMPROF_PROFILE_REPLAY"
#define ENV_TIMING "MMPROF_PROFILE_KERNEL_TIMING"

const char *replay_mode_name(enum replay_mode m)
{
    return m == REPLAY_APPLICATION ? "application" : m == REPLAY_RANGE ? "range" : "kernel";
}

enum profiler_schedule profile_schedule(const struct profile_settings *s)
{
    return s->replay != REPLAY_KERNEL || s->image >= 0 ? PROFILER_ONE_PASS_IMAGES : PROFILER_WHOLE_COUNTERS;
}

int replay_mode_parse(const char *word, enum replay_mode *m)
{
    if (strcmp(word, "kernel") == 0)
        *m = REPLAY_KERNEL;
    else if (strcmp(word, "application") == 0)
        *m = REPLAY_APPLICATION;
    else if (strcmp(word, "range") == 0)
        *m = REPLAY_RANGE;
    else
        return -1;
    return 0;
}

const char *kernel_timing_name(enum kernel_timing t)
{
    return t == KERNEL_TIMING_CONCURRENT ? "concurrent" : "serial";
}

int kernel_timing_parse(const char *word, enum kernel_timing *t)
{
    if (strcmp(word, "serial") == 0)
        *t = KERNEL_TIMING_SERIAL;
    else if (strcmp(word, "concurrent") == 0)
        *t = KERNEL_TIMING_CONCURRENT;
    else
        return -1;
    return 0;
}

void settings_init(struct profile_settings *s)
{
    memset(s, 0, sizeof *s);
    s->launch_count = FILTER_LAUNCH_COUNT_DEFAULT;
    s->per_kernel = FILTER_PER_KERNEL_DEFAULT;
    s->image = SETTINGS_IMAGE_ALL;
}

int settings_export(const struct profile_settings *s)
{
    char skip[32], count[32], offset[32], per_kernel[32], image[32], nvtx[FILTER_NVTX_MAX * SETTINGS_SPEC_MAX] = "";
    snprintf(skip, sizeof skip, "%ld", s->launch_skip);
    snprintf(count, sizeof count, "%ld", s->launch_count);
    snprintf(offset, sizeof offset, "%ld", s->memory_offset_mib);
    snprintf(per_kernel, sizeof per_kernel, "%ld", s->per_kernel);
    snprintf(image, sizeof image, "%ld", s->image);
    for (size_t i = 0, used = 0; i < s->nnvtx; i++)
        used += (size_t)snprintf(nvtx + used, sizeof nvtx - used, "%s%s", i ? "\n" : "", s->nvtx[i]);
    if (setenv(ENV_DIR, s->dir, 1) || setenv(ENV_LIST, s->list_only ? "1" : "0", 1) ||
        setenv(ENV_KERNEL, s->kernel, 1) || setenv(ENV_SKIP, skip, 1) ||
        setenv(ENV_COUNT, count, 1) || setenv(ENV_NVTX, nvtx, 1) ||
        setenv(ENV_MODEL, s->model, 1) || setenv(ENV_METRICS, s->metrics, 1) ||
        setenv(ENV_SOURCE, s->source ? "1" : "0", 1) || setenv(ENV_MEMORY_OFFSET, offset, 1) ||
        setenv(ENV_PER_KERNEL, per_kernel, 1) || setenv(ENV_IMAGE, image, 1) ||
        setenv(ENV_REPLAY, replay_mode_name(s->replay), 1) || setenv(ENV_TIMING, kernel_timing_name(s->timing), 1))
        return -1;
    return 0;
}

static void copy_env(const char *name, char *dst, size_t len)
{
    const char *v = getenv(name);
    snprintf(dst, len, "%s", v ? v : "");
}

static int env_count(const char *name, long dflt, long *out, char *why, size_t why_len)
{
    const char *v = getenv(name);
    if (!v || !*v) {
        *out = dflt;
        return 0;
    }
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (errno || *end || n < 0) {
        snprintf(why, why_len, "%s='%s' is not a count", name, v);
        return 2;
    }
    *out = n;
    return 0;
}

int settings_import(struct profile_settings *s, char *why, size_t why_len)
{
    settings_init(s);
    copy_env(ENV_DIR, s->dir, sizeof s->dir);
    if (!s->dir[0]) {
        snprintf(why, why_len, "%s is not set: the injection library is loaded by `mmprof profile`, "
                 "not on its own",
                 ENV_DIR);
        return 2;
    }
    const char *list = getenv(ENV_LIST);
    s->list_only = list && strcmp(list, "1") == 0;
    const char *source = getenv(ENV_SOURCE);
    s->source = source && strcmp(source, "1") == 0;
    copy_env(ENV_KERNEL, s->kernel, sizeof s->kernel);
    copy_env(ENV_MODEL, s->model, sizeof s->model);
    copy_env(ENV_METRICS, s->metrics, sizeof s->metrics);
    if (env_count(ENV_SKIP, 0, &s->launch_skip, why, why_len) ||
        env_count(ENV_COUNT, FILTER_LAUNCH_COUNT_DEFAULT, &s->launch_count, why, why_len) ||
        env_count(ENV_MEMORY_OFFSET, 0, &s->memory_offset_mib, why, why_len) ||
        env_count(ENV_PER_KERNEL, FILTER_PER_KERNEL_DEFAULT, &s->per_kernel, why, why_len))
        return 2;
    const char *replay = getenv(ENV_REPLAY);
    if (replay && *replay && replay_mode_parse(replay, &s->replay) != 0) {
        snprintf(why, why_len, "%s='%s' is not a replay mode", ENV_REPLAY, replay);
        return 2;
    }
    const char *timing = getenv(ENV_TIMING);
    if (timing && *timing && kernel_timing_parse(timing, &s->timing) != 0) {
        snprintf(why, why_len, "%s='%s' is not a kernel timing", ENV_TIMING, timing);
        return 2;
    }
    const char *image = getenv(ENV_IMAGE);
    if (image && *image && strcmp(image, "-1") != 0 &&
        env_count(ENV_IMAGE, SETTINGS_IMAGE_ALL, &s->image, why, why_len))
        return 2;
    const char *nvtx = getenv(ENV_NVTX);
    while (nvtx && *nvtx) {
        size_t n = strcspn(nvtx, "\n");
        if (s->nnvtx == FILTER_NVTX_MAX || n >= SETTINGS_SPEC_MAX) {
            snprintf(why, why_len, "%s holds more than %d filters or a filter that is too long",
                     ENV_NVTX, FILTER_NVTX_MAX);
            return 2;
        }
        snprintf(s->nvtx[s->nnvtx++], SETTINGS_SPEC_MAX, "%.*s", (int)n, nvtx);
        nvtx += n + (nvtx[n] == '\n');
    }
    return 0;
}

int settings_filter(const struct profile_settings *s, struct profile_filter *f, char *why,
                    size_t why_len)
{
    filter_init(f);
    f->launch_skip = s->launch_skip;
    f->launch_count = s->launch_count;
    f->per_kernel = s->per_kernel;
    if (s->kernel[0] && filter_set_name(f, s->kernel, why, why_len))
        return 2;
    for (size_t i = 0; i < s->nnvtx; i++) {
        if (strchr(s->nvtx[i], '\n')) {
            snprintf(why, why_len, "--nvtx-include holds a line break");
            filter_free(f);
            return 2;
        }
        if (filter_add_nvtx(f, s->nvtx[i], why, why_len)) {
            filter_free(f);
            return 2;
        }
    }
    return 0;
}
