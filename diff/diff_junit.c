/* `diff --junit FILE`: one JUnit test case per row, for CI test reports
 * (tests/reports/junit.xsd is the schema the tests validate it against).
 *
 * A row's case fails when a --fail-on rule holds for it (the rule is the
 * failure's type); without --fail-on, when it changed significantly. Rows
 * only in A fail under `missing`, else are skipped, as are rows only in B
 * and rows neither run timed. The case's time is B's median, in seconds. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "diff/diff_output.h"

/* Text as XML attribute or element content: the five entities escaped, the
 * control characters XML 1.0 cannot hold dropped. */
static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else if (c == '\'')
            fputs("&apos;", f);
        else if (c >= 0x20 || c == '\t' || c == '\n')
            fputc(c, f);
    }
}

static void attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    xml_text(f, value);
    fputc('"', f);
}

static void case_open(FILE *f, const struct analysis_row *r, double seconds)
{
    char cls[sizeof r->variant + 16], name[sizeof r->variant + 64], size[48];
    snprintf(cls, sizeof cls, "mmprof.diff.%s", r->variant);
    snprintf(name, sizeof name, "%s %s", r->variant, analysis_row_size(r, size, sizeof size));
    fprintf(f, "    <testcase");
    attr(f, "classname", cls);
    attr(f, "name", name);
    fprintf(f, " time=\"%.9f\">\n", isfinite(seconds) ? seconds : 0.0);
}

static void element(FILE *f, const char *tag, const char *type, const char *message, const char *body)
{
    fprintf(f, "      <%s", tag);
    if (type)
        attr(f, "type", type);
    attr(f, "message", message);
    if (!body) {
        fprintf(f, "/>\n");
        return;
    }
    fprintf(f, ">");
    xml_text(f, body);
    fprintf(f, "</%s>\n", tag);
}

/* The row as the terminal shows it, for the failure's body. */
static void row_text(const struct diff_pair *p, char *buf, size_t len)
{
    char interval[48];
    int n = snprintf(buf, len, "median A %.4g ms, B %.4g ms, B/A %.4f, 99%% interval %s, time %s", p->time_a,
                     p->time_b, p->ratio, diff_interval_text(p, interval, sizeof interval), diff_verdict(p));
    for (size_t i = 0; i < p->nchanged && n > 0 && (size_t)n < len; i++)
        n += snprintf(buf + n, len - (size_t)n, "; %s %.6g -> %.6g", p->changed[i].name, p->changed[i].a,
                      p->changed[i].b);
}

static int failing(const struct diff_result *r, const struct diff_row *row)
{
    return r->nrules ? row->tripped != 0 : diff_significant(&row->p);
}

static void write_row(FILE *f, const struct diff_result *r, const struct diff_row *row)
{
    const struct diff_pair *p = &row->p;
    char body[1024], message[320];
    case_open(f, p->ra, p->time_b / 1000);
    row_text(p, body, sizeof body);
    if (failing(r, row)) {
        size_t first = 0;
        while (r->nrules && !(row->tripped & (1u << first)))
            first++;
        if (r->nrules)
            snprintf(message, sizeof message, "%s", row->why);
        else
            snprintf(message, sizeof message, "changed: %s", p->status_changed ? "status" : diff_verdict(p));
        element(f, "failure", r->nrules ? r->rules[first].text : "changed", message, body);
    } else if (p->time == TIME_UNMEASURED && !p->status_changed) {
        snprintf(message, sizeof message, "not timed in both runs (%s)", diff_verdict(p));
        element(f, "skipped", NULL, message, NULL);
    }
    fprintf(f, "    </testcase>\n");
}

static void write_only(FILE *f, const struct diff_result *r, const struct diff_run *run, const size_t *idx,
                       size_t n, int in_a)
{
    size_t first = 0;
    while (first < r->nrules && !(r->missing_tripped & (1u << first)))
        first++;
    for (size_t i = 0; i < n; i++) {
        case_open(f, &run->a.rows[idx[i]], 0);
        if (in_a && first < r->nrules)
            element(f, "failure", r->rules[first].text, "only in A: B lacks this row", "");
        else
            element(f, "skipped", NULL, in_a ? "only in A" : "only in B", NULL);
        fprintf(f, "    </testcase>\n");
    }
}

static void counts(const struct diff_result *r, size_t *tests, size_t *failures, size_t *skipped)
{
    *tests = r->nrows + r->t.only_a + r->t.only_b;
    *failures = r->missing_tripped ? r->t.only_a : 0;
    *skipped = r->t.only_b + (r->missing_tripped ? 0 : r->t.only_a);
    for (size_t i = 0; i < r->nrows; i++) {
        const struct diff_row *row = &r->rows[i];
        if (failing(r, row))
            (*failures)++;
        else if (row->p.time == TIME_UNMEASURED && !row->p.status_changed)
            (*skipped)++;
    }
}

static void properties(FILE *f, const struct diff_result *r)
{
    char value[64];
    fprintf(f, "    <properties>\n");
    const char *names[] = {"run_a", "run_b", "device_a", "device_b"};
    const char *values[] = {r->A->dir, r->B->dir, r->A->a.run.device_name, r->B->a.run.device_name};
    for (size_t i = 0; i < 4; i++) {
        fprintf(f, "      <property");
        attr(f, "name", names[i]);
        attr(f, "value", values[i]);
        fprintf(f, "/>\n");
    }
    snprintf(value, sizeof value, "%g", r->threshold_pct);
    fprintf(f, "      <property name=\"threshold_pct\"");
    attr(f, "value", value);
    fprintf(f, "/>\n");
    for (size_t i = 0; i < r->nrules; i++) {
        fprintf(f, "      <property name=\"fail_on\"");
        attr(f, "value", r->rules[i].text);
        fprintf(f, "/>\n");
    }
    fprintf(f, "    </properties>\n");
}

int diff_write_junit(const struct diff_result *r, FILE *f)
{
    size_t tests, failures, skipped;
    counts(r, &tests, &failures, &skipped);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"mmprof diff\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
            tests, failures, skipped);
    char name[9000];
    snprintf(name, sizeof name, "mmprof diff %s -> %s", r->A->dir, r->B->dir);
    fprintf(f, "  <testsuite");
    attr(f, "name", name);
    fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" time=\"0\">\n", tests, failures,
            skipped);
    properties(f, r);
    for (size_t i = 0; i < r->nrows; i++)
        write_row(f, r, &r->rows[i]);
    write_only(f, r, r->A, r->only_a, r->t.only_a, 1);
    write_only(f, r, r->B, r->only_b, r->t.only_b, 0);
    fprintf(f, "  </testsuite>\n</testsuites>\n");
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}
