/* --fail-on rules: parsed once, then asked of every row (diff_fail_on.h). */
#include "diff/diff_fail_on.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest percentage a rule takes, as --threshold. */
#define RULE_MAX_PCT 1000.0

static const char grammar[] = "give slower>P%, faster>P%, cgma<R, cgma>R, changed or missing "
                              "(e.g. --fail-on 'slower>3%')";

static int number(const char *s, int percent, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s)
        return -1;
    if (percent && *end == '%')
        end++;
    if (*end != '\0' || !isfinite(v))
        return -1;
    if (percent ? !(v >= 0 && v <= RULE_MAX_PCT) : !(v > 0))
        return -1;
    *out = v;
    return 0;
}

int fail_rule_parse(const char *text, struct fail_rule *r, char *err, size_t err_len)
{
    static const struct {
        const char *prefix;
        enum fail_kind kind;
        int percent, has_value;
    } forms[] = {
        {"slower>", FAIL_SLOWER, 1, 1},      {"faster>", FAIL_FASTER, 1, 1},
        {"cgma<", FAIL_CGMA_BELOW, 0, 1},    {"cgma>", FAIL_CGMA_ABOVE, 0, 1},
        {"changed", FAIL_CHANGED, 0, 0},     {"missing", FAIL_MISSING, 0, 0},
    };
    memset(r, 0, sizeof *r);
    snprintf(r->text, sizeof r->text, "%s", text);
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        size_t n = strlen(forms[i].prefix);
        if (strncmp(text, forms[i].prefix, n) != 0)
            continue;
        r->kind = forms[i].kind;
        if (forms[i].has_value ? number(text + n, forms[i].percent, &r->value) == 0 : text[n] == '\0')
            return 0;
        break;
    }
    snprintf(err, err_len, "--fail-on '%s': %s; a percentage is 0 to %.0f, a ratio above 0", text, grammar,
             RULE_MAX_PCT);
    return -1;
}

static int lost(const struct diff_pair *p)
{
    return strcmp(p->ra->status, "ok") == 0 && strcmp(p->rb->status, "ok") != 0;
}

/* Why a time rule holds, at the threshold diff applied (a host or
 * one-launch row's floor included) and by the evidence it had. */
static void time_why(const struct diff_pair *p, int slower, double rule_pct, char *why, size_t why_len)
{
    double pct = diff_effective_threshold(p, rule_pct);
    const char *floor = pct > rule_pct ? (p->one_launch ? " (one launch a side)" : " (timed on the host)") : "";
    if (p->has_interval)
        snprintf(why, why_len, "B/A %.3f, 99%% interval [%.3f, %.3f] %s %.4g%s", p->ratio, p->ratio_lo,
                 p->ratio_hi, slower ? "above" : "below", slower ? 1 + pct / 100 : 1 - pct / 100, floor);
    else if (p->ranges_apart == 1)
        snprintf(why, why_len, "B/A %.3f beyond %g %%%s and outside both runs' [min, max] (no launch times kept)",
                 p->ratio, pct, floor);
    else
        snprintf(why, why_len, "B/A %.3f beyond %g %%%s (no launch times or spread to judge by)", p->ratio, pct,
                 floor);
}

int fail_rule_holds(const struct fail_rule *r, const struct diff_pair *p, char *why, size_t why_len)
{
    double cgma = p->cgma_b / p->cgma_a;
    why[0] = '\0';
    switch (r->kind) {
    case FAIL_SLOWER:
        if (diff_time_at(p, r->value) != TIME_SLOWER)
            return 0;
        time_why(p, 1, r->value, why, why_len);
        return 1;
    case FAIL_FASTER:
        if (diff_time_at(p, r->value) != TIME_FASTER)
            return 0;
        time_why(p, 0, r->value, why, why_len);
        return 1;
    case FAIL_CGMA_BELOW:
    case FAIL_CGMA_ABOVE:
        if (!isfinite(cgma) || (r->kind == FAIL_CGMA_BELOW ? !(cgma < r->value) : !(cgma > r->value)))
            return 0;
        snprintf(why, why_len, "measured CGMA %.4g -> %.4g (B/A %.3f)", p->cgma_a, p->cgma_b, cgma);
        return 1;
    case FAIL_CHANGED:
        if (!diff_significant(p))
            return 0;
        snprintf(why, why_len, "%s%s%s", p->status_changed ? "status changed" : diff_time_name(p->time),
                 p->nchanged ? ", counters changed: " : "", p->nchanged ? p->changed[0].name : "");
        return 1;
    case FAIL_MISSING:
        if (!lost(p))
            return 0;
        snprintf(why, why_len, "ok in A, %s in B", p->rb->status);
        return 1;
    }
    return 0;
}
