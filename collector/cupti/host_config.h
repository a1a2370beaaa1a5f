/* The Profiler Host API side, shared by profiler_open (with the device's counter
 * availability image) and the offline paths (chip name only, no GPU): a host
 * object for a chip, metric-name validation with "closest names", and the one
 * config image for a whole metric set. */
#ifndef MMPROF_PROFILER_HOST_CONFIG_H
#define MMPROF_PROFILER_HOST_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "collector/cupti/cupti_api.h"
#include "collector/cupti/profiler.h"

#define HOST_UNIT_MAX 48

struct host {
    const struct cupti_api *api;
    CUpti_Profiler_Host_Object *obj;
    const char *chip;
    int device; /* for messages; -1 offline */
};

/* availability may be NULL (offline). */
enum profiler_status host_open(struct host *h, const struct cupti_api *api, const char *chip,
                               const uint8_t *availability, int device, char *err,
                               size_t err_len);
void host_close(struct host *h);

/* Checks that every name exists on the chip with a rollup it offers (CUPTI's
 * properties call accepts a bare base name that adding it to a config then
 * rejects). units, when not NULL, receives CUPTI's unit of each name. */
enum profiler_status host_check_names(struct host *h, const char *const *names, size_t n,
                                      char (*units)[HOST_UNIT_MAX], char *err, size_t err_len);

/* One config image for all names, and its pass count. The names go to CUPTI in a
 * single call: added one at a time, CUPTI schedules each into its own passes
 * (29 names became 27 passes instead of 5 on GH100). *image is malloc'ed. */
enum profiler_status host_build_config(struct host *h, const char **names, size_t n,
                                       uint8_t **image, size_t *image_size, size_t *passes,
                                       char *err, size_t err_len);

/* The chip's metric names closest to name, "a, b, c" ("" when none). */
void host_suggest(struct host *h, const char *name, char *buf, size_t len);

#endif
