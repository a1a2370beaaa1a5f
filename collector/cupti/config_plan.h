/* How a metric set is split into CUPTI config images.
 *
 * CUPTI schedules a config image's raw counters over its passes as it sees fit,
 * and some it then reads from part of the units and scales; a counter in a
 * one-pass image is always read whole. split_safe.txt lists, per chip, the
 * counters measured to be read whole however CUPTI splits them. Each image
 * costs a Range Profiler object, whose first Start is slow (profiler_measure.c),
 * so by default (PROFILER_WHOLE_COUNTERS):
 *   - every counter not listed is packed greedily into images that each take
 *     only the passes of the metric that opened them, so it is read whole;
 *   - a listed counter joins one of those when it fits without another pass
 *     (and without giving an image of exact counts a DRAM or L2 total, which
 *     would cost that image L2 flushes);
 *   - the other listed counters share one image that CUPTI splits.
 * PROFILER_ONE_IMAGE keeps CUPTI's own split of a single image, for comparison.
 * Images and passes of the default set, and what splitting costs: docs/fidelity.md. */
#ifndef MMPROF_PROFILER_CONFIG_PLAN_H
#define MMPROF_PROFILER_CONFIG_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "collector/cupti/host_config.h"
#include "collector/cupti/profiler.h"

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

/* 1 when some metric of g depends on what L2 holds (metric_class: not
 * METRIC_EXACT), so each of its kernels is measured after an L2 flush; 0 when
 * the code and the shape fix every count, and a flush would only cost time. */
int config_group_cold_l2(const struct config_group *g);

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
