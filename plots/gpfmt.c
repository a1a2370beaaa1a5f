#include "plots/gpfmt.h"

#include <math.h>
#include <stdio.h>

void gp_num(struct strbuf *b, double v)
{
    if (isfinite(v))
        sb_printf(b, " %.6g", v);
    else
        sb_puts(b, " NaN");
}

void gp_str(struct strbuf *b, const char *s)
{
    sb_putn(b, "\"", 1);
    for (; *s; s++) {
        if (*s == '\n') {
            sb_puts(b, "\\n");
            continue;
        }
        if (*s == '"' || *s == '\\')
            sb_putn(b, "\\", 1);
        sb_putn(b, s, 1);
    }
    sb_putn(b, "\"", 1);
}

void span_init(struct span *s)
{
    s->lo = INFINITY;
    s->hi = -INFINITY;
}

void span_add(struct span *s, double v)
{
    if (!isfinite(v) || v <= 0)
        return;
    s->lo = fmin(s->lo, v);
    s->hi = fmax(s->hi, v);
}

int span_empty(const struct span *s)
{
    return s->lo > s->hi;
}

/* The nearest of 1, 2, 5 x 10^k below (up = 0) or above (up = 1) v. */
static double nice(double v, int up)
{
    static const double steps[] = {1, 2, 5, 10};
    double decade = pow(10, floor(log10(v)));
    double m = v / decade;
    if (up) {
        for (int i = 0; i < 4; i++)
            if (steps[i] >= m * (1 - 1e-9))
                return steps[i] * decade;
    }
    for (int i = 3; i >= 0; i--)
        if (steps[i] <= m * (1 + 1e-9))
            return steps[i] * decade;
    return decade;
}

void span_log_range(const struct span *s, double pad, double *lo, double *hi)
{
    double a = span_empty(s) ? 1 : s->lo / pad, z = span_empty(s) ? 10 : s->hi * pad;
    *lo = nice(a, 0);
    *hi = nice(z, 1);
    if (*hi <= *lo)
        *hi = nice(*lo * 2, 1);
}

/* Labels at m x 10^d inside [lo, hi] for each m of steps; returns how many. */
static size_t tics_at(struct strbuf *b, double lo, double hi, const int *steps, size_t nsteps)
{
    size_t n = 0;
    for (int d = (int)floor(log10(lo)) - 1; d <= (int)ceil(log10(hi)); d++)
        for (size_t i = 0; i < nsteps; i++) {
            double v = steps[i] * pow(10, d);
            if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
                continue;
            /* a tic right at the range's start is nudged inside it: gnuplot drops it on a log axis */
            if (b)
                sb_printf(b, "%s\"%g\" %.12g", n ? ", " : "", v, v <= lo * (1 + 1e-9) ? v * (1 + 1e-9) : v);
            n++;
        }
    return n;
}

void log_tics(struct strbuf *b, const char *axis, double lo, double hi)
{
    static const int coarse[] = {1, 2, 5}, fine[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    if (!(lo > 0) || !(hi > lo) || hi / lo >= 100) {
        sb_printf(b, "set %stics auto", axis);
        return;
    }
    int use_fine = tics_at(NULL, lo, hi, coarse, 3) < 3;
    sb_printf(b, "set %stics (", axis);
    if (use_fine)
        tics_at(b, lo, hi, fine, 9);
    else
        tics_at(b, lo, hi, coarse, 3);
    sb_puts(b, ")");
}

void human_rate(char *buf, size_t len, double v, const char *unit)
{
    if (v >= 1000)
        snprintf(buf, len, "%.3g T%s", v / 1000, unit + 1); /* unit + 1: drop the G */
    else
        snprintf(buf, len, "%.3g %s", v, unit);
}
