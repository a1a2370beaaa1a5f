#include "analysis/verdict.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/roofline.h"

const char *sol_unit_name(enum sol_unit u)
{
    static const char *const names[SOL_UNITS] = {"DRAM", "L2", "L1/shared", "FP32", "issue"};
    return u < SOL_UNITS ? names[u] : "?";
}

/* The counted pass's own duration, as ncu's SOL: the counters' bytes and
 * instructions over the time they took; the timed runtime when the run has
 * no elapsed cycles. */
static double time_ms(const struct analysis_row *r)
{
    return isfinite(r->ms.counter_ms) && r->ms.counter_ms > 0 ? r->ms.counter_ms : r->ms.runtime_ms;
}

double analysis_launch_ms(const struct analysis_row *r)
{
    return isfinite(r->ms.runtime_ms) && r->ms.runtime_ms > 0 ? r->ms.runtime_ms : r->ms.counter_ms;
}

/* bytes / time against a roof in GB/s, in %. */
static double pct_of(double bytes, double ms, double roof_gbs)
{
    return bytes >= 0 && ms > 0 && roof_gbs > 0 ? 100.0 * bytes / (ms * 1e6) / roof_gbs : NAN;
}

/* The L1 data pipe's bytes: T-stage (global, local) and shared wavefronts;
 * NaN when neither is measured. */
static double l1_shared_bytes(const struct measured *m)
{
    double shared = SOL_SHARED_WAVEFRONT_BYTES * m->shared_wavefronts;
    if (isnan(m->l1_bytes))
        return shared;
    return isnan(shared) ? m->l1_bytes : m->l1_bytes + shared;
}

/* FP32 pipe slots as FFMA-equivalent FLOPs; the executed FLOPs when the
 * split is not in the run. */
static double fp32_slot_flops(const struct measured *m)
{
    double slots = 2.0 * (m->fadd + m->fmul + m->ffma);
    return isnan(slots) ? m->flops_executed : slots;
}

static void row_sol(struct analysis_row *r, const struct roofline *roof)
{
    double ms = time_ms(r);
    const struct measured *m = &r->ms;
    r->sol_time_ms = ms;
    r->sol_pct[SOL_DRAM] = pct_of(m->dram_bytes, ms, roofline_bw_gbs(roof, ROOF_DRAM));
    r->sol_pct[SOL_L2] = pct_of(m->l2_bytes, ms, roofline_bw_gbs(roof, ROOF_L2));
    r->sol_pct[SOL_L1_SHARED] = pct_of(l1_shared_bytes(m), ms, roofline_smem_gbs(roof));
    r->sol_pct[SOL_FP32] = pct_of(fp32_slot_flops(m), ms, roofline_fp32_gflops(roof));
    r->sol_pct[SOL_ISSUE] = m->ipc >= 0 ? 100.0 * m->ipc / SOL_ISSUE_PER_CYCLE : NAN;
}

void analysis_fit_roofs(const struct analysis *a, struct roofline *roof)
{
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        double ms = time_ms(r);
        if (strcmp(r->status, "ok") != 0 || !(ms > 0))
            continue;
        char label[72];
        analysis_kernel_label(r, label, sizeof label - 1);
        const struct measured *m = &r->ms;
        roofline_raise(roof, ROOF_DRAM, m->dram_bytes / (ms * 1e6), label);
        roofline_raise(roof, ROOF_L2, m->l2_bytes / (ms * 1e6), label);
        roofline_raise(roof, ROOF_L1, l1_shared_bytes(m) / (ms * 1e6), label);
        roofline_raise(roof, ROOF_FP32, fp32_slot_flops(m) / (ms * 1e6), label);
    }
}

void analysis_attach_roofs(struct analysis *a, const struct roofline *roof)
{
    for (size_t i = 0; i < a->nrows; i++)
        row_sol(&a->rows[i], roof);
}

struct verdict analysis_verdict(const struct analysis_row *r)
{
    struct verdict v = {VERDICT_UNKNOWN, SOL_DRAM, NAN};
    if (strcmp(r->status, "ok") != 0)
        return v;
    for (int u = 0; u < SOL_UNITS; u++)
        if (isfinite(r->sol_pct[u]) && (isnan(v.pct) || r->sol_pct[u] > v.pct)) {
            v.unit = (enum sol_unit)u;
            v.pct = r->sol_pct[u];
        }
    if (isnan(v.pct))
        return v;
    v.kind = v.pct >= VERDICT_BOUND_PCT ? VERDICT_BOUND : VERDICT_LATENCY;
    return v;
}

const char *verdict_word(const struct analysis_row *r)
{
    struct verdict v = analysis_verdict(r);
    if (v.kind == VERDICT_UNKNOWN)
        return "";
    return v.kind == VERDICT_BOUND ? sol_unit_name(v.unit) : "latency";
}

void verdict_stall_note(const struct analysis_row *r, char *buf, size_t len)
{
    buf[0] = '\0';
    if (r->top_stall[0])
        snprintf(buf, len, "; top stall %s (%.0f %% of samples)", r->top_stall, r->top_stall_pct);
    if (r->top_line[0])
        snprintf(buf + strlen(buf), len - strlen(buf), "%s hottest line %s (%.0f %%)", buf[0] ? "," : ";",
                 r->top_line, r->top_line_pct);
}

void verdict_text(const struct analysis_row *r, char *buf, size_t len)
{
    struct verdict v = analysis_verdict(r);
    char stall[256];
    verdict_stall_note(r, stall, sizeof stall);
    if (v.kind == VERDICT_UNKNOWN)
        snprintf(buf, len, "not known (no counters or no roofs)");
    else if (v.kind == VERDICT_BOUND)
        snprintf(buf, len, "%s-bound at %.0f %% of its roof%s", sol_unit_name(v.unit), v.pct, stall);
    else { /* 59.6 % must not read "60 %" under "below 60 %" */
        char unknown[64] = "";
        for (int u = 0; u < SOL_UNITS; u++)
            if (isnan(r->sol_pct[u]))
                snprintf(unknown + strlen(unknown), sizeof unknown - strlen(unknown), "%s%s",
                         unknown[0] ? ", " : "; not known: ", sol_unit_name((enum sol_unit)u));
        snprintf(buf, len, "latency-bound: every %sunit below %.0f %% of its roof (highest %s, %.*f %%%s)%s",
                 unknown[0] ? "measured " : "", VERDICT_BOUND_PCT, sol_unit_name(v.unit),
                 v.pct >= VERDICT_BOUND_PCT - 0.5 ? 1 : 0, v.pct, unknown, stall);
    }
}
