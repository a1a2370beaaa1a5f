/* Offline: metric names and pass counts for a chip name, with the Profiler Host
 * API alone. No CUPTI target call, no CUDA call: this runs on machines with no
 * GPU and no driver (CI), where target calls would crash. */
#include "collector/cupti/profiler.h"

#include "collector/cupti/config_plan.h"
#include "collector/cupti/host_config.h"

#include <ctype.h>
#include <cupti_version.h>
#include <stdio.h>
#include <stdlib.h>

#define CHIP_MAX 64

/* CUPTI knows chips by upper-case names ("GH100"); accept "gh100" too. */
static enum profiler_status normalise_chip(const char *chip, char *out, char *err,
                                           size_t err_len)
{
    size_t i = 0;
    if (!chip || !*chip) {
        snprintf(err, err_len, "no chip name given (e.g. GH100)");
        return PROFILER_UNSUPPORTED_CHIP;
    }
    for (; chip[i] && i + 1 < CHIP_MAX; i++)
        out[i] = (char)toupper((unsigned char)chip[i]);
    out[i] = '\0';
    return PROFILER_OK;
}

long profiler_cupti_api_version(void)
{
    return CUPTI_API_VERSION;
}

enum profiler_status profiler_offline_check(const char *chip, const struct metric_set *ms,
                                            enum profiler_schedule how, size_t *passes,
                                            size_t *configs, char *err, size_t err_len)
{
    char name[CHIP_MAX];
    *passes = 0;
    if (configs)
        *configs = 0;
    enum profiler_status st = normalise_chip(chip, name, err, err_len);
    if (st != PROFILER_OK)
        return st;
    if (!ms || ms->nraw == 0) {
        snprintf(err, err_len, "no metrics to check: the metric set is empty");
        return PROFILER_BAD_METRIC;
    }
    struct host h;
    st = host_open(&h, cupti_api(), name, NULL, -1, err, err_len);
    if (st != PROFILER_OK)
        return st;
    st = host_check_names(&h, ms->raw, ms->nraw, NULL, err, err_len);
    host_close(&h);
    if (st != PROFILER_OK)
        return st;
    struct config_plan plan;
    st = config_plan_build(&plan, cupti_api(), name, NULL, -1, ms->raw, ms->nraw, how, err,
                           err_len);
    if (st != PROFILER_OK)
        return st;
    *passes = plan.passes;
    if (configs)
        *configs = plan.ngroups;
    config_plan_free(&plan);
    return PROFILER_OK;
}

static const char *type_name(CUpti_MetricType t)
{
    switch (t) {
    case CUPTI_METRIC_TYPE_COUNTER:
        return "counter";
    case CUPTI_METRIC_TYPE_RATIO:
        return "ratio";
    case CUPTI_METRIC_TYPE_THROUGHPUT:
        return "throughput";
    default:
        return "?";
    }
}

/* The rollups each type takes, printed once above the list. */
static void print_rollups(FILE *out)
{
    fprintf(out, "# collect a metric with a rollup: counter .sum .avg .min .max (also "
                 ".avg.per_second, .avg.pct_of_peak_sustained_elapsed, ...);\n"
                 "# ratio .pct .ratio .max_rate; throughput .avg.pct_of_peak_sustained_elapsed\n");
}

enum profiler_status metrics_list_chip(FILE *out, const char *chip, const char *pattern,
                                       char *err, size_t err_len)
{
    char name[CHIP_MAX];
    enum profiler_status st = normalise_chip(chip, name, err, err_len);
    if (st != PROFILER_OK)
        return st;
    struct host h;
    st = host_open(&h, cupti_api(), name, NULL, -1, err, err_len);
    if (st != PROFILER_OK)
        return st;
    print_rollups(out);
    fprintf(out, "%-66s %-10s %-24s %s\n", "metric (chip)", "type", "unit", "description");
    static const CUpti_MetricType types[] = {CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO,
                                             CUPTI_METRIC_TYPE_THROUGHPUT};
    size_t shown = 0, total = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
        CUpti_Profiler_Host_GetBaseMetrics_Params b = {
            .structSize = CUpti_Profiler_Host_GetBaseMetrics_Params_STRUCT_SIZE};
        b.pHostObject = h.obj;
        b.metricType = types[t];
        CUptiResult r = h.api->host_get_base_metrics(&b);
        if (r != CUPTI_SUCCESS) {
            const char *code = NULL;
            if (h.api->result_string(r, &code) != CUPTI_SUCCESS || !code)
                code = "an unknown CUPTI error";
            snprintf(err, err_len, "CUPTI: cuptiProfilerHostGetBaseMetrics failed for chip %s: %s",
                     name, code);
            host_close(&h);
            return PROFILER_ERROR;
        }
        total += b.numMetrics;
        for (size_t i = 0; i < b.numMetrics; i++) {
            const char *m = b.ppMetricNames[i];
            if (!metric_pattern_match(pattern, m))
                continue;
            CUpti_Profiler_Host_GetMetricProperties_Params p = {
                .structSize = CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE};
            p.pHostObject = h.obj;
            p.pMetricName = m;
            if (h.api->host_get_metric_properties(&p) == CUPTI_SUCCESS)
                fprintf(out, "%-66s %-10s %-24s %s\n", m, type_name(types[t]),
                        p.pDimUnit ? p.pDimUnit : "", p.pDescription ? p.pDescription : "");
            else /* listed by the chip but without properties: still worth showing */
                fprintf(out, "%-66s %-10s %-24s %s\n", m, type_name(types[t]), "?",
                        "(CUPTI has no properties for it)");
            shown++;
        }
    }
    fprintf(out, "# chip %s: %zu of %zu base metrics%s%s%s\n", name, shown, total,
            pattern && *pattern ? " match '" : "", pattern && *pattern ? pattern : "",
            pattern && *pattern ? "'" : "");
    host_close(&h);
    return PROFILER_OK;
}
