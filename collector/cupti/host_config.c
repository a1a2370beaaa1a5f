/* Host object life cycle, name checks and the config image. */
#include "collector/cupti/host_config.h"

#include "collector/cupti/cupti_error.h"
#include "common/suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAD_NAMES_SHOWN 3

static const CUpti_MetricType metric_types[] = {CUPTI_METRIC_TYPE_COUNTER, CUPTI_METRIC_TYPE_RATIO,
                                                CUPTI_METRIC_TYPE_THROUGHPUT};
#define NTYPES (sizeof metric_types / sizeof metric_types[0])

static enum profiler_status fail(struct host *h, CUptiResult r, const char *call, char *err,
                                 size_t err_len)
{
    struct failure_site site = {call, h->device, h->chip};
    return cupti_fail(h->api, r, &site, err, err_len);
}

/* "GV100, TU102, ..." from CUPTI, for an unknown chip name. */
static void known_chips(const struct cupti_api *api, char *buf, size_t len)
{
    CUpti_Profiler_Host_GetSupportedChips_Params p = {
        .structSize = CUpti_Profiler_Host_GetSupportedChips_Params_STRUCT_SIZE};
    buf[0] = '\0';
    if (api->host_get_supported_chips(&p) != CUPTI_SUCCESS)
        return;
    size_t used = 0;
    for (size_t i = 0; i < p.numChips && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", p.ppChipNames[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

enum profiler_status host_open(struct host *h, const struct cupti_api *api, const char *chip,
                               const uint8_t *availability, int device, char *err,
                               size_t err_len)
{
    h->api = api;
    h->obj = NULL;
    h->chip = chip;
    h->device = device;
    CUpti_Profiler_Host_Initialize_Params p = {.structSize = CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
    p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    p.pChipName = chip;
    p.pCounterAvailabilityImage = availability;
    CUptiResult r = api->host_initialize(&p);
    if (r == CUPTI_ERROR_INVALID_CHIP_NAME) {
        char chips[512];
        known_chips(api, chips, sizeof chips);
        snprintf(err, err_len,
                 "CUPTI does not know chip '%s' (cuptiProfilerHostInitialize: %s); known "
                 "chips: %s",
                 chip, cupti_result_name(api, r), chips[0] ? chips : "none reported");
        return PROFILER_UNSUPPORTED_CHIP;
    }
    if (r != CUPTI_SUCCESS)
        return fail(h, r, "cuptiProfilerHostInitialize", err, err_len);
    h->obj = p.pHostObject;
    return PROFILER_OK;
}

void host_close(struct host *h)
{
    if (!h->obj)
        return;
    CUpti_Profiler_Host_Deinitialize_Params p = {
        .structSize = CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
    p.pHostObject = h->obj;
    /* Nothing useful to do when tearing down fails: the object is gone either way. */
    (void)h->api->host_deinitialize(&p);
    h->obj = NULL;
}

/* Index of the first '.' after the "unit__" prefix: where base name and rollup meet. */
static size_t base_length(const char *name)
{
    const char *sep = strstr(name, "__");
    const char *dot = strchr(sep ? sep + 2 : name, '.');
    return dot ? (size_t)(dot - name) : strlen(name);
}

/* Does name end with one of the rollups/submetrics CUPTI lists for its base? */
static CUptiResult has_rollup(struct host *h, const char *name, CUpti_MetricType type, int *ok)
{
    CUpti_Profiler_Host_GetSubMetrics_Params p = {
        .structSize = CUpti_Profiler_Host_GetSubMetrics_Params_STRUCT_SIZE};
    p.pHostObject = h->obj;
    p.metricType = type;
    p.pMetricName = name;
    CUptiResult r = h->api->host_get_sub_metrics(&p);
    *ok = 0;
    if (r != CUPTI_SUCCESS)
        return r;
    size_t len = strlen(name), base = base_length(name);
    for (size_t i = 0; i < p.numOfSubmetrics; i++) {
        size_t sl = strlen(p.ppSubMetrics[i]);
        if (base + sl == len && strcmp(name + base, p.ppSubMetrics[i]) == 0)
            *ok = 1;
    }
    return CUPTI_SUCCESS;
}

/* Offers base + each rollup of base's type. */
static void offer_rollups(struct host *h, struct suggest *s, const char *base,
                          CUpti_MetricType type)
{
    CUpti_Profiler_Host_GetSubMetrics_Params p = {
        .structSize = CUpti_Profiler_Host_GetSubMetrics_Params_STRUCT_SIZE};
    p.pHostObject = h->obj;
    p.metricType = type;
    p.pMetricName = base;
    if (h->api->host_get_sub_metrics(&p) != CUPTI_SUCCESS)
        return;
    for (size_t i = 0; i < p.numOfSubmetrics; i++) {
        char cand[SUGGEST_NAME_MAX];
        if (snprintf(cand, sizeof cand, "%s%s", base, p.ppSubMetrics[i]) < (int)sizeof cand)
            suggest_offer(s, cand);
    }
}

/* For a bare base name every rollup is equally far; offer the usual ones. */
static void offer_usual_rollups(struct host *h, struct suggest *s, const char *base,
                                CUpti_MetricType type)
{
    static const char *const usual[] = {".sum", ".avg", ".max", ".pct", ".ratio",
                                        ".avg.pct_of_peak_sustained_elapsed"};
    CUpti_Profiler_Host_GetSubMetrics_Params p = {
        .structSize = CUpti_Profiler_Host_GetSubMetrics_Params_STRUCT_SIZE};
    p.pHostObject = h->obj;
    p.metricType = type;
    p.pMetricName = base;
    if (h->api->host_get_sub_metrics(&p) != CUPTI_SUCCESS)
        return;
    for (size_t u = 0; u < sizeof usual / sizeof usual[0] && s->n < SUGGEST_MAX; u++)
        for (size_t i = 0; i < p.numOfSubmetrics; i++)
            if (strcmp(p.ppSubMetrics[i], usual[u]) == 0) {
                snprintf(s->name[s->n], SUGGEST_NAME_MAX, "%s%s", base, usual[u]);
                s->score[s->n++] = 1;
            }
}

void host_suggest(struct host *h, const char *name, char *buf, size_t len)
{
    struct suggest s;
    suggest_init(&s, name);
    size_t blen = base_length(name);
    char base[SUGGEST_NAME_MAX];
    snprintf(base, sizeof base, "%.*s", (int)blen, name);
    const char *rollup = name + blen;

    CUpti_Profiler_Host_GetMetricProperties_Params mp = {
        .structSize = CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE};
    mp.pHostObject = h->obj;
    mp.pMetricName = base;
    if (h->api->host_get_metric_properties(&mp) == CUPTI_SUCCESS) {
        /* the base exists: only the rollup is wrong or missing */
        if (*rollup)
            offer_rollups(h, &s, base, mp.metricType);
        else
            offer_usual_rollups(h, &s, base, mp.metricType);
    } else {
        /* a misspelt base: compare with every base metric, keeping the rollup asked for */
        for (size_t t = 0; t < NTYPES; t++) {
            CUpti_Profiler_Host_GetBaseMetrics_Params p = {
                .structSize = CUpti_Profiler_Host_GetBaseMetrics_Params_STRUCT_SIZE};
            p.pHostObject = h->obj;
            p.metricType = metric_types[t];
            if (h->api->host_get_base_metrics(&p) != CUPTI_SUCCESS)
                continue;
            for (size_t i = 0; i < p.numMetrics; i++) {
                char cand[SUGGEST_NAME_MAX];
                if (snprintf(cand, sizeof cand, "%s%s", p.ppMetricNames[i], rollup) <
                    (int)sizeof cand)
                    suggest_offer(&s, cand);
            }
        }
    }
    suggest_format(&s, buf, len);
}

enum profiler_status host_check_names(struct host *h, const char *const *names, size_t n,
                                      char (*units)[HOST_UNIT_MAX], char *err, size_t err_len)
{
    size_t nbad = 0;
    const char *bad[BAD_NAMES_SHOWN];
    for (size_t i = 0; i < n; i++) {
        CUpti_Profiler_Host_GetMetricProperties_Params p = {
            .structSize = CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE};
        p.pHostObject = h->obj;
        p.pMetricName = names[i];
        CUptiResult r = h->api->host_get_metric_properties(&p);
        int ok = 0;
        if (r == CUPTI_SUCCESS)
            r = has_rollup(h, names[i], p.metricType, &ok);
        if (r != CUPTI_SUCCESS && r != CUPTI_ERROR_INVALID_METRIC_NAME)
            return fail(h, r, "cuptiProfilerHostGetMetricProperties", err, err_len);
        if (!ok) {
            if (nbad < BAD_NAMES_SHOWN)
                bad[nbad] = names[i];
            nbad++;
            continue;
        }
        if (units)
            snprintf(units[i], HOST_UNIT_MAX, "%s", p.pDimUnit ? p.pDimUnit : "");
    }
    if (nbad == 0)
        return PROFILER_OK;

    char close[3 * SUGGEST_NAME_MAX];
    host_suggest(h, bad[0], close, sizeof close);
    char where[96];
    if (h->device >= 0)
        snprintf(where, sizeof where, "device %d (chip %s)", h->device, h->chip);
    else
        snprintf(where, sizeof where, "chip %s", h->chip);
    int used = snprintf(err, err_len, "metric '%s' is not available on %s%s%s%s", bad[0], where,
                        close[0] ? " (closest: " : "", close, close[0] ? ")" : "");
    for (size_t i = 1; i < nbad && i < BAD_NAMES_SHOWN && used >= 0 && (size_t)used < err_len;
         i++)
        used += snprintf(err + used, err_len - (size_t)used, "%s'%s'",
                         i == 1 ? "; also unknown: " : ", ", bad[i]);
    if (nbad > BAD_NAMES_SHOWN && used >= 0 && (size_t)used < err_len)
        used += snprintf(err + used, err_len - (size_t)used, " and %zu more",
                         nbad - BAD_NAMES_SHOWN);
    if (used >= 0 && (size_t)used < err_len)
        snprintf(err + used, err_len - (size_t)used,
                 "; `mmprof info --metrics PATTERN` lists the chip's metrics");
    return PROFILER_BAD_METRIC;
}

enum profiler_status host_build_config(struct host *h, const char **names, size_t n,
                                       uint8_t **image, size_t *image_size, size_t *passes,
                                       char *err, size_t err_len)
{
    *image = NULL;
    *image_size = 0;
    *passes = 0;
    CUpti_Profiler_Host_ConfigAddMetrics_Params add = {
        .structSize = CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
    add.pHostObject = h->obj;
    add.ppMetricNames = names;
    add.numMetrics = n;
    CUptiResult r = h->api->host_config_add_metrics(&add);
    if (r != CUPTI_SUCCESS)
        return fail(h, r, "cuptiProfilerHostConfigAddMetrics", err, err_len);

    CUpti_Profiler_Host_GetConfigImageSize_Params size = {
        .structSize = CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
    size.pHostObject = h->obj;
    r = h->api->host_get_config_image_size(&size);
    if (r != CUPTI_SUCCESS)
        return fail(h, r, "cuptiProfilerHostGetConfigImageSize", err, err_len);

    uint8_t *buf = malloc(size.configImageSize ? size.configImageSize : 1);
    if (!buf) {
        snprintf(err, err_len, "out of memory for a %zu-byte CUPTI config image",
                 size.configImageSize);
        return PROFILER_ERROR;
    }
    CUpti_Profiler_Host_GetConfigImage_Params get = {
        .structSize = CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
    get.pHostObject = h->obj;
    get.configImageSize = size.configImageSize;
    get.pConfigImage = buf;
    r = h->api->host_get_config_image(&get);
    if (r != CUPTI_SUCCESS) {
        free(buf);
        return fail(h, r, "cuptiProfilerHostGetConfigImage", err, err_len);
    }

    CUpti_Profiler_Host_GetNumOfPasses_Params np = {
        .structSize = CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE};
    np.configImageSize = size.configImageSize;
    np.pConfigImage = buf;
    r = h->api->host_get_num_of_passes(&np);
    if (r != CUPTI_SUCCESS) {
        free(buf);
        return fail(h, r, "cuptiProfilerHostGetNumOfPasses", err, err_len);
    }
    *image = buf;
    *image_size = size.configImageSize;
    *passes = np.numOfPasses;
    return PROFILER_OK;
}
