/* The unprofiled duration as a third opinion, and its range over local-memory
 * placements (referee.h). */
#include "xcheck/referee.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/stats.h"
#include "xcheck/compare.h"
#include "xcheck/tolerance.h"

#define CYCLES "sm__cycles_elapsed.avg"
#define CLOCK "sm__cycles_elapsed.avg.per_second"

int xc_referee_open(struct xc_referee *r, const struct xc_referee_sources *src)
{
    memset(r, 0, sizeof *r);
    if (src->timing->n == 0 && src->activity->n == 0)
        return 0;
    r->notes = open_memstream(&r->text, &r->text_len);
    return r->notes ? 0 : -1;
}

/* The median of metric i (a column of m, or -1) over series s; NaN when none. */
static double median_of(const struct xc_series *s, int i)
{
    struct stats_summary sum;
    if (i < 0)
        return NAN;
    stats_summarize(s->values[i], s->nvalues[i], &sum);
    return sum.runs ? sum.median : NAN;
}

/* The series holding series a's unprofiled duration: its activity record,
 * else timing's runs; NULL when neither has it. */
static const struct xc_series *duration_of(const struct xc_referee_sources *src, const struct xc_series *a)
{
    const struct xc_series *t = xc_side_match(src->activity, a->variant, &a->shape);
    return t ? t : xc_side_match(src->timing, a->variant, &a->shape);
}

double xc_referee_ms(const struct xc_referee_sources *src, const struct xc_series *a, int *exact)
{
    const struct xc_series *t = duration_of(src, a);
    double ms = t ? median_of(t, 0) : NAN;
    *exact = t && t == xc_side_match(src->activity, a->variant, &a->shape) &&
             (!src->activity_serial || ms >= XC_REFEREE_MIN_MS);
    return ms;
}

/* Where cycles c fall in [lo, hi]: "inside", or how far above or below. */
static void position(double c, double lo, double hi, char *buf, size_t len)
{
    if (c > hi)
        snprintf(buf, len, "%.2f %% above", 100 * (c / hi - 1));
    else if (c < lo)
        snprintf(buf, len, "%.2f %% below", 100 * (1 - c / lo));
    else
        snprintf(buf, len, "inside");
}

/* Widens [lo, hi] to the durations of series s. */
static void widen(const struct xc_series *s, double *lo, double *hi)
{
    for (size_t i = 0; i < s->nvalues[0]; i++) {
        *lo = fmin(*lo, s->values[0][i]);
        *hi = fmax(*hi, s->values[0][i]);
    }
}

/* "; over N local-memory placements LO - HI ms: mmprof POS, ncu POS", or
 * nothing when placements hold no run of the kernel. t: the run at collect's
 * own placement, one of the N. */
static void placement_range(FILE *f, const struct xc_series *t, const struct xc_side *placements,
                            const struct xc_series *a, double hz, double a_cyc, double b_cyc)
{
    const struct xc_series *p = xc_side_match(placements, a->variant, &a->shape);
    if (!p || p->nvalues[0] == 0)
        return;
    double lo = INFINITY, hi = -INFINITY;
    widen(t, &lo, &hi);
    widen(p, &lo, &hi);
    char pos_a[48], pos_b[48];
    position(a_cyc, lo * 1e-3 * hz, hi * 1e-3 * hz, pos_a, sizeof pos_a);
    position(b_cyc, lo * 1e-3 * hz, hi * 1e-3 * hz, pos_b, sizeof pos_b);
    fprintf(f, "; over %zu local-memory placements %.4f - %.4f ms: mmprof %s, ncu %s",
            t->nvalues[0] + p->nvalues[0], lo, hi, pos_a, pos_b);
}

/* Series a's unprofiled duration (ms, NaN when none), whether from an
 * activity record, its median elapsed cycles and its clock (Hz). */
struct unprofiled {
    double ms, a_cycles, hz;
    int exact;
};

static struct unprofiled unprofiled_of(const struct xc_referee_sources *src, const struct xc_series *a,
                                       const struct str_list *m)
{
    struct unprofiled u = {NAN, NAN, NAN, 0};
    u.ms = xc_referee_ms(src, a, &u.exact);
    u.a_cycles = median_of(a, str_list_find(m, CYCLES));
    u.hz = median_of(a, str_list_find(m, CLOCK));
    if (!(u.hz > 0) && u.exact) /* the clock not compared (ncu's export has it in GHz): the launch's own */
        u.hz = median_of(xc_side_match(src->activity, a->variant, &a->shape), 1);
    return u;
}

int xc_referee_upholds(const struct xc_referee_sources *src, const struct xc_series *a, const struct str_list *m)
{
    struct unprofiled u = unprofiled_of(src, a, m);
    double cycles = u.ms * 1e-3 * u.hz;
    return u.exact && !src->activity_with_counters && cycles > 0 && u.a_cycles > 0 &&
           fabs(u.a_cycles / cycles - 1) <= XC_REL;
}

void xc_referee_note(struct xc_referee *r, const struct xc_referee_sources *src, const struct xc_series *a,
                     const struct xc_series *b, const struct str_list *m)
{
    if (!r->notes)
        return;
    struct unprofiled u = unprofiled_of(src, a, m);
    int exact = u.exact;
    double ms = u.ms, a_cyc = u.a_cycles, hz = u.hz, b_cyc = median_of(b, str_list_find(m, CYCLES));
    if (!(ms > 0 && a_cyc > 0 && b_cyc > 0 && hz > 0))
        return;
    char shape[64];
    xc_shape_text(xc_row_shape(a, b), shape, sizeof shape);
    const struct xc_series *t = duration_of(src, a);
    const int record = t == xc_side_match(src->activity, a->variant, &a->shape);
    if (!exact && ms < XC_REFEREE_MIN_MS) {
        if (record)
            fprintf(r->notes, "%-22s %-15s %.4f ms: too short for its serial kernel record (~2 us over the "
                              "kernel's own run)\n", a->variant, shape, ms);
        else
            fprintf(r->notes, "%-22s %-15s %.4f ms: too short for CUDA events (the gap between launches)\n",
                    a->variant, shape, ms);
        r->by_activity += record;
        r->by_events += !record;
        return;
    }
    double cycles = ms * 1e-3 * hz;
    char from[64];
    if (record)
        snprintf(from, sizeof from, "its activity record");
    else
        snprintf(from, sizeof from, "%zu timing run%s", t->nvalues[0], t->nvalues[0] == 1 ? "" : "s");
    fprintf(r->notes, record ? "%-22s %-15s %.4g ms unprofiled (%s) = %.6g cycles at mmprof's clock: mmprof %+.2f %%, "
                              "ncu %+.2f %%"
                            : "%-22s %-15s %.4f ms unprofiled (%s) = %.6g cycles at mmprof's clock: mmprof %+.2f %%, "
                              "ncu %+.2f %%",
            a->variant, shape, ms, from, cycles, 100 * (a_cyc / cycles - 1), 100 * (b_cyc / cycles - 1));
    if (record && src->activity_with_counters)
        fprintf(r->notes, ": no verdict (an application replay's record, taken in one of its counting runs "
                          "under CUPTI's kernel timing)");
    else if (exact && fabs(a_cyc / cycles - 1) <= XC_REL)
        fprintf(r->notes, ": refereed (mmprof's within %g %%)", 100 * XC_REL);
    if (!record)
        placement_range(r->notes, t, src->placements, a, hz, a_cyc, b_cyc);
    fputc('\n', r->notes);
    r->by_activity += record;
    r->by_events += !record;
}

void xc_referee_close(struct xc_referee *r, FILE *out)
{
    if (r->notes) {
        fclose(r->notes);
        if (r->text_len > 0)
            fprintf(out, "\nelapsed cycles that miss, against the kernel's unprofiled duration (%s%s%s):\n%s",
                    r->by_activity ? "CUPTI activity records of the profiled launches" : "",
                    r->by_activity && r->by_events ? "; " : "",
                    r->by_events || !r->by_activity
                        ? "CUDA events of `mmprof collect` timing runs, local memory where collect puts it"
                        : "",
                    r->text);
    }
    free(r->text);
    memset(r, 0, sizeof *r);
}
