/* The terminal table of `mmprof diff` and the phrases every output shares
 * (diff_output.h). Plain ASCII: the columns are aligned by byte count. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/wrap.h"
#include "rundir/run_files.h"
#include "diff/diff_output.h"

/* The variant column; a longer name takes lines of its own. */
#define VARIANT_COLS 22
/* Lists of rows wrap before this column, as a terminal shows them. */
#define LIST_WIDTH 100

void diff_rule_text(const struct diff_result *r, char *buf, size_t len)
{
    snprintf(buf, len,
             "significant: the 99 %% interval of B/A lies beyond 1 +- %g %% (without launch times: B/A beyond it "
             "and outside both runs' [min, max]); counters by their noise class; roof%%: the time against its own "
             "GPU's roofline (attained / roof)",
             r->threshold_pct);
}

void diff_summary_text(const struct diff_result *r, char *buf, size_t len)
{
    const struct diff_tally *t = &r->t;
    snprintf(buf, len,
             "%zu rows compared: %zu slower, %zu faster, %zu within noise, %zu with counter changes, %zu status "
             "changes; %zu only in A, %zu only in B",
             t->compared, t->slower, t->faster, t->noise, t->counters, t->status, t->only_a, t->only_b);
}

char *diff_interval_text(const struct diff_pair *p, char *buf, size_t len)
{
    if (p->time == TIME_UNMEASURED)
        snprintf(buf, len, "-");
    else if (!p->has_interval)
        snprintf(buf, len, "no samples");
    else
        snprintf(buf, len, "[%.3f, %.3f]", p->ratio_lo, p->ratio_hi);
    return buf;
}

const char *diff_verdict(const struct diff_pair *p)
{
    if (p->time == TIME_UNMEASURED)
        return strcmp(p->rb->status, "ok") != 0 ? p->rb->status : p->ra->status;
    return diff_time_name(p->time);
}

/* v with 4 significant digits, or as a percentage to a tenth; "-" for NaN. */
static char *num(char *buf, size_t len, double v, int percent)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else if (percent)
        snprintf(buf, len, "%.1f%%", v);
    else
        snprintf(buf, len, "%.4g", v);
    return buf;
}

static void print_header(const struct diff_result *r, FILE *f)
{
    const struct diff_run *runs[] = {r->A, r->B};
    char rule[512];
    if (r->across_devices)
        wrap_print(f, 0, r->devices, 2, WRAP_WIDTH);
    for (int i = 0; i < 2; i++)
        fprintf(f, "%c: %s (%s, %.0f SMs)\n", "AB"[i], runs[i]->dir,
                runs[i]->a.run.device_name[0] ? runs[i]->a.run.device_name : "unnamed GPU", runs[i]->a.run.sm_count);
    diff_rule_text(r, rule, sizeof rule);
    wrap_print(f, 0, rule, 2, WRAP_WIDTH);
    fprintf(f, "\n%-*s %-16s %11s %11s %8s  %-16s  %-7s %7s %7s\n", VARIANT_COLS, "variant", "size", "A median ms",
            "B median ms", "B/A", "99% interval", "time", "A roof%", "B roof%");
}

/* A row's changes on the lines under it: "changed: a; b; FAIL why". */
static void print_changes(const struct diff_row *row, FILE *f)
{
    const struct diff_pair *p = &row->p;
    char text[2048];
    size_t n = 0;
    if (p->status_changed)
        n += (size_t)snprintf(text + n, sizeof text - n, " status %s -> %s;", p->ra->status, p->rb->status);
    for (size_t i = 0; i < p->nchanged && n < sizeof text; i++) {
        const struct counter_change *c = &p->changed[i];
        if (isfinite(c->ratio))
            n += (size_t)snprintf(text + n, sizeof text - n, " %s %.3gx;", c->name, c->ratio);
        else
            n += (size_t)snprintf(text + n, sizeof text - n, " %s %.4g -> %.4g;", c->name, c->a, c->b);
    }
    if (row->tripped && n < sizeof text)
        n += (size_t)snprintf(text + n, sizeof text - n, " FAIL %s", row->why);
    if (n == 0)
        return;
    if (n < sizeof text && text[n - 1] == ';')
        text[n - 1] = '\0';
    wrap_print(f, (size_t)fprintf(f, "    changed: "), text + 1, 6, WRAP_WIDTH);
}

static void print_row(const struct diff_row *row, FILE *f)
{
    const struct diff_pair *p = &row->p;
    char size[64], a[32], b[32], ratio[32], interval[48], roof_a[16], roof_b[16];
    /* '?': no launch times and no min/max either, the threshold alone decided */
    snprintf(ratio, sizeof ratio, "%.3fx%s", p->ratio, p->has_interval || p->ranges_apart >= 0 ? "" : "?");
    if (strlen(p->ra->variant) > VARIANT_COLS) { /* a profiled kernel's name: lines of its own, the row under */
        wrap_print(f, 0, p->ra->variant, 2, WRAP_WIDTH);
        fprintf(f, "%-*s", VARIANT_COLS, "");
    } else {
        fprintf(f, "%-*s", VARIANT_COLS, p->ra->variant);
    }
    fprintf(f, " %-16s %11s %11s %8s  %-16s  %-7s %7s %7s\n", analysis_row_size(p->ra, size, sizeof size), num(a, sizeof a, p->time_a, 0), num(b, sizeof b, p->time_b, 0),
            p->time == TIME_UNMEASURED ? "-" : ratio, diff_interval_text(p, interval, sizeof interval),
            diff_verdict(p), num(roof_a, sizeof roof_a, p->roof_pct_a, 1),
            num(roof_b, sizeof roof_b, p->roof_pct_b, 1));
    print_changes(row, f);
}

/* Rows of `run` listed in idx, wrapped at LIST_WIDTH. */
static void print_only(const struct diff_run *run, const size_t *idx, size_t n, const char *label, FILE *f)
{
    size_t col = 0;
    char size[64], item[160];
    for (size_t i = 0; i < n; i++) {
        const struct analysis_row *r = &run->a.rows[idx[i]];
        int len = snprintf(item, sizeof item, "%s %s", r->variant, analysis_row_size(r, size, sizeof size));
        if (i == 0)
            col = (size_t)fprintf(f, "%s %s", label, item);
        else if (col + 2 + (size_t)len > LIST_WIDTH)
            col = (size_t)fprintf(f, ",\n  %s", item) - 2;
        else
            col += (size_t)fprintf(f, ", %s", item);
    }
    if (n > 0)
        fprintf(f, "\n");
}

int diff_write_text(const struct diff_result *r, FILE *f)
{
    const struct diff_tally *t = &r->t;
    char summary[512];
    print_header(r, f);
    for (size_t i = 0; i < r->nrows; i++)
        print_row(&r->rows[i], f);
    fprintf(f, "\n");
    print_only(r->A, r->only_a, t->only_a, "only in A:", f);
    print_only(r->B, r->only_b, t->only_b, "only in B:", f);
    if (t->compared == 0)
        fprintf(f, "the runs have no variant x size in common: nothing to compare\n");
    if (t->without_interval > 0) {
        snprintf(summary, sizeof summary, "note: %zu rows without launch times in a run (" SAMPLES_CSV ": runs "
                 "collected before it or replayed, profile rows sharing a kernel name): no interval, the runs' "
                 "[min, max] decide", t->without_interval);
        wrap_print(f, 0, summary, 2, WRAP_WIDTH);
    }
    diff_summary_text(r, summary, sizeof summary);
    wrap_print(f, 0, summary, 2, WRAP_WIDTH);
    fprintf(f, t->slower + t->faster + t->counters + t->status ? "significant changes found\n"
                                                                 : "no significant change\n");
    if (r->nrules > 0)
        fprintf(f, "--fail-on: %zu rows fail\n", t->tripped);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
