/* Comparing two series (compare.h). */
#include "xcheck/compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/stats.h"
#include "xcheck/tolerance.h"

static void value_text(char *buf, size_t len, double v)
{
    if (isnan(v))
        buf[0] = '\0';
    else
        snprintf(buf, len, "%.17g", v);
}

static void t_text(char *buf, size_t len, double t)
{
    if (isnan(t))
        buf[0] = '\0';
    else if (isinf(t))
        snprintf(buf, len, "inf");
    else
        snprintf(buf, len, "%.1f", t);
}

/* The row's verdict columns from the two values (NaN: not measured);
 * varies: an exact-class counter that one tool did not reproduce itself. */
static void judge(struct xc_row *row, enum metric_class cls, double a, double b, int kernels, long floor_sectors,
                  int varies)
{
    static const char *const names[] = {[XC_OK] = "ok", [XC_MISS] = "MISS", [XC_INFO_ONLY] = "info"};
    double rel;
    enum xc_verdict v = xc_judge(cls, row->metric, a, b, floor_sectors, &rel);
    if (isnan(rel))
        snprintf(row->diff, sizeof row->diff, "-");
    else
        snprintf(row->diff, sizeof row->diff, "%.4f%%", 100 * rel);
    xc_limit_text(cls, floor_sectors, row->limit, sizeof row->limit);
    if (kernels > 1) /* ncu summed several kernels (a library call) into the value */
        snprintf(row->result, sizeof row->result, "%s (%d kernels)", names[v], kernels);
    else if (varies)
        snprintf(row->result, sizeof row->result, "%s (varies)", names[v]);
    else
        snprintf(row->result, sizeof row->result, "%s", names[v]);
}

const struct xc_shape *xc_row_shape(const struct xc_series *a, const struct xc_series *b)
{
    return a->shape.k == 0 ? &b->shape : &a->shape;
}

static void start_row(struct xc_row *row, const struct xc_series *a, const struct xc_series *b, const char *metric)
{
    memset(row, 0, sizeof *row);
    snprintf(row->variant, sizeof row->variant, "%s", a->variant);
    xc_shape_text(xc_row_shape(a, b), row->shape, sizeof row->shape);
    snprintf(row->metric, sizeof row->metric, "%s", metric);
}

static double median_of(const struct stats_summary *s)
{
    return s->runs ? s->median : NAN;
}

/* Shared-memory wavefronts minus bank conflicts: the access pattern's own
 * wavefronts. Conflicts from contention differ between any two runs (the
 * reference run saw tr_pad's store wavefronts 0.35 % and its conflicts 12 %
 * apart), while this difference matched exactly for every kernel. */
static void net_wavefronts(const struct xc_series *a, const struct xc_series *b, const struct str_list *m,
                           const char *op, long floor_sectors, xc_emit_fn emit, void *ctx)
{
    char wname[96], cname[96], label[64];
    snprintf(wname, sizeof wname, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum", op);
    snprintf(cname, sizeof cname, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_%s.sum", op);
    int w = str_list_find(m, wname), c = str_list_find(m, cname);
    if (w < 0 || c < 0)
        return;
    double net[2];
    const struct xc_series *sides[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        struct stats_summary sw, sc;
        stats_summarize(sides[i]->values[w], sides[i]->nvalues[w], &sw);
        stats_summarize(sides[i]->values[c], sides[i]->nvalues[c], &sc);
        net[i] = median_of(&sw) - median_of(&sc); /* NaN when either is missing */
    }
    struct xc_row row;
    snprintf(label, sizeof label, "shared %s wavefronts - bank conflicts", op);
    start_row(&row, a, b, label);
    value_text(row.a, sizeof row.a, net[0]);
    value_text(row.b, sizeof row.b, net[1]);
    judge(&row, METRIC_EXACT, net[0], net[1], 1, floor_sectors, 0);
    emit(&row, ctx);
}

void xc_compare_series(const struct xc_series *a, const struct xc_series *b, const struct str_list *m,
                       long floor_sectors, xc_emit_fn emit, void *ctx)
{
    for (size_t i = 0; i < m->n; i++) {
        struct stats_summary sa, sb;
        stats_summarize(a->values[i], a->nvalues[i], &sa);
        stats_summarize(b->values[i], b->nvalues[i], &sb);
        struct xc_row row;
        start_row(&row, a, b, m->item[i]);
        value_text(row.a, sizeof row.a, median_of(&sa));
        value_text(row.b, sizeof row.b, median_of(&sb));
        /* An event count is exact only where the kernel repeats itself: one
           that spins on flags (CUB's decoupled look-back in the onesweep
           radix sort) loads a different number of times each run, under
           either tool. Such a counter, seen to vary across one tool's
           runs, is held to the totals' limit instead. */
        enum metric_class cls = metric_class_of(m->item[i]);
        int varies = cls == METRIC_EXACT && (sa.spread_pct > 100 * XC_EXACT_REL || sb.spread_pct > 100 * XC_EXACT_REL);
        judge(&row, varies ? METRIC_TOTAL : cls, median_of(&sa), median_of(&sb), b->kernels[i], floor_sectors, varies);
        if (sa.runs > 1) /* one run has no spread */
            snprintf(row.spread_a, sizeof row.spread_a, "%.4f%%", sa.spread_pct);
        if (sb.runs > 1)
            snprintf(row.spread_b, sizeof row.spread_b, "%.4f%%", sb.spread_pct);
        t_text(row.t, sizeof row.t, stats_welch_t(&sa, &sb));
        emit(&row, ctx);
    }
    net_wavefronts(a, b, m, "ld", floor_sectors, emit, ctx);
    net_wavefronts(a, b, m, "st", floor_sectors, emit, ctx);
}

/* A percentage of the elapsed class may differ by 1 point where that is more
 * than 2 % (values under 50): its standard error counts against that larger
 * limit, scaled to the 2 % the threshold is written for. */
static double se_against_limit(const char *metric, double se_pct, const double *b, size_t nb)
{
    if (metric_class_of(metric) != METRIC_ELAPSED)
        return se_pct;
    struct stats_summary sb;
    stats_summarize(b, nb, &sb);
    return se_pct * XC_REL / xc_elapsed_limit_rel(metric, sb.median);
}

double xc_worst_median_diff_se(const struct xc_series *a, const struct xc_series *b, const struct str_list *m,
                               const char **metric)
{
    double worst = 0;
    *metric = NULL;
    for (size_t i = 0; i < m->n; i++) {
        enum metric_class cls = metric_class_of(m->item[i]);
        if ((cls != METRIC_TOTAL && cls != METRIC_ELAPSED) || a->nvalues[i] == 0 || b->nvalues[i] == 0)
            continue;
        double e = se_against_limit(m->item[i],
                                    stats_median_diff_se_pct(a->values[i], a->nvalues[i], b->values[i], b->nvalues[i]),
                                    b->values[i], b->nvalues[i]);
        if (e > worst) {
            worst = e;
            *metric = m->item[i];
        }
    }
    return worst;
}
