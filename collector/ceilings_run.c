#include "collector/ceilings_run.h"

#include <cuda_runtime_api.h>
#include <stdio.h>

#include "collector/cuda_check.h"
#include "common/util.h"
#include "kernels/ceilings.h"
#include "model/sku.h"

static void detect(const struct device_info *d, struct sku *s)
{
    struct sku_query q = {
        .device_name = d->name,
        .sm_count = d->sm_count,
        .memory_bytes = d->memory_bytes,
        .cc_major = d->cc_major,
        .cc_minor = d->cc_minor,
        .sm_clock_max_mhz = d->sm_clock_max_mhz,
        .mem_clock_max_mhz = d->mem_clock_max_mhz,
        .mem_bus_width_bits = d->mem_bus_width_bits,
        .l2_bytes = d->l2_bytes,
    };
    sku_detect(&q, s);
}

static cJSON *sku_json(const struct sku *s, double run_clock_mhz)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "sku", s->name);
    cJSON_AddBoolToObject(j, "computed", s->computed);
    cJSON_AddStringToObject(j, "source", s->source ? s->source : "");
    cJSON_AddStringToObject(j, "note", s->note);
    cJSON_AddNumberToObject(j, "dram_gbs", s->dram_gbs);
    cJSON_AddNumberToObject(j, "fp32_gflops", s->fp32_gflops);
    cJSON_AddNumberToObject(j, "smem_gbs", s->smem_gbs);
    cJSON_AddNumberToObject(j, "boost_mhz", s->boost_mhz);
    cJSON_AddNumberToObject(j, "l2_bytes", (double)s->l2_bytes);
    if (run_clock_mhz > 0)
        cJSON_AddNumberToObject(j, "fp32_gflops_at_run_clock", sku_fp32_peak_at_clock_gflops(s, run_clock_mhz));
    return j;
}

cJSON *datasheet_json(const struct device_info *d)
{
    struct sku s;
    detect(d, &s);
    return sku_json(&s, 0);
}

static cJSON *measured_json(const struct ceilings *c)
{
    cJSON *m = cJSON_CreateObject();
    for (int id = 0; id < CEIL_COUNT; id++)
        cJSON_AddNumberToObject(m, ceiling_key((enum ceiling_id)id), ceiling_value(c, (enum ceiling_id)id));
    cJSON_AddNumberToObject(m, "sm_clock_mhz", c->sm_clock_mhz_during);
    cJSON_AddNumberToObject(m, "dram_buffer_bytes", (double)c->dram_buffer_bytes);
    cJSON_AddNumberToObject(m, "l2_working_set_bytes", (double)c->l2_working_set_bytes);
    cJSON_AddNumberToObject(m, "elapsed_ms", c->elapsed_ms);
    return m;
}

static cJSON *method_json(const struct ceilings *c)
{
    cJSON *m = cJSON_CreateObject();
    for (int id = 0; id < CEIL_COUNT; id++)
        cJSON_AddStringToObject(m, ceiling_key((enum ceiling_id)id), c->method[id]);
    return m;
}

cJSON *ceilings_run(const struct device_info *d, int *sticky, char *why, size_t why_len)
{
    struct ceilings c;
    struct sku s;
    struct sku_warnings w;
    size_t free_b = 0, total_b = 0;
    *sticky = 0;
    c.failed_step = NULL;
    cudaError_t e = cudaMemGetInfo(&free_b, &total_b);
    int rc = e == cudaSuccess ? ceilings_measure(&c, d->l2_bytes, d->sm_count, free_b) : (int)e;
    if (rc != 0) {
        *sticky = cuda_error_is_sticky((cudaError_t)rc);
        snprintf(why, why_len, "ceilings: %s failed: %s", c.failed_step ? c.failed_step : "cudaMemGetInfo",
                 cudaGetErrorString((cudaError_t)rc));
        return NULL;
    }
    detect(d, &s);
    sku_check_ceilings(&s, &c, &w);
    cJSON *j = cJSON_CreateObject();
    cJSON_AddItemToObject(j, "measured", measured_json(&c));
    cJSON_AddItemToObject(j, "datasheet", sku_json(&s, c.sm_clock_mhz_during));
    cJSON_AddItemToObject(j, "method", method_json(&c));
    cJSON *warnings = cJSON_AddArrayToObject(j, "warnings");
    for (int i = 0; i < w.count; i++) {
        msg_warn("%s", w.text[i]);
        cJSON_AddItemToArray(warnings, cJSON_CreateString(w.text[i]));
    }
    return j;
}
