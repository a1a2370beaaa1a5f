/* The CPU reference variant (OpenBLAS SGEMM) measured like a GPU one:
 * verified against the reference, timed by wall clock; a size whose predicted
 * time (from one calibration at 512^3) exceeds the budget is skipped, not run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/cuda_check.h"
#include "collector/measure.h"
#include "common/util.h"
#include "kernels/cpu_blas.h"
#include "model/theory.h"

#define CALIBRATION_SIZE 512
#define CPU_TIMING_BUDGET_MS 3000.0
#define CPU_MAX_REPS 10

/* GFLOP/s of the CPU BLAS at a mid size, measured once per process, so the
 * time at a large size can be predicted before committing to it. */
static double cpu_gflops_estimate(const float *a, const float *b, float *c)
{
    static double rate;
    if (rate > 0)
        return rate;
    struct shape s = {CALIBRATION_SIZE, CALIBRATION_SIZE, CALIBRATION_SIZE};
    double best = 1e30;
    for (int i = 0; i < 3; i++) {
        double t0 = now_ms();
        cpu_blas_sgemm(a, b, c, s);
        double t = now_ms() - t0;
        best = t < best ? t : best;
    }
    rate = 2.0 * CALIBRATION_SIZE * CALIBRATION_SIZE * CALIBRATION_SIZE / (best * 1e6);
    return rate;
}

static int predict_ms(struct measure_ctx *mc, struct workload *w, double flops, double *ms, struct result_row *row)
{
    const struct shape *s = &w->shape;
    /* The calibration needs 3 matrices of CALIBRATION_SIZE^2; reuse the
     * workload's host buffers when they are large enough. */
    size_t need = (size_t)CALIBRATION_SIZE * CALIBRATION_SIZE;
    if (w->a_count < need || w->b_count < need || w->c_count < need) {
        *ms = 0; /* small problem: just run it */
        return 0;
    }
    double rate = cpu_gflops_estimate(w->h_a, w->h_b, w->h_c);
    *ms = flops / (rate * 1e6);
    if (*ms > mc->opt->cpu_limit_s * 1e3) {
        row->status = STATUS_SKIPPED;
        row_reason(row, "would take about %.0f s on the CPU at %.0f GFLOP/s (%ldx%ldx%ld; limit %.0f s)", *ms / 1e3, rate,
                 s->m, s->n, s->k, mc->opt->cpu_limit_s);
        return 1;
    }
    return 0;
}

static int verify_cpu_output(struct workload *w, double *rel_err, unsigned long long *nonfinite, char *why,
                             size_t why_len)
{
    CUDA_TRY(cudaMemcpy(w->d_c[0], w->h_c, w->c_count * sizeof(float), cudaMemcpyHostToDevice),
             "upload CPU result");
    return workload_compare(w, REF_MATMUL, rel_err, nonfinite, why, why_len);
}

static void time_cpu(struct workload *w, double predicted_ms, struct result_row *row)
{
    double ms[CPU_MAX_REPS];
    int reps = predicted_ms > 0 ? (int)(CPU_TIMING_BUDGET_MS / predicted_ms) : CPU_MAX_REPS;
    reps = reps < 1 ? 1 : reps > CPU_MAX_REPS ? CPU_MAX_REPS : reps;
    for (int i = 0; i < reps; i++) {
        double t0 = now_ms();
        cpu_blas_sgemm(w->h_a, w->h_b, w->h_c, w->shape);
        ms[i] = now_ms() - t0;
    }
    struct timing_stats st;
    timing_summarize(ms, reps, &st);
    row->runtime_ms = st.median_ms;
    row->min_ms = st.min_ms;
    row->max_ms = st.max_ms;
    row->runs = st.runs;
    row->total_ms = st.median_ms; /* no transfers: data already lives on the host */
    /* without memory the row is still whole; only samples.csv lacks its line */
    row->samples_ms = malloc((size_t)reps * sizeof *row->samples_ms);
    if (row->samples_ms) {
        memcpy(row->samples_ms, ms, (size_t)reps * sizeof *ms);
        row->nsamples = (size_t)reps;
    }
}

int measure_cpu_variant(struct measure_ctx *mc, const struct variant *v, struct workload *w, struct result_row *row)
{
    char why[256] = "";
    struct theory t;
    double predicted = 0, rel_err = NAN;
    unsigned long long nonfinite = 0;
    if (cpu_blas_open(why, sizeof why) != 0) {
        row->status = STATUS_SKIPPED;
        row_reason(row, "%s", why);
        return 0;
    }
    theory_of(v, &w->shape, &t);
    if (predict_ms(mc, w, t.flops, &predicted, row) != 0)
        return 0;
    /* The first call warms the BLAS thread pool and verifies the result. */
    cpu_blas_sgemm(w->h_a, w->h_b, w->h_c, w->shape);
    if (verify_cpu_output(w, &rel_err, &nonfinite, why, sizeof why) != 0) {
        row->status = STATUS_FAILED;
        row_reason(row, "%s", why);
        return 0;
    }
    if (verify_judge(v, rel_err, nonfinite, row) != 0)
        return 0;
    row->status = STATUS_OK;
    if (mc->opt->time_kernels)
        time_cpu(w, predicted, row);
    row_reason(row, "%s, %d threads", cpu_blas_library(), cpu_blas_threads());
    row->flops = t.flops;
    row->bytes_compulsory = t.bytes_compulsory;
    if (row->runtime_ms > 0) {
        row->gflops = t.flops / (row->runtime_ms * 1e6);
        row->gbs = t.bytes_compulsory / (row->runtime_ms * 1e6);
    }
    return 0;
}
