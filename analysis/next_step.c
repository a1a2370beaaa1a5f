#include "analysis/next_step.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/rule_expr.h"

struct rule {
    const char *id, *when, *finding, *candidates;
};

#define RULE(id, when, finding, candidates) {#id, when, finding, candidates},
static const struct rule rules[] = {
#include "analysis/rules.def"
};
#undef RULE

/* A kernel of ours that ran and verified: a library call or the CPU has no
 * model to reason with. */
static int row_ok(const struct analysis_row *r)
{
    return strcmp(r->status, "ok") == 0 && r->v && r->has_theory && variant_on_gpu(r->v) &&
           r->geo.threads_per_block > 0 && isfinite(r->th.gld_words);
}

/* Share of what the launch can keep busy: lanes of its warps, SMs of its
 * last wave, and warps x independent outputs against the latency target. */
static double busy_share(const struct analysis_row *r)
{
    double tpb = r->geo.threads_per_block, waves = r->geo.waves, occ = r->geo.theoretical_occupancy_pct;
    if (!(tpb > 0) || !(waves > 0) || !(occ > 0))
        return NAN;
    double lanes = tpb / (32.0 * ceil(tpb / 32.0));
    double fill = waves / ceil(waves);
    double ilp = r->v->family == FAMILY_MATMUL ? (double)r->v->rx * r->v->ry : 1.0;
    double latency = fmin(1.0, occ * ilp / NEXT_STEP_LATENCY_WARPS_PCT);
    return lanes * fill * latency;
}

static double matmul_bound_gflops(const struct analysis_row *r, const struct roofline *roof)
{
    double fp32 = roofline_fp32_gflops(roof), l1 = roofline_bw_gbs(roof, ROOF_L1);
    double words = r->th.gld_words + r->th.gst_words + r->th.shared_ld_words + r->th.shared_st_words;
    double flop_per_byte = r->th.flops / (4.0 * words);
    if (isnan(l1) || !(words > 0))
        return fp32;
    return fmin(fp32, l1 * flop_per_byte);
}

/* Time per compulsory byte: DRAM moves whole sectors (the waste of a
 * strided side), shared memory replays each conflict way. */
static double transpose_bound_gbs(const struct analysis_row *r, const struct roofline *roof)
{
    double dram = roofline_bw_gbs(roof, ROOF_DRAM), smem = roofline_bw_gbs(roof, ROOF_L1);
    double waste_ld = fmax(1.0, analysis_sector_waste(r, 0)), waste_st = fmax(1.0, analysis_sector_waste(r, 1));
    double t_dram = 0.5 * (waste_ld + waste_st) / dram, t_smem = 0;
    if (r->th.shared_ld_words > 0 && !isnan(smem))
        t_smem = 0.5 * (fmax(1.0, r->th.bank_conflict_ways_ld) + fmax(1.0, r->th.bank_conflict_ways_st)) / smem;
    return 1.0 / fmax(t_dram, t_smem);
}

double next_step_rate_estimate(const struct analysis_row *r, const struct roofline *roof)
{
    if (!row_ok(r))
        return NAN;
    double bound = r->v->family == FAMILY_MATMUL ? matmul_bound_gflops(r, roof) : transpose_bound_gbs(r, roof);
    return bound * busy_share(r);
}

static double measured_rate(const struct analysis_row *r)
{
    return r->v->family == FAMILY_MATMUL ? r->ms.gflop_s : r->ms.gb_s;
}

static const struct analysis_row *find_row(const struct analysis *a, const char *variant, const struct analysis_row *at)
{
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        if (r->m == at->m && r->n == at->n && r->k == at->k && strcmp(r->variant, variant) == 0)
            return row_ok(r) ? r : NULL;
    }
    return NULL;
}

/* The candidate of list the model expects fastest, if faster than r. */
static void pick_next(const struct analysis *a, const struct roofline *roof, const struct analysis_row *r,
                      const char *list, struct next_step *out)
{
    double own = next_step_rate_estimate(r, roof);
    char name[64];
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, " ");
        if (len > 0 && len < sizeof name) {
            memcpy(name, p, len);
            name[len] = '\0';
            const struct analysis_row *c = strcmp(name, r->variant) ? find_row(a, name, r) : NULL;
            double speedup = c ? next_step_rate_estimate(c, roof) / own : NAN;
            int measured_slower = c && measured_rate(c) < measured_rate(r); /* NaN: not measured, not slower */
            if (speedup >= NEXT_STEP_MIN_SPEEDUP && !measured_slower && (!out->next || speedup > out->est_speedup)) {
                out->next = c;
                out->est_speedup = speedup;
            }
        }
        p += len;
        p += strspn(p, " ");
    }
    if (out->next)
        out->measured_speedup = measured_rate(out->next) / measured_rate(r);
}

/* The variant of r's family and size this run measured fastest, when it is
 * not the next step, beats r and beats the next step. */
static void fastest_measured(const struct analysis *a, const struct analysis_row *r, struct next_step *out)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *c = &a->rows[i];
        if (!row_ok(c) || c->v->kind == KIND_TR_COPY || c->v->kind == KIND_TR_COPY_SHARED) /* copies never transpose */
            continue;
        if (c->v->family == r->v->family && c->m == r->m && c->n == r->n && c->k == r->k &&
            (!best || measured_rate(c) > measured_rate(best)))
            best = c;
    }
    double speedup = best ? measured_rate(best) / measured_rate(r) : NAN;
    if (!best || best == out->next || !(speedup >= NEXT_STEP_MIN_SPEEDUP) ||
        (out->next && !(speedup > out->measured_speedup)))
        return;
    out->fastest = best;
    out->fastest_speedup = speedup;
}

int next_step_for(const struct analysis *a, const struct roofline *roof, size_t i, struct next_step *out,
                  char *err, size_t err_len)
{
    const struct analysis_row *r = &a->rows[i];
    *out = (struct next_step){.est_speedup = NAN, .measured_speedup = NAN, .fastest_speedup = NAN};
    if (!row_ok(r))
        return 0;
    for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
        char why[256];
        int holds = rule_holds(rules[k].when, r, why, sizeof why);
        if (holds < 0) {
            snprintf(err, err_len, "analysis/rules.def, rule %s: %s", rules[k].id, why);
            return -1;
        }
        if (!holds)
            continue;
        out->rule = rules[k].id;
        rule_format(rules[k].finding, r, out->finding, sizeof out->finding);
        pick_next(a, roof, r, rules[k].candidates, out);
        fastest_measured(a, r, out);
        return 1;
    }
    return 0;
}

int next_step_check_run(const struct analysis *a, const struct roofline *roof, struct next_step_check *c,
                        char *err, size_t err_len)
{
    *c = (struct next_step_check){0};
    for (size_t i = 0; i < a->nrows; i++) {
        struct next_step s;
        if (next_step_for(a, roof, i, &s, err, err_len) < 0)
            return -1;
        if (!s.next || isnan(s.measured_speedup))
            continue;
        c->steps++;
        c->faster += s.measured_speedup > 1.0;
        double ratio = s.est_speedup / s.measured_speedup;
        c->within_2x += ratio >= 0.5 && ratio <= 2.0;
    }
    return 0;
}
