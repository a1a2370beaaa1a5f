#include "analysis/findings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rule_expr.h"

struct finding_rule {
    const char *id, *when, *evidence, *gain, *fix;
};

#define FINDING(id, when, evidence, gain, fix) {#id, when, evidence, gain, fix},
static const struct finding_rule rules[] = {
#include "analysis/findings.def"
};
#undef FINDING

static int by_gain_desc(const void *a, const void *b)
{
    double ga = ((const struct finding *)a)->gain_pct, gb = ((const struct finding *)b)->gain_pct;
    if (isnan(ga) != isnan(gb))
        return isnan(ga) ? 1 : -1;
    return (ga < gb) - (ga > gb);
}

int findings_for(const struct analysis_row *r, struct finding *out, size_t cap, char *err, size_t err_len)
{
    size_t n = 0;
    for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
        char why[256];
        int holds = rule_holds(rules[k].when, r, why, sizeof why);
        double gain = NAN;
        const char *text;
        if (holds >= 0 && rule_value(r, rules[k].gain, &gain, &text) != 0) {
            snprintf(why, sizeof why, "gain \"%s\" is not a number of analysis/finding_values.h", rules[k].gain);
            holds = -1;
        }
        if (holds < 0) {
            snprintf(err, err_len, "analysis/findings.def, finding %s: %s", rules[k].id, why);
            return -1;
        }
        if (!holds || n == cap)
            continue;
        out[n].id = rules[k].id;
        rule_format(rules[k].evidence, r, out[n].evidence, sizeof out[n].evidence);
        out[n].gain_pct = gain;
        out[n].fix = rules[k].fix;
        n++;
    }
    qsort(out, n, sizeof *out, by_gain_desc);
    return (int)n;
}
