/* `mmprof analyze --findings`: for every kernel of the run, hottest first,
 * its bound verdict (verdict.h), its findings with evidence, estimated gain
 * and fix (findings.h), and for a built-in variant the ladder's next step
 * (next_step.h); then the fastest own matmul against the vendor library's
 * of the same work (versus.h) and how the run bears the next steps out.
 * Lines wrapped within 120 columns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/findings.h"
#include "analysis/kernel_facts.h"
#include "analysis/next_step.h"
#include "analysis/verdict.h"
#include "analysis/versus.h"
#include "common/wrap.h"

/* A speed-up: "1.7x", "35x", "170x". */
static const char *times(char *buf, size_t len, double x)
{
    snprintf(buf, len, x >= 10 ? "%.0fx" : "%.2gx", x);
    return buf;
}

static void print_next(const struct next_step *s, FILE *f)
{
    char fastest[384] = "", x[3][32];
    if (s->fastest)
        snprintf(fastest, sizeof fastest, "; this run measured %s fastest at this size, %s", s->fastest->variant,
                 times(x[0], sizeof x[0], s->fastest_speedup));
    char text[1024];
    snprintf(text, sizeof text, "ladder: %s.", s->finding);
    wrap_print(f, (size_t)fprintf(f, "  "), text, 4, WRAP_WIDTH);
    if (!s->next)
        snprintf(text, sizeof text, "next: no listed variant is expected and measured faster at this size%s [%s]",
                 fastest, s->rule);
    else
        snprintf(text, sizeof text, "next: %s, expect %s (this run measured %s)%s [%s]", s->next->variant,
                 times(x[1], sizeof x[1], s->est_speedup), times(x[2], sizeof x[2], s->measured_speedup), fastest,
                 s->rule);
    wrap_print(f, (size_t)fprintf(f, "  "), text, 4, WRAP_WIDTH);
}

static int print_kernel(const struct analysis *a, const struct roofline *roof, const struct analysis_row *r, FILE *f,
                        char *err, size_t err_len)
{
    char verdict[256], name[101];
    struct finding found[FINDINGS_MAX];
    int n = findings_for(r, found, FINDINGS_MAX, err, err_len);
    if (n < 0)
        return -1;
    verdict_text(r, verdict, sizeof verdict);
    char text[2048], launches[48] = "", share[48] = "", gain[64];
    if (r->launches > 1)
        snprintf(launches, sizeof launches, " (%.0f launches)", r->launches);
    if (isfinite(r->time_share_pct))
        snprintf(share, sizeof share, ", %.1f %% of GPU time", r->time_share_pct);
    snprintf(text, sizeof text, "%s%s%s: %s", analysis_kernel_label(r, name, sizeof name - 1), launches, share,
             verdict);
    wrap_print(f, 0, text, 2, WRAP_WIDTH);
    for (int k = 0; k < n; k++) {
        if (isfinite(found[k].gain_pct))
            snprintf(gain, sizeof gain, "Estimated gain: %.0f %% of its time.", found[k].gain_pct);
        else
            snprintf(gain, sizeof gain, "Estimated gain: not known.");
        snprintf(text, sizeof text, "%s. %s Fix: %s. [%s]", found[k].evidence, gain, found[k].fix, found[k].id);
        wrap_print(f, (size_t)fprintf(f, "  - "), text, 4, WRAP_WIDTH);
    }
    struct next_step s;
    int fired = next_step_for(a, roof, (size_t)(r - a->rows), &s, err, err_len);
    if (fired < 0)
        return -1;
    if (fired)
        print_next(&s, f);
    return 0;
}

/* One side's reasons: "; loses on A 1.65x, B 0.895x" (ahead: "; ahead on"). */
static void append_reasons(char *text, size_t len, const struct versus_pair *p, int worse)
{
    size_t idx[16], n = versus_reasons(p->own, p->lib, worse, idx, sizeof idx / sizeof idx[0]), count;
    const struct versus_counter *k = versus_counters(&count);
    for (size_t j = 0; j < n; j++) {
        size_t at = strlen(text);
        double x = versus_value(idx[j], p->own), y = versus_value(idx[j], p->lib);
        if (k[idx[j]].scale == VERSUS_SHARE)
            snprintf(text + at, len - at, "%s%s %+.1f points", j ? ", " : worse ? "; loses on " : "; ahead on ",
                     k[idx[j]].label, x - y);
        else
            snprintf(text + at, len - at, "%s%s %.3gx", j ? ", " : worse ? "; loses on " : "; ahead on ",
                     k[idx[j]].label, x / y);
    }
}

/* The fastest own matmul against the library's of the same work (versus.h). */
static void print_versus(const struct analysis *a, FILE *f)
{
    struct versus_pair p[8];
    size_t n = versus_pairs(a, p, sizeof p / sizeof p[0]);
    for (size_t i = 0; i < n; i++) {
        char text[1536], own[101], lib[41], size[48];
        snprintf(text, sizeof text, "%s %s against %s: %.3f of its speed (%.4g against %.4g ms)",
                 analysis_row_name(p[i].own, own, sizeof own - 1), analysis_row_size(p[i].own, size, sizeof size),
                 analysis_row_name(p[i].lib, lib, sizeof lib - 1), p[i].lib->ms.runtime_ms / p[i].own->ms.runtime_ms,
                 p[i].own->ms.runtime_ms, p[i].lib->ms.runtime_ms);
        append_reasons(text, sizeof text, &p[i], 1);
        append_reasons(text, sizeof text, &p[i], 0);
        fprintf(f, "%s", i == 0 ? "\n" : "");
        wrap_print(f, 0, text, 2, WRAP_WIDTH);
    }
}

int analysis_print_findings(const struct analysis *a, const struct roofline *roof, FILE *f, char *err,
                            size_t err_len)
{
    const struct analysis_row **rows = calloc(a->nrows ? a->nrows : 1, sizeof *rows);
    if (!rows) {
        snprintf(err, err_len, "out of memory for %zu rows", a->nrows);
        return -1;
    }
    size_t n = analysis_kernels(a, rows);
    for (size_t i = 0; i < n; i++)
        if (print_kernel(a, roof, rows[i], f, err, err_len) != 0) {
            free(rows);
            return -1;
        }
    free(rows);
    print_versus(a, f);
    struct next_step_check c;
    if (next_step_check_run(a, roof, &c, err, err_len) < 0)
        return -1;
    if (c.steps) {
        char text[512];
        snprintf(text, sizeof text, "next steps checked against this run: %zu of %zu named a faster variant (%.0f %%); "
                 "%zu of %zu expected a speed-up within 2x of the measured one (%.0f %%)",
                 c.faster, c.steps, 100.0 * c.faster / c.steps, c.within_2x, c.steps, 100.0 * c.within_2x / c.steps);
        fprintf(f, "\n");
        wrap_print(f, 0, text, 2, WRAP_WIDTH);
    }
    return 0;
}
