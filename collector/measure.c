#include "collector/measure.h"

#include <math.h>
#include <nvtx3/nvToolsExt.h>
#include <stdio.h>
#include <string.h>

#include "collector/cuda_check.h"
#include "collector/resources.h"
#include "model/theory.h"

/* FP32 accumulation over K <= 16384 random terms stays near 1e-6; 1e-4 leaves
 * room for any summation order while catching real indexing bugs. */
#define MATMUL_TOLERANCE 1e-4

double tolerance_for(const struct variant *v)
{
    return v->family == FAMILY_MATMUL ? MATMUL_TOLERANCE : 0.0;
}

int verify_judge(const struct variant *v, double rel_err, unsigned long long nonfinite, struct result_row *row)
{
    row->rel_error = rel_err;
    if (nonfinite > 0) {
        row->status = STATUS_FAILED;
        row_reason(row, "%llu NaN/Inf elements in the output (unwritten or overflowed)",
                 nonfinite);
        return -1;
    }
    if (!(rel_err <= tolerance_for(v))) {
        row->status = STATUS_FAILED;
        row_reason(row, "relative error %.3g exceeds %.0e", rel_err, tolerance_for(v));
        return -1;
    }
    return 0;
}

static void fill_rates(const struct variant *v, const struct shape *s, struct result_row *row)
{
    struct theory t;
    if (theory_of(v, s, &t) != 0)
        return;
    row->flops = t.flops;
    row->bytes_compulsory = t.bytes_compulsory;
    if (isnan(row->runtime_ms) || row->runtime_ms <= 0)
        return;
    if (t.flops > 0)
        row->gflops = t.flops / (row->runtime_ms * 1e6);
    row->gbs = t.bytes_compulsory / (row->runtime_ms * 1e6);
}

static int time_row(struct measure_ctx *mc, const struct variant *v, struct workload *w, struct result_row *row)
{
    char why[256] = "";
    struct timing_stats st;
    if (mc->opt->time_kernels) {
        if (time_variant(v, w, &mc->opt->timing, &st, why, sizeof why) != 0) {
            row->status = STATUS_FAILED;
            row_reason(row, "timing failed: %s", why);
            return -1;
        }
        row->runtime_ms = st.median_ms;
        row->min_ms = st.min_ms;
        row->max_ms = st.max_ms;
        row->runs = st.runs;
        row->samples_ms = st.samples_ms;
        row->nsamples = (size_t)st.runs;
        if (timing_host_bound(&st))
            row_reason(row, "host-bound timing: the GPU waited for the host before %d of %d timed launches, "
                            "typically %.0f %% of the kernel's time; the median may include those waits",
                       st.gapped, st.runs, 100 * st.gap_share);
        if (workload_download_ms(w, &row->d2h_ms, why, sizeof why) != 0) {
            row->status = STATUS_FAILED;
            row_reason(row, "%s", why);
            return -1;
        }
        row->h2d_ms = w->h2d_ms;
        row->total_ms = row->h2d_ms + row->runtime_ms + row->d2h_ms;
    }
    fill_rates(v, &w->shape, row);
    return 0;
}

void range_name(const struct variant *v, const struct shape *s, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%ldx%ldx%ld", v->name, s->m, s->n, s->k);
}

int measure_gpu_variant(struct measure_ctx *mc, const struct variant *v, struct workload *w, struct result_row *row)
{
    char why[256] = "", range[128];
    double rel_err = NAN;
    unsigned long long nonfinite = 0;
    int sticky = 0;
    range_name(v, &w->shape, range, sizeof range);
    int rc = variant_resources(v, &w->shape, mc->dev, row, why, sizeof why);
    if (rc != 0) {
        row->status = rc > 0 ? STATUS_SKIPPED : STATUS_FAILED;
        row_reason(row, "%s", why);
        return 0;
    }
    nvtxRangePushA(range);
    rc = workload_verify(w, v, &rel_err, &nonfinite, &sticky, why, sizeof why);
    if (rc != 0) {
        row->status = STATUS_FAILED;
        row_reason(row, "%s", why);
    } else if (verify_judge(v, rel_err, nonfinite, row) == 0) {
        row->status = STATUS_OK;
        rc = time_row(mc, v, w, row);
        if (rc != 0)
            sticky = cuda_error_is_sticky(cudaDeviceSynchronize());
    }
    nvtxRangePop();
    return sticky ? -1 : 0;
}
