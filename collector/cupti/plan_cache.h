/* Config plans remembered between runs.
 *
 * Packing a metric set into config images (config_plan.c) builds a trial
 * image for each metric and group it tries: about 70 images, 0.55 s of a 6 s
 * collect on an H100. The packing depends only on the chip, CUPTI, the
 * counters split_safe.txt lists for the chip and the metric names, so its
 * groups are kept in the user's cache
 * (file_cache_path: plan-CHIP-HASH.txt) and the next run builds just the
 * final images. A remembered plan is a hint, never trusted: the caller builds
 * every image and plans afresh when one takes other passes than were
 * recorded, and a file that does not name each metric exactly once is
 * ignored. Losing the file (no $HOME, a read-only disk) only costs the time. */
#ifndef MMPROF_PROFILER_PLAN_CACHE_H
#define MMPROF_PROFILER_PLAN_CACHE_H

#include <stddef.h>

#include "collector/cupti/config_plan.h"

/* The groups of a plan for names[0..n) on chip, as stored: each group's names
 * (pointers into names), indices and passes; no images. 0 when a plan was
 * found (plan->group allocated), -1 otherwise (plan untouched). */
int plan_cache_load(struct config_plan *plan, const char *chip, const char **names, size_t n);

/* Remembers plan's groups for names on chip (best effort, silent). */
void plan_cache_store(const struct config_plan *plan, const char *chip, const char **names,
                      size_t n);

#endif
