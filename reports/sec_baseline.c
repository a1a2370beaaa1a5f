/* `mmprof report RUN --baseline OTHER`: the run beside the baseline, row by
 * row, with diff's verdicts (diff/diff_compare.h: the interval of the
 * ratio of medians, counters by noise class), and the roofline overlay chart
 * (plots/chart_roofline_baseline.c) placed after the table. Present only
 * with --baseline. */
#include <math.h>
#include <stdio.h>

#include "diff/diff_output.h"
#include "rundir/run_files.h"
#include "reports/fmt.h"
#include "reports/sections.h"

static int present(const struct report_ctx *c)
{
    return c->baseline != NULL;
}

static void changes(char *buf, size_t len, const struct diff_pair *p)
{
    int n = snprintf(buf, len, "%s", p->status_changed ? "status changed; " : "");
    for (size_t i = 0; i < p->nchanged && n >= 0 && (size_t)n < len; i++)
        n += snprintf(buf + n, len - (size_t)n, "`%s` %.3g×; ", p->changed[i].name, p->changed[i].ratio);
    if (n >= 2 && (size_t)n < len)
        buf[n - 2] = '\0'; /* the last "; " */
}

static void write_rows(struct report_ctx *c, const struct diff_result *r)
{
    static const char *const heads[] = {"variant", "size", "baseline ms", "this run ms", "this / baseline",
                                        "99 % interval", "time", "GFLOP/s or GB/s: baseline → this", "counters"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "This run against the baseline, row by row");
    if (!g)
        return;
    grid_align(g, 5, 'l');
    grid_align(g, 6, 'l');
    grid_align(g, 8, 'l');
    for (size_t i = 0; i < r->nrows; i++) {
        const struct diff_pair *p = &r->rows[i].p;
        char size[48], a[FMT_LEN], b[FMT_LEN], interval[48], counters[600];
        struct shape s = row_shape(p->ra);
        size_t row = grid_row(g);
        int gpu_rate = p->ra->ms.gflop_s > 0;
        char name[49];
        grid_set(g, row, 0, "`%s`", analysis_row_name(p->ra, name, sizeof name - 1));
        grid_set(g, row, 1, "%s", shape_label(size, sizeof size, &s));
        grid_set(g, row, 2, "%s", fmt_sig(a, p->time_a, 4));
        grid_set(g, row, 3, "%s", fmt_sig(b, p->time_b, 4));
        grid_set(g, row, 4, "%s", p->time == TIME_UNMEASURED ? FMT_NONE : fmt_sig(a, p->ratio, 4));
        grid_set(g, row, 5, "%s", diff_interval_text(p, interval, sizeof interval));
        grid_set(g, row, 6, "%s", diff_verdict(p));
        grid_set(g, row, 7, "%s → %s", fmt_rate_g(a, gpu_rate ? p->ra->ms.gflop_s : p->ra->ms.gb_s, gpu_rate ? "FLOP/s" : "B/s"),
                 fmt_rate_g(b, gpu_rate ? p->rb->ms.gflop_s : p->rb->ms.gb_s, gpu_rate ? "FLOP/s" : "B/s"));
        changes(counters, sizeof counters, p);
        grid_set(g, row, 8, "%s", counters);
        if (p->time == TIME_SLOWER || p->status_changed)
            grid_flag(g, row, 6, CELL_WARN);
        else if (p->time == TIME_FASTER)
            grid_flag(g, row, 6, CELL_BEST);
        else if (p->time == TIME_UNMEASURED)
            grid_flag(g, row, 6, CELL_MUTED);
    }
    doc_table(&c->doc, g);
    grid_free(g);
}

static void write_baseline(struct report_ctx *c)
{
    const struct diff_result *r = c->baseline;
    char rule[512], summary[512];
    doc_para(&c->doc, "Baseline: run `%s` (%s); this run: `%s` (%s).", r->A->dir, r->A->a.run.device_name,
             r->B->dir, r->B->a.run.device_name);
    if (r->across_devices)
        doc_note(&c->doc, "**Warning**: %s. The ratio is of times; each run's fraction of its own GPU's "
                          "roofline is in `mmprof diff %s %s`.", r->devices, r->A->dir, r->B->dir);
    diff_rule_text(r, rule, sizeof rule);
    diff_summary_text(r, summary, sizeof summary);
    doc_para(&c->doc, "%s.", summary);
    write_rows(c, r);
    doc_note(&c->doc, "%s (method: docs/diff.md; `mmprof diff %s %s` gives the same rows as a terminal table, "
                      "Markdown, JSON or JUnit).", rule, r->A->dir, r->B->dir);
    if (r->t.without_interval > 0)
        doc_note(&c->doc, "%zu rows have no launch times in one of the runs (" SAMPLES_CSV ": runs collected before "
                          "it or replayed, profile rows sharing a kernel name): no interval, the runs' [min, max] "
                          "decide.", r->t.without_interval);
    if (c->baseline_chart_note[0])
        doc_note(&c->doc, "Roofline overlay not drawn: %s.", c->baseline_chart_note);
}

const struct section sec_baseline = {"baseline", "Against the baseline", present, write_baseline, NULL};
