#include "reports/diff_compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/metric_ids.h"
#include "common/util.h"
#include "reports/raw_rows.h"
#include "reports/run_meta.h"

/* The counters a change of code or compiler moves: memory traffic at each
 * level, shared-memory work and conflicts, occupancy, FP32 work, registers.
 *
 * A change counts against the counter's natural whole (scale), not against
 * itself: 0 -> 256 DRAM bytes written, or 1 -> 2 bank conflicts among a
 * million wavefronts, is not a change of the kernel. DRAM bytes vary from
 * run to run with what L2 still holds, conflicts with scheduling. DRAM
 * writes are not compared while the output fits in L2: whether it reaches
 * DRAM before the counters stop is chance (DESIGN.md, collector facts). */
struct counter {
    const char *name;
    const char *metric; /* raw Perfworks counter, or NULL when field is used */
    double (*field)(const struct analysis_row *r);
    double (*scale)(const struct diff_run *r, size_t row); /* NULL: the counter itself */
    int (*applies)(const struct diff_run *r, size_t row);  /* NULL: always */
};

#define FIELD(fn, expr)                               \
    static double fn(const struct analysis_row *r)    \
    {                                                 \
        return (expr);                                \
    }
FIELD(dram_read, r->ms.dram_read_bytes)
FIELD(dram_write, r->ms.dram_write_bytes)
FIELD(gld, r->ms.gld_sectors)
FIELD(gst, r->ms.gst_sectors)
FIELD(occupancy, r->ms.achieved_occupancy_pct)
FIELD(flops, r->ms.flops_executed)
FIELD(regs, r->geo.regs_per_thread)

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

/* The output of both families is M x N 4-byte words. */
static int output_exceeds_l2(const struct diff_run *r, size_t row)
{
    const struct analysis_row *a = &r->a.rows[row];
    return isnan(r->l2_bytes) || (double)a->m * (double)a->n * sizeof(float) > r->l2_bytes;
}

/* Occupancy moves in percentage points of the whole SM. */
static double whole_sm_pct(const struct diff_run *r, size_t row)
{
    return 100;
}

static const struct counter counters[] = {
    {"dram_read_bytes", NULL, dram_read, compulsory, NULL},
    {"dram_write_bytes", NULL, dram_write, compulsory, output_exceeds_l2},
    {"gld_sectors", NULL, gld, NULL, NULL},
    {"gst_sectors", NULL, gst, NULL, NULL},
    {"shared_ld_wavefronts", MET_SHARED_LD_WAVEFRONTS, NULL, NULL, NULL},
    {"shared_st_wavefronts", MET_SHARED_ST_WAVEFRONTS, NULL, NULL, NULL},
    {"bank_conflicts_ld", MET_SHARED_LD_CONFLICTS, NULL, ld_wavefronts, NULL},
    {"bank_conflicts_st", MET_SHARED_ST_CONFLICTS, NULL, st_wavefronts, NULL},
    {"achieved_occupancy", NULL, occupancy, whole_sm_pct, NULL},
    {"flops", NULL, flops, NULL, NULL},
    {"regs_per_thread", NULL, regs, NULL, NULL},
};
_Static_assert(sizeof counters / sizeof counters[0] <= DIFF_MAX_COUNTERS, "raise DIFF_MAX_COUNTERS");

int diff_run_load(const char *dir, struct diff_run *r, char *err, size_t err_len)
{
    r->dir = dir;
    r->results = NULL;
    int rc = analysis_load(dir, &r->a, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    r->results = raw_rows_read(dir, &r->a, err, err_len);
    if (!r->results) {
        analysis_free(&r->a);
        return EXIT_USAGE;
    }
    struct run_meta meta;
    char why[512];
    r->l2_bytes = run_meta_load(dir, &meta, why, sizeof why) == 0 ? meta_num(&meta, "device.l2_bytes") : NAN;
    run_meta_free(&meta);
    return EXIT_OK;
}

void diff_run_free(struct diff_run *r)
{
    analysis_free(&r->a);
    table_free(r->results);
    r->results = NULL;
}

static void describe(char *buf, size_t len, const struct diff_run *r)
{
    snprintf(buf, len, "%s: %s, %.0f SMs", r->dir, r->a.run.device_name[0] ? r->a.run.device_name : "unnamed GPU",
             r->a.run.sm_count);
}

int diff_same_device(const struct diff_run *a, const struct diff_run *b, char *why, size_t why_len)
{
    const struct run_info *x = &a->a.run, *y = &b->a.run;
    int same_sms = (isnan(x->sm_count) && isnan(y->sm_count)) || x->sm_count == y->sm_count;
    if (strcmp(x->device_name, y->device_name) == 0 && same_sms)
        return 0;
    char da[1400], db[1400];
    describe(da, sizeof da, a);
    describe(db, sizeof db, b);
    snprintf(why, why_len, "the runs come from different devices (%s; %s)", da, db);
    return -1;
}

size_t diff_find(const struct diff_run *b, const struct analysis_row *a)
{
    for (size_t i = 0; i < b->a.nrows; i++) {
        const struct analysis_row *r = &b->a.rows[i];
        if (strcmp(r->variant, a->variant) == 0 && r->m == a->m && r->n == a->n && r->k == a->k)
            return i;
    }
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

static int beyond(double r, double threshold_pct)
{
    return fabs(r - 1) * 100 > threshold_pct;
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
        if (fabs(b - a) * 100 > threshold_pct * scale_of(c, A, ia, B, ib, a, b))
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

static void compare_time(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib,
                         double threshold_pct, struct diff_pair *p)
{
    int ok = strcmp(p->ra->status, "ok") == 0 && strcmp(p->rb->status, "ok") == 0;
    p->time_a = p->ra->ms.runtime_ms;
    p->time_b = p->rb->ms.runtime_ms;
    p->time_ratio = ratio(p->time_a, p->time_b);
    int apart = ranges_apart(A, ia, B, ib);
    p->spread_known = apart >= 0;
    if (!ok || !isfinite(p->time_a) || !isfinite(p->time_b) || p->time_a <= 0)
        p->time = TIME_UNMEASURED;
    else if (!beyond(p->time_ratio, threshold_pct))
        p->time = TIME_SAME;
    else if (apart == 0)
        p->time = TIME_NOISE;
    else
        p->time = p->time_ratio > 1 ? TIME_SLOWER : TIME_FASTER;
}

void diff_compare(const struct diff_run *A, size_t ia, const struct diff_run *B, size_t ib, double threshold_pct,
                  struct diff_pair *p)
{
    memset(p, 0, sizeof *p);
    p->ra = &A->a.rows[ia];
    p->rb = &B->a.rows[ib];
    p->status_changed = strcmp(p->ra->status, p->rb->status) != 0;
    compare_time(A, ia, B, ib, threshold_pct, p);
    compare_counters(A, ia, B, ib, threshold_pct, p);
}

int diff_significant(const struct diff_pair *p)
{
    return p->status_changed || p->time == TIME_FASTER || p->time == TIME_SLOWER || p->nchanged > 0;
}
