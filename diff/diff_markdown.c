/* `diff --markdown FILE`: the comparison as a Markdown table, for a pull
 * request comment or a CI summary page. */
#include <math.h>
#include <stdio.h>

#include "diff/diff_output.h"

static void md_num(FILE *f, double v)
{
    if (isnan(v))
        fprintf(f, " - |");
    else
        fprintf(f, " %.4g |", v);
}

static void md_changes(const struct diff_row *row, FILE *f)
{
    const struct diff_pair *p = &row->p;
    const char *sep = " ";
    if (p->status_changed) {
        fprintf(f, "%sstatus %s → %s", sep, p->ra->status, p->rb->status);
        sep = "; ";
    }
    for (size_t i = 0; i < p->nchanged; i++, sep = "; ") {
        const struct counter_change *c = &p->changed[i];
        if (isfinite(c->ratio))
            fprintf(f, "%s`%s` %.3g×", sep, c->name, c->ratio);
        else
            fprintf(f, "%s`%s` %.4g → %.4g", sep, c->name, c->a, c->b);
    }
    if (row->tripped)
        fprintf(f, "%s**fails** `%s`", sep, row->why);
    fprintf(f, " |\n");
}

static void md_only(const struct diff_run *run, const size_t *idx, size_t n, const char *label, FILE *f)
{
    char size[64], name[49];
    if (n == 0)
        return;
    fprintf(f, "\n%s:", label);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s `%s` %s", i ? "," : "", analysis_row_name(&run->a.rows[idx[i]], name, sizeof name - 1),
                analysis_row_size(&run->a.rows[idx[i]], size, sizeof size));
    fprintf(f, "\n");
}

int diff_write_markdown(const struct diff_result *r, FILE *f)
{
    char text[512], size[64], interval[48];
    fprintf(f, "## mmprof diff\n\n");
    fprintf(f, "- A: `%s` (%s)\n- B: `%s` (%s)\n", r->A->dir, r->A->a.run.device_name, r->B->dir,
            r->B->a.run.device_name);
    if (r->across_devices)
        fprintf(f, "- **%s**\n", r->devices);
    diff_rule_text(r, text, sizeof text);
    fprintf(f, "- %s\n\n", text);
    fprintf(f, "| variant | size | A median ms | B median ms | B/A | 99 %% interval | time | A roof %% | B roof %% "
               "| other changes |\n");
    fprintf(f, "| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | --- |\n");
    for (size_t i = 0; i < r->nrows; i++) {
        const struct diff_pair *p = &r->rows[i].p;
        char name[49];
        fprintf(f, "| `%s` | %s |", analysis_row_name(p->ra, name, sizeof name - 1),
                analysis_row_size(p->ra, size, sizeof size));
        md_num(f, p->time_a);
        md_num(f, p->time_b);
        md_num(f, p->time == TIME_UNMEASURED ? NAN : p->ratio);
        int mark = p->time == TIME_SLOWER || p->time == TIME_FASTER;
        fprintf(f, " %s | %s%s%s |", diff_interval_text(p, interval, sizeof interval), mark ? "**" : "",
                diff_verdict(p), mark ? "**" : "");
        md_num(f, p->roof_pct_a);
        md_num(f, p->roof_pct_b);
        md_changes(&r->rows[i], f);
    }
    md_only(r->A, r->only_a, r->t.only_a, "Only in A", f);
    md_only(r->B, r->only_b, r->t.only_b, "Only in B", f);
    diff_summary_text(r, text, sizeof text);
    fprintf(f, "\n%s.\n", text);
    if (r->nrules > 0)
        fprintf(f, "`--fail-on`: %zu rows fail.\n", r->t.tripped);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
