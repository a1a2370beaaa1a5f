/* "What to do next": for each kernel of ours at the run's largest size, the
 * finding of the first rule of analysis/rules.def that holds and the
 * variant that fixes it, with the speed-up the model expects beside the one
 * this run measured; then how often the run bears the next steps out. The
 * engine is analysis/next_step.c: this file only lays it out. */
#include <math.h>
#include <stdio.h>

#include "analysis/next_step.h"
#include "reports/fmt.h"
#include "reports/sections.h"

enum { MAX_NEXT_VARIANTS = 128 };

/* A malformed rule counts as a step: the section then shows the error
 * instead of vanishing. */
static int has_step(const struct report_ctx *c, size_t i)
{
    struct next_step s;
    char err[256];
    return next_step_for(&c->a, &c->roof, i, &s, err, sizeof err) != 0;
}

static int present(const struct report_ctx *c)
{
    if (!roofline_source(&c->roof))
        return 0;
    for (size_t i = 0; i < c->a.nrows; i++)
        if (has_step(c, i))
            return 1;
    return 0;
}

/* The row of the largest size of each variant with a finding. */
static size_t largest_rows(const struct report_ctx *c, size_t *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < c->a.nrows; i++) {
        if (!has_step(c, i))
            continue;
        const struct analysis_row *r = &c->a.rows[i];
        double work = (double)r->m * r->n * (r->k ? r->k : 1);
        size_t j = 0;
        while (j < n && c->a.rows[out[j]].v != r->v)
            j++;
        const struct analysis_row *o = j < n ? &c->a.rows[out[j]] : NULL;
        if (o && work > (double)o->m * o->n * (o->k ? o->k : 1))
            out[j] = i;
        else if (!o && n < cap)
            out[n++] = i;
    }
    return n;
}

static void write_next(struct report_ctx *c)
{
    struct next_step_check chk;
    char err[256];
    if (next_step_check_run(&c->a, &c->roof, &chk, err, sizeof err) != 0) {
        doc_note(&c->doc, "No findings: %s.", err);
        return;
    }
    size_t rows[MAX_NEXT_VARIANTS];
    size_t n = largest_rows(c, rows, MAX_NEXT_VARIANTS);
    static const char *const heads[] = {"kernel", "size", "finding", "next step", "expected", "measured here"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads),
                              "Each kernel at its largest size: what holds it back and the variant that fixes it; "
                              "expected = the model's roofline bound x the share of lanes, SMs and warps kept "
                              "busy, of the next variant over this one");
    if (!g)
        return;
    grid_align(g, 2, 'l');
    grid_align(g, 3, 'l');
    for (size_t k = 0; k < n; k++) {
        const struct analysis_row *r = &c->a.rows[rows[k]];
        struct next_step s;
        if (next_step_for(&c->a, &c->roof, rows[k], &s, err, sizeof err) != 1)
            continue;
        char size[48], buf[FMT_LEN], name_buf[49];
        struct shape sh = row_shape(r);
        size_t row = grid_row(g);
        grid_set(g, row, 0, "`%s`", analysis_row_name(r, name_buf, sizeof name_buf - 1));
        grid_set(g, row, 1, "%s", shape_label(size, sizeof size, &sh));
        grid_set(g, row, 2, "%s", s.finding);
        if (!s.next && s.fastest) {
            grid_set(g, row, 3, "none expected and measured faster; this run measured `%s` fastest",
                     s.fastest->variant);
            grid_set(g, row, 5, "%s", fmt_ratio(buf, s.fastest_speedup));
            continue;
        }
        if (!s.next) {
            grid_set(g, row, 3, "none expected and measured faster at this size");
            grid_flag(g, row, 3, CELL_MUTED);
            continue;
        }
        grid_set(g, row, 3, "`%s`", s.next->variant);
        grid_set(g, row, 4, "%s", fmt_ratio(buf, s.est_speedup));
        grid_set(g, row, 5, "%s", fmt_ratio(buf, s.measured_speedup));
        if (s.measured_speedup <= 1.0)
            grid_flag(g, row, 5, CELL_WARN);
    }
    doc_table(&c->doc, g);
    grid_free(g);
    if (chk.steps)
        doc_para(&c->doc, "Over every size of this run, %zu of %zu next steps name a variant measured faster here, "
                 "and %zu of %zu expected speed-ups lie within 2x of the measured ones. The rules are "
                 "`analysis/rules.def`; `mmprof analyze RUN --findings` prints every size.",
                 chk.faster, chk.steps, chk.within_2x, chk.steps);
}

const struct section sec_next = {"next", "What to do next", present, write_next, NULL};
