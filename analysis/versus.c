/* Own matmuls against the library's, counter by counter (versus.h). */
#include "analysis/versus.h"

#include <math.h>
#include <string.h>

#include "analysis/kernel_facts.h"
#include "model/kind.h"

/* Parts of the names cuBLAS's and CUTLASS's FP32 matmul kernels carry
 * (sm80_xmma_gemm_f32f32_..., ampere_sgemm_128x64_nn, cutlass_80_simt_sgemm_...,
 * gemmSN_NN_kernel). */
static const char *const library_kernel_names[] = {"xmma_gemm", "sgemm", "cutlass", "gemmSN"};

/* Where a counter's value comes from: a field of the measurement, times
 * scale, per warp-level FFMA (thread FFMAs / 32: the cost of each
 * multiply-add) when per_warp_ffma. */
#define MS(field) offsetof(struct measured, field)

static const struct {
    struct versus_counter c;
    size_t field;
    double scale;
    int per_warp_ffma;
} counters[] = {
    {{"counted pass duration, ms", VERSUS_RATE, 1, NULL}, MS(counter_ms), 1, 0},
    {{"FP32 FLOPs executed", VERSUS_COUNT, 1, "FLOPs beyond 2·M·N·K are padded edge tiles' zeros"},
     MS(flops_executed), 1, 0},
    {{"instructions issued per cycle (IPC)", VERSUS_RATE, 0,
      "fewer instructions a cycle for the same FFMAs: issue slots lost to waits (the stall reasons per source "
      "line say which)"},
     MS(ipc), 1, 0},
    {{"SM busy, % of elapsed cycles", VERSUS_SHARE, 0, "idle SMs: too few blocks for the SMs, or a tail wave"},
     MS(sm_efficiency_pct), 1, 0},
    {{"achieved occupancy, %", VERSUS_SHARE, 0, "fewer warps to hide latency with"}, MS(achieved_occupancy_pct), 1,
     0},
    {{"shared wavefronts per warp FFMA", VERSUS_RATE, 1,
      "more shared-memory traffic per multiply-add: wider fragment loads (LDS.128) and a warp tile that reuses "
      "each fragment over more outputs cut it"},
     MS(shared_wavefronts), 1, 1},
    {{"bank-conflict share of shared loads, %", VERSUS_SHARE, 1, "shared loads replayed for bank conflicts"},
     MS(bank_conflict_rate_ld), 100, 0},
    {{"global load requests", VERSUS_COUNT, 1,
      "more load requests: smaller tiles fetch each value more often, and narrower loads take more requests for "
      "the same bytes"},
     MS(gld_requests), 1, 0},
    {{"L2 bytes", VERSUS_COUNT, 1,
      "more L2 traffic: smaller tiles fetch each value more often; block rasterisation (neighbouring blocks "
      "sharing tiles) cuts what is left"},
     MS(l2_bytes), 1, 0},
    {{"DRAM bytes", VERSUS_COUNT, 1, "DRAM traffic beyond the compulsory: tiles fetched again"}, MS(dram_bytes), 1,
     0},
};
enum { NCOUNTERS = sizeof counters / sizeof counters[0] };

const struct versus_counter *versus_counters(size_t *n)
{
    static struct versus_counter list[NCOUNTERS];
    for (size_t i = 0; i < NCOUNTERS; i++)
        list[i] = counters[i].c;
    *n = NCOUNTERS;
    return list;
}

double versus_value(size_t i, const struct analysis_row *r)
{
    double v = *(const double *)((const char *)&r->ms + counters[i].field);
    if (counters[i].per_warp_ffma)
        v = r->ms.ffma > 0 ? v / (r->ms.ffma / 32) : NAN;
    return v * counters[i].scale;
}

double versus_worse_by(size_t i, const struct analysis_row *own, const struct analysis_row *lib)
{
    double x = versus_value(i, own), y = versus_value(i, lib), d = 0;
    if (!isfinite(x) || !isfinite(y))
        return 0;
    if (counters[i].c.scale == VERSUS_SHARE)
        d = fabs(x - y) > VERSUS_POINTS ? (x - y) / VERSUS_POINTS : 0;
    else if (x > 0 && y > 0 && fabs(log(x / y)) > log(1 + VERSUS_DIFFER))
        d = log(x / y) / log(1 + VERSUS_DIFFER);
    return counters[i].c.higher_is_worse ? d : -d;
}

size_t versus_reasons(const struct analysis_row *own, const struct analysis_row *lib, int worse, size_t *out,
                      size_t cap)
{
    double weight[NCOUNTERS];
    size_t n = 0;
    for (size_t i = 0; i < NCOUNTERS && n < cap; i++) {
        weight[i] = versus_worse_by(i, own, lib) * (worse ? 1 : -1);
        if (counters[i].c.points_at && weight[i] > 0)
            out[n++] = i;
    }
    for (size_t i = 1; i < n; i++) /* furthest first; n is a handful */
        for (size_t j = i; j > 0 && weight[out[j]] > weight[out[j - 1]]; j--) {
            size_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

static int is_library(const struct analysis_row *r)
{
    if (r->v)
        return (kind_of(r->v)->flags & KF_LIBRARY) != 0;
    for (size_t i = 0; analysis_row_is_user_kernel(r) && i < sizeof library_kernel_names / sizeof *library_kernel_names;
         i++)
        if (strstr(r->variant, library_kernel_names[i]))
            return 1;
    return 0;
}

static int ok_timed(const struct analysis_row *r)
{
    return strcmp(r->status, "ok") == 0 && r->ms.runtime_ms > 0;
}

/* Whether own does lib's work: the same size, or for a library kernel
 * without one (a profile run's), the same executed FP32 FLOPs. */
static int same_work(const struct analysis_row *own, const struct analysis_row *lib)
{
    if (lib->m > 0)
        return own->m == lib->m && own->n == lib->n && own->k == lib->k;
    double ratio = own->ms.flops_executed / lib->ms.flops_executed;
    return isfinite(ratio) && fabs(ratio - 1) <= VERSUS_SAME_WORK;
}

static const struct analysis_row *fastest_own(const struct analysis *a, const struct analysis_row *lib)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        if (analysis_row_is_gpu_matmul(r) && !is_library(r) && ok_timed(r) && same_work(r, lib) &&
            (!best || r->ms.runtime_ms < best->ms.runtime_ms))
            best = r;
    }
    return best;
}

size_t versus_pairs(const struct analysis *a, struct versus_pair *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < a->nrows && n < cap; i++) {
        const struct analysis_row *r = &a->rows[i];
        int seen = 0;
        for (size_t j = 0; j < n && !seen; j++)
            seen = analysis_same_kernel(out[j].lib, r);
        if (seen || !is_library(r) || (r->v && r->v->family != FAMILY_MATMUL) || !ok_timed(r))
            continue;
        out[n].own = fastest_own(a, r);
        if (out[n].own) {
            out[n].lib = r;
            n++;
        }
    }
    return n;
}
