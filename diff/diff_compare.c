#include "diff/diff_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metric_ids.h"
#include "common/stats.h"
#include "common/util.h"
#include "xcheck/tolerance.h"

/* The counters a change of code or compiler moves: memory traffic at each
 * level, shared-memory work and conflicts, occupancy, FP32 work, registers.
 * class_of names the metric whose noise class (common/metric_class.c) the
 * counter has; NULL: fixed by the compiler (registers), so exact.
 *
 * A counter of the information class (it moves with contention or with what
 * L2 still holds) changes when it moves by more than the threshold of its
 * natural whole (scale), not of itself: 0 -> 256 DRAM bytes written, or
 * 1 -> 2 bank conflicts among a million wavefronts, is not a change of the
 * kernel. DRAM writes are not compared while the output fits in L2: whether
 * it reaches DRAM before the counters stop is chance. */
struct counter {
    const char *name;
    const char *metric; /* raw Perfworks counter, or NULL when field is used */
    double (*field)(const struct analysis_row *r);
    const char *class_of;
    double (*scale)(const struct diff_run *r, size_t row); /* NULL: the counter itself */
    int (*applies)(const struct diff_run *r, size_t row);  /* NULL: always */
};

static double flops(const struct analysis_row *r)
{
    return r->ms.flops_executed;
}

static double regs(const struct analysis_row *r)
{
    return r->geo.regs_per_thread;
}

/* Bytes each input read once and the output written once: the scale of DRAM traffic. */
static double compulsory(const struct diff_run *r, size_t row)
{
    double model = r->a.rows[row].th.bytes_compulsory;
    return isnan(model) ? table_num(r->results, row, table_col(r->results, "bytes_compulsory")) : model;
}

static double ld_wavefronts(const struct diff_run *r, size_t row)
{
    return metric_value(r->results, row, MET_SHARED_LD_WAVEFRONTS);
}

static double st_wavefronts(const struct diff_run *r, size_t row)
{
    return metric_value(r->results, row, MET_SHARED_ST_WAVEFRONTS);
}

/* Occupancy moves in percentage points of the whole SM. */
static double whole_sm_pct(const struct diff_run *r, size_t row)
{
    (void)r;
    (void)row;
    return 100;
}

/* The output of both families is M x N 4-byte words. */
static int output_exceeds_l2(const struct diff_run *r, size_t row)
{
    const struct analysis_row *a = &r->a.rows[row];
    return isnan(r->l2_bytes) || (double)a->m * (double)a->n * sizeof(float) > r->l2_bytes;
}

static const struct counter counters[] = {
    {"dram_read_bytes", MET_DRAM_READ_BYTES, NULL, MET_DRAM_READ_BYTES, NULL, NULL},
    {"dram_write_bytes", MET_DRAM_WRITE_BYTES, NULL, MET_DRAM_WRITE_BYTES, compulsory, output_exceeds_l2},
    {"gld_sectors", MET_GLD_SECTORS, NULL, MET_GLD_SECTORS, NULL, NULL},
    {"gst_sectors", MET_GST_SECTORS, NULL, MET_GST_SECTORS, NULL, NULL},
    {"shared_ld_wavefronts", MET_SHARED_LD_WAVEFRONTS, NULL, MET_SHARED_LD_WAVEFRONTS, NULL, NULL},
    {"shared_st_wavefronts", MET_SHARED_ST_WAVEFRONTS, NULL, MET_SHARED_ST_WAVEFRONTS, NULL, NULL},
    {"bank_conflicts_ld", MET_SHARED_LD_CONFLICTS, NULL, MET_SHARED_LD_CONFLICTS, ld_wavefronts, NULL},
    {"bank_conflicts_st", MET_SHARED_ST_CONFLICTS, NULL, MET_SHARED_ST_CONFLICTS, st_wavefronts, NULL},
    {"achieved_occupancy", MET_ACHIEVED_OCCUPANCY_PCT, NULL, MET_ACHIEVED_OCCUPANCY_PCT, whole_sm_pct, NULL},
    {"flops", NULL, flops, MET_FFMA, NULL, NULL},
    {"regs_per_thread", NULL, regs, NULL, NULL, NULL},
};
_Static_assert(sizeof counters / sizeof counters[0] <= DIFF_MAX_COUNTERS, "raise DIFF_MAX_COUNTERS");

const char *diff_time_name(enum time_verdict t)
{
    static const char *const names[] = {"same", "noise", "FASTER", "SLOWER", "-"};
    return names[t];
}

int diff_run_from(const struct run_view *v, struct diff_run *r, char *err, size_t err_len)
{
    memset(r, 0, sizeof *r);
    r->dir = v->dir;
    int rc = analysis_build(v, &r->a, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    r->results = v->results;
    r->samples = v->samples;
    r->l2_bytes = meta_num(&v->meta, "device.l2_bytes");
    roofline_read(v->meta.root, &r->roof);
    return EXIT_OK;
}

int diff_run_load(const char *dir, struct run_view *v, struct diff_run *r, char *err, size_t err_len)
{
    int rc = run_view_load(dir, DIFF_RUN_VIEW, v, err, err_len);
    if (rc == EXIT_OK && (rc = diff_run_from(v, r, err, err_len)) != EXIT_OK)
        run_view_free(v);
    return rc;
}

void diff_run_free(struct diff_run *r)
{
    analysis_free(&r->a);
    r->results = NULL;
    r->samples = NULL;
}

static void describe(char *buf, size_t len, const struct diff_run *r)
{
    snprintf(buf, len, "%s (%.0f SMs)", r->a.run.device_name[0] ? r->a.run.device_name : "an unnamed GPU",
             r->a.run.sm_count);
}

int diff_same_device(const struct diff_run *a, const struct diff_run *b, char *why, size_t why_len)
{
    const struct run_info *x = &a->a.run, *y = &b->a.run;
    int same_sms = (isnan(x->sm_count) && isnan(y->sm_count)) || x->sm_count == y->sm_count;
    if (strcmp(x->device_name, y->device_name) == 0 && same_sms)
        return 0;
    char da[400], db[400];
    describe(da, sizeof da, a);
    describe(db, sizeof db, b);
    snprintf(why, why_len, "A ran on %s, B on %s: the times compare the GPUs, not the code", da, db);
    return -1;
}

/* The variant column as results.csv holds it: a profiled kernel's whole
 * demangled name (analysis_row.variant may be cut). */
static const char *full_name(const struct diff_run *r, size_t i)
{
    return table_str(r->results, i, table_col(r->results, "variant"));
}

static int same_key(const struct diff_run *x, size_t ix, const struct diff_run *y, size_t iy)
{
    const struct analysis_row *a = &x->a.rows[ix], *b = &y->a.rows[iy];
    return a->m == b->m && a->n == b->n && a->k == b->k && strcmp(full_name(x, ix), full_name(y, iy)) == 0;
}

size_t diff_occurrence(const struct diff_run *r, size_t i)
{
    size_t k = 0;
    for (size_t j = 0; j < i; j++)
        k += same_key(r, j, r, i);
    return k;
}

size_t diff_find(const struct diff_run *b, const struct diff_run *a, size_t ia, size_t nth)
{
    for (size_t i = 0; i < b->a.nrows; i++)
        if (same_key(b, i, a, ia) && nth-- == 0)
            return i;
    return b->a.nrows;
}

static double column(const struct diff_run *r, size_t row, const char *name)
{
    return table_num(r->results, row, table_col(r->results, name));
}

/* B/A, with 0/0 = 1 (nothing before, nothing after) and x/0 = infinity. */
static double ratio(double a, double b)
{
    if (a == 0)
        return b == 0 ? 1 : INFINITY;
    return b / a;
}

static double counter_value(const struct diff_run *r, size_t row, const struct counter *c)
{
    return c->metric ? metric_value(r->results, row, c->metric) : c->field(&r->a.rows[row]);
}

/* The larger of the counters and their scales in the two runs: a 1 % wobble
 * of DRAM traffic 40 times the compulsory bytes is still a wobble. */
static double scale_of(const struct counter *c, const struct diff_run *A, size_t ia, const struct diff_run *B,
                       size_t ib, double a, double b)
{
    double s = fmax(fabs(a), fabs(b));
    return c->scale ? fmax(s, fmax(c->scale(A, ia), c->scale(B, ib))) : s; /* fmax ignores a NaN scale */
}

static int counter_moved(const struct counter *c, const struct diff_run *A, size_t ia, const struct diff_run *B,
                         size_t ib, double a, double b, double threshold_pct, const struct diff_pair *p)
{
    enum metric_class cls = c->class_of ? metric_class_of(c->class_of) : METRIC_EXACT;
    double rel;
    /* under about 50 us the elapsed class moves by more (occupancy of 10-25 us transposes by up
     * to 2.4 points against ncu, docs/fidelity.md): judged against its whole, as information */
    if (cls == METRIC_ELAPSED && !(fmin(p->time_a, p->time_b) >= DIFF_ELAPSED_MIN_MS))
        cls = METRIC_INFO;
    if (cls == METRIC_EXACT) /* the same code and shape give the same count, to the unit */
        return a != b;
    if (cls == METRIC_INFO)
        return fabs(b - a) * 100 > threshold_pct * scale_of(c, A, ia, B, ib, a, b);
    /* beyond the cross-check's limit and the threshold: a run is one placement and one
     * process, and between one-GPU runs of one build DRAM reads moved up to 3.6 % and
     * achieved occupancy 2.1 % (docs/diff.md), beyond the 2 % the cross-check allows
     * medians over placements */
    return xc_judge(cls, c->class_of, b, a, XC_FLOOR_SECTORS_DEFAULT, &rel) == XC_MISS && rel * 100 > threshold_pct;
}

static void compare_counters(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib,
                             double threshold_pct, struct diff_pair *p)
{
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++) {
        const struct counter *c = &counters[i];
        double a = counter_value(A, ia, c), b = counter_value(B, ib, c);
        int applies = !c->applies || (c->applies(A, ia) && c->applies(B, ib));
        if (!isfinite(a) || !isfinite(b) || !applies)
            continue;
        p->ncounters++;
        if (counter_moved(c, A, ia, B, ib, a, b, threshold_pct, p))
            p->changed[p->nchanged++] = (struct counter_change){c->name, a, b, ratio(a, b)};
    }
}

/* Whether [min, max] of A and of B are apart; -1 when either is unknown. */
static int ranges_apart(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib)
{
    double lo_a = column(A, ia, "min_ms"), hi_a = column(A, ia, "max_ms");
    double lo_b = column(B, ib, "min_ms"), hi_b = column(B, ib, "max_ms");
    if (isnan(lo_a) || isnan(hi_a) || isnan(lo_b) || isnan(hi_b))
        return -1;
    return hi_a < lo_b || hi_b < lo_a;
}

/* Attained, in % of the run's roof: the hierarchical roofline's binding for
 * a matmul (as the report's findings), DRAM bandwidth for a transpose. */
static double roof_pct(const struct diff_run *r, const struct analysis_row *a)
{
    if (!(a->ms.gflop_s > 0)) {
        double bw = roofline_bw_gbs(&r->roof, ROOF_DRAM);
        return a->ms.gb_s > 0 && bw > 0 ? 100 * a->ms.gb_s / bw : NAN;
    }
    double dram = isnan(a->ms.intensity_dram_flop_per_byte) && a->has_theory && a->th.bytes_compulsory > 0
                      ? a->th.flops / a->th.bytes_compulsory
                      : a->ms.intensity_dram_flop_per_byte;
    double i[ROOF_LEVELS] = {a->ms.intensity_l1_flop_per_byte, a->ms.intensity_l2_flop_per_byte, dram};
    struct roof_binding b = roofline_binding(&r->roof, i, a->ms.gflop_s);
    return b.known ? b.pct_of_roof : NAN;
}

static void time_interval(const struct diff_run *A, const struct diff_run *B, struct diff_pair *p)
{
    const struct analysis_row *a = p->ra, *b = p->rb;
    const double *sa = samples_find(A->samples, a->variant, a->m, a->n, a->k, &p->samples_a);
    const double *sb = samples_find(B->samples, b->variant, b->m, b->n, b->k, &p->samples_b);
    double r;
    p->has_interval = sa && sb &&
                      stats_median_ratio_interval(sa, p->samples_a, sb, p->samples_b, DIFF_INTERVAL_Z, &r,
                                                  &p->ratio_lo, &p->ratio_hi) == 0;
    if (p->has_interval) /* the samples' median is results.csv's, to the digits kept there */
        p->ratio = r;
    else
        p->ratio_lo = p->ratio_hi = NAN;
}

double diff_effective_threshold(const struct diff_pair *p, double threshold_pct)
{
    if (p->ra->v && !variant_on_gpu(p->ra->v) && threshold_pct < DIFF_HOST_THRESHOLD_PCT)
        threshold_pct = DIFF_HOST_THRESHOLD_PCT;
    if (p->one_launch && threshold_pct < DIFF_ONE_LAUNCH_THRESHOLD_PCT)
        threshold_pct = DIFF_ONE_LAUNCH_THRESHOLD_PCT;
    if (fmin(p->time_a, p->time_b) < DIFF_SHORT_KERNEL_MS && threshold_pct < DIFF_SHORT_THRESHOLD_PCT)
        threshold_pct = DIFF_SHORT_THRESHOLD_PCT;
    return threshold_pct;
}

enum time_verdict diff_time_at(const struct diff_pair *p, double threshold_pct)
{
    double t = diff_effective_threshold(p, threshold_pct) / 100;
    if (p->time == TIME_UNMEASURED)
        return TIME_UNMEASURED;
    if (fabs(p->ratio - 1) <= t)
        return TIME_SAME;
    if (p->has_interval) {
        if (p->ratio_lo > 1 + t)
            return TIME_SLOWER;
        return p->ratio_hi < 1 - t ? TIME_FASTER : TIME_NOISE;
    }
    if (p->ranges_apart == 0)
        return TIME_NOISE;
    return p->ratio > 1 ? TIME_SLOWER : TIME_FASTER;
}

static void compare_time(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib,
                         double threshold_pct, struct diff_pair *p)
{
    int ok = strcmp(p->ra->status, "ok") == 0 && strcmp(p->rb->status, "ok") == 0;
    p->time_a = p->ra->ms.runtime_ms;
    p->time_b = p->rb->ms.runtime_ms;
    p->ratio = ratio(p->time_a, p->time_b);
    p->ranges_apart = ranges_apart(A, ia, B, ib);
    p->one_launch = column(A, ia, "runs") < 2 || column(B, ib, "runs") < 2;
    if (p->one_launch)
        p->ranges_apart = -1; /* min = max = the one time: apart says nothing */
    p->roof_pct_a = roof_pct(A, p->ra);
    p->roof_pct_b = roof_pct(B, p->rb);
    time_interval(A, B, p);
    if (!ok || !isfinite(p->time_a) || !isfinite(p->time_b) || p->time_a <= 0) {
        p->time = TIME_UNMEASURED;
        return;
    }
    p->time = TIME_SAME; /* anything but unmeasured, for diff_time_at */
    p->time = diff_time_at(p, threshold_pct);
}

void diff_compare(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib, double threshold_pct,
                  struct diff_pair *p)
{
    memset(p, 0, sizeof *p);
    p->ra = &A->a.rows[ia];
    p->rb = &B->a.rows[ib];
    p->status_changed = strcmp(p->ra->status, p->rb->status) != 0;
    p->cgma_a = p->ra->ms.cgma_thread_flop_per_word;
    p->cgma_b = p->rb->ms.cgma_thread_flop_per_word;
    compare_time(A, ia, B, ib, threshold_pct, p);
    compare_counters(A, ia, B, ib, threshold_pct, p);
}

int diff_significant(const struct diff_pair *p)
{
    return p->status_changed || p->time == TIME_FASTER || p->time == TIME_SLOWER || p->nchanged > 0;
}
