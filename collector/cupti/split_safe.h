/* The counters CUPTI reads whole when it splits a config image over passes
 * (split_safe.txt, embedded): per chip, measured; config_plan.c gives them
 * one image together. */
#ifndef MMPROF_PROFILER_SPLIT_SAFE_H
#define MMPROF_PROFILER_SPLIT_SAFE_H

/* 1 when split_safe.txt lists counter for chip (exact names), else 0. */
int split_safe(const char *chip, const char *counter);

/* Calls fn(counter, ctx) for chip's entries in list order (a plan made with
 * other entries is another plan: plan_cache.c hashes them). */
void split_safe_foreach(const char *chip, void (*fn)(const char *counter, void *ctx), void *ctx);

#endif
