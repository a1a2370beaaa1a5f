/* How a metric set is split into CUPTI config images.
 *
 * CUPTI schedules a config image's raw counters over its passes as it sees fit.
 * On GH100 the default set (29 metrics then) in one image took 5 passes, and totals
 * such as l1tex__t_bytes.sum then move by up to 5 % between runs, while the
 * same metric in a one-pass image equals Nsight Compute's value exactly
 * (git e2353c2:examples/ncu-crosscheck-h200). So by default the set is packed greedily into
 * images that each take only the passes of the metric that opened them (one
 * pass for every metric of the default set): the pass total stays the same,
 * and every counter is read whole, in one pass. PROFILER_ONE_IMAGE keeps
 * CUPTI's own split of a single image, for comparison. */
#ifndef MMPROF_PROFILER_CONFIG_PLAN_H
#define MMPROF_PROFILER_CONFIG_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "collector/profiler/host_config.h"
#include "collector/profiler/profiler.h"

struct config_group {
    const char **names;   /* this image's raw metrics (pointers into the set's names) */
    size_t *index;        /* their positions in the set */
    size_t n;
    size_t passes;
    struct host host;     /* holds the image's metrics: evaluates its counter data */
    uint8_t *image;
    size_t image_size;
    uint8_t *counter_data; /* one range, sized for this image's metrics */
    size_t counter_data_size;
};

struct config_plan {
    struct config_group *group;
    size_t ngroups;
    size_t passes; /* over all groups: the launches one range costs */
};

/* Splits names[0..n) (already validated) into config images for chip and builds
 * each image. availability may be NULL (offline), device -1 (offline, for
 * messages). On failure the plan is empty and err says why. */
enum profiler_status config_plan_build(struct config_plan *plan, const struct cupti_api *api,
                                       const char *chip, const uint8_t *availability, int device,
                                       const char **names, size_t n, enum profiler_schedule how,
                                       char *err, size_t err_len);

void config_plan_free(struct config_plan *plan);

#endif
