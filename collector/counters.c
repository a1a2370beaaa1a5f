#include "collector/counters.h"

#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>

#include "collector/l2_flush.h"
#include "collector/cupti/profiler.h"
#include "common/util.h"
#include "kernels/launch.h"

struct counters {
    struct metric_set ms;
    enum profiler_schedule how;
    struct profiler *prof;
    struct l2_flush_buf flush; /* read before each range so DRAM bytes are the kernel's own */
    double settle_cap_ms;      /* the most collect waits after a flush (l2_settle_ms) */
};

struct range_ctx {
    struct counters *c;
    const struct variant *v;
    struct workload *w;
    double settle_ms; /* the wait between the flush and the range */
};

/* The kernels the flush launched (their ranges are dropped), or -1. The
 * kernels do not write their inputs, so nothing needs restoring: without
 * cold_l2 there is nothing to do. */
static int flush_l2(void *arg, int cold_l2)
{
    struct range_ctx *r = arg;
    if (!cold_l2)
        return 0;
    int kernels = l2_flush_buf_run(&r->c->flush);
    if (kernels < 0 || sleep_ms(r->settle_ms) != 0) /* the GPU idle */
        return -1;
    return kernels;
}

/* One kernel (a library variant that launches more is caught by the
 * profiler, which counts the ranges), or -1. */
static int launch_once(void *arg)
{
    struct range_ctx *r = arg;
    struct launch_args a = workload_args(r->w, 0);
    if (variant_launch(r->v, &a, 0) != cudaSuccess)
        return -1;
    return cudaDeviceSynchronize() == cudaSuccess ? 1 : -1;
}

/* The kernel's duration as the host sees it, the faster of two unprofiled
 * launches (the first may load the module). A launch that fails gives no wait;
 * the range then fails with its own message. */
static double settle_for(struct range_ctx *r)
{
    if (!(r->c->settle_cap_ms > 0))
        return 0; /* --settle-ms 0: no wait, so no probe launches either */
    double best_ms = -1;
    for (int i = 0; i < 2; i++) {
        double t0 = now_ms();
        if (launch_once(r) < 0)
            return 0;
        double ms = now_ms() - t0;
        if (best_ms < 0 || ms < best_ms)
            best_ms = ms;
    }
    return l2_settle_ms(best_ms, r->c->settle_cap_ms);
}

static enum counters_open_result parse_metrics(struct counters *c, const char *spec, const char *add, char *why,
                                               size_t why_len)
{
    metric_set_init(&c->ms);
    if (metric_set_parse(&c->ms, spec ? spec : "default", why, why_len) != METRIC_SET_OK)
        return COUNTERS_BAD_USAGE;
    if (add && metric_set_add(&c->ms, add, why, why_len) != METRIC_SET_OK)
        return COUNTERS_BAD_USAGE;
    return COUNTERS_OK;
}

int counters_forced_off(char *why, size_t why_len)
{
    const char *v = getenv("MMPROF_FORCE_NO_COUNTERS");
    if (!v || strcmp(v, "1") != 0)
        return 0;
    snprintf(why, why_len, "profiling forced off by MMPROF_FORCE_NO_COUNTERS=1 (a debugging switch standing for a "
             "machine without profiling rights); unset it to read counters");
    return 1;
}

enum counters_open_result counters_open(struct counters **out, const char *metrics_spec, const char *add_spec,
                                        int one_config_image, double settle_cap_ms,
                                        const struct device_info *d, char *why, size_t why_len)
{
    struct counters *c = calloc(1, sizeof *c);
    *out = NULL;
    if (!c) {
        snprintf(why, why_len, "out of memory");
        return COUNTERS_ERROR;
    }
    c->settle_cap_ms = settle_cap_ms;
    enum counters_open_result rc = parse_metrics(c, metrics_spec, add_spec, why, why_len);
    if (rc == COUNTERS_OK) {
        c->how = one_config_image ? PROFILER_ONE_IMAGE : PROFILER_WHOLE_COUNTERS;
        enum profiler_status st = profiler_open(&c->prof, &c->ms, d->index, c->how, why, why_len);
        if (st == PROFILER_BAD_METRIC)
            rc = COUNTERS_BAD_USAGE;
        else if (st != PROFILER_OK)
            rc = COUNTERS_REFUSED; /* the message says why; timing goes on */
    }
    if (rc != COUNTERS_OK) {
        counters_close(c);
        return rc;
    }
    *out = c;
    return COUNTERS_OK;
}

int counters_alloc_flush(struct counters *c, const struct device_info *d, char *why, size_t why_len)
{
    return l2_flush_buf_alloc(&c->flush, d->l2_bytes, why, why_len);
}

size_t counters_columns(const struct counters *c)
{
    return c->ms.ncols;
}

size_t counters_raw(const struct counters *c)
{
    return c->ms.nraw;
}

const char *const *counters_headers(const struct counters *c)
{
    return c->ms.headers;
}

long counters_passes(const struct counters *c)
{
    return (long)profiler_passes(c->prof);
}

long counters_configs(const struct counters *c)
{
    return (long)profiler_configs(c->prof);
}

const char *counters_schedule(const struct counters *c)
{
    return profiler_schedule_name(c->how);
}

const char *counters_chip(const struct counters *c)
{
    return profiler_chip(c->prof);
}

int counters_measure_batch(struct counters *c, struct counters_range *r, size_t n)
{
    struct range_ctx *ctx = calloc(n ? n : 1, sizeof *ctx);
    struct profiler_range *pr = calloc(n ? n : 1, sizeof *pr);
    int rc = 0;
    if (!ctx || !pr) {
        for (size_t i = 0; i < n; i++) {
            r[i].failed = 1;
            snprintf(r[i].why, sizeof r[i].why, "out of memory for a batch of %zu ranges", n);
        }
        free(ctx);
        free(pr);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        ctx[i] = (struct range_ctx){c, r[i].v, r[i].w, 0};
        ctx[i].settle_ms = settle_for(&ctx[i]);
        pr[i] = (struct profiler_range){.name = r[i].range, .prepare = flush_l2, .work = launch_once,
                                        .expected_kernels = L2_FLUSH_KERNELS + 1,
                                        .cold_l2_kernels = L2_FLUSH_KERNELS, .ctx = &ctx[i],
                                        .column_values = r[i].values};
    }
    profiler_measure_batch(c->prof, pr, n);
    for (size_t i = 0; i < n; i++) {
        r[i].failed = pr[i].status != PROFILER_OK;
        snprintf(r[i].why, sizeof r[i].why, "%s", r[i].failed ? pr[i].err : "");
        rc |= -r[i].failed;
    }
    free(ctx);
    free(pr);
    return rc;
}

void counters_suspend(struct counters *c)
{
    profiler_suspend(c->prof);
}

int counters_resume(struct counters *c, char *why, size_t why_len)
{
    return profiler_resume(c->prof, why, why_len) == PROFILER_OK ? 0 : -1;
}

void counters_close(struct counters *c)
{
    if (!c)
        return;
    if (c->prof)
        profiler_close(c->prof);
    l2_flush_buf_free(&c->flush);
    metric_set_free(&c->ms);
    free(c);
}
