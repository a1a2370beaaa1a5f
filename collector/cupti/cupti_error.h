/* Turns a failed CUPTI call into a profiler status and one sentence naming the
 * call, the error and the fix. */
#ifndef MMPROF_PROFILER_CUPTI_ERROR_H
#define MMPROF_PROFILER_CUPTI_ERROR_H

#include "collector/cupti/cupti_api.h"
#include "collector/cupti/profiler.h"

/* What the message can name; device < 0 and chip NULL when unknown. */
struct failure_site {
    const char *call; /* "cuptiRangeProfilerEnable" */
    int device;
    const char *chip;
};

enum profiler_status cupti_status_of(CUptiResult r);

/* Writes the sentence for r into err and returns cupti_status_of(r). */
enum profiler_status cupti_fail(const struct cupti_api *api, CUptiResult r,
                                const struct failure_site *site, char *err, size_t err_len);

/* "CUPTI_ERROR_..." for r (works with any table, including a fake). */
const char *cupti_result_name(const struct cupti_api *api, CUptiResult r);

#endif
