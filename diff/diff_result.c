/* Building the comparison of two runs (diff_result.h). */
#include "diff/diff_result.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void tally(const struct diff_row *row, struct diff_tally *t)
{
    const struct diff_pair *p = &row->p;
    t->compared++;
    t->slower += p->time == TIME_SLOWER;
    t->faster += p->time == TIME_FASTER;
    t->noise += p->time == TIME_NOISE;
    t->counters += p->nchanged > 0;
    t->status += p->status_changed != 0;
    t->without_interval += p->time != TIME_UNMEASURED && !p->has_interval;
    t->tripped += row->tripped != 0;
}

static void apply_rules(const struct diff_result *r, struct diff_row *row)
{
    char why[256];
    for (size_t i = 0; i < r->nrules; i++)
        if (fail_rule_holds(&r->rules[i], &row->p, why, sizeof why)) {
            if (!row->tripped)
                snprintf(row->why, sizeof row->why, "%s: %s", r->rules[i].text, why);
            row->tripped |= 1u << i;
        }
}

/* Rows of `from` that `other` lacks: a key `other` has fewer times (a
 * kernel launched fewer times) leaves the extra occurrences here. */
static size_t only_in(const struct diff_run *from, const struct diff_run *other, size_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < from->a.nrows; i++)
        if (diff_find(other, from, i, diff_occurrence(from, i)) == other->a.nrows)
            out[n++] = i;
    return n;
}

int diff_result_build(const struct diff_run *A, const struct diff_run *B, double threshold_pct,
                      const struct fail_rule *rules, size_t nrules, struct diff_result *r)
{
    memset(r, 0, sizeof *r);
    r->A = A;
    r->B = B;
    r->threshold_pct = threshold_pct;
    r->rules = rules;
    r->nrules = nrules;
    r->across_devices = diff_same_device(A, B, r->devices, sizeof r->devices) != 0;
    r->rows = calloc(A->a.nrows + 1, sizeof *r->rows);
    r->only_a = calloc(A->a.nrows + 1, sizeof *r->only_a);
    r->only_b = calloc(B->a.nrows + 1, sizeof *r->only_b);
    if (!r->rows || !r->only_a || !r->only_b) {
        diff_result_free(r);
        return -1;
    }
    for (size_t ia = 0; ia < A->a.nrows; ia++) {
        size_t ib = diff_find(B, A, ia, diff_occurrence(A, ia));
        if (ib == B->a.nrows)
            continue; /* only in A */
        struct diff_row *row = &r->rows[r->nrows++];
        diff_compare(A, ia, B, ib, threshold_pct, &row->p);
        apply_rules(r, row);
        tally(row, &r->t);
    }
    r->t.only_a = only_in(A, B, r->only_a);
    r->t.only_b = only_in(B, A, r->only_b);
    for (size_t i = 0; i < nrules; i++)
        if (rules[i].kind == FAIL_MISSING && r->t.only_a > 0)
            r->missing_tripped |= 1u << i;
    r->t.tripped += r->missing_tripped ? r->t.only_a : 0;
    return 0;
}

void diff_result_free(struct diff_result *r)
{
    free(r->rows);
    free(r->only_a);
    free(r->only_b);
    r->rows = NULL;
    r->only_a = r->only_b = NULL;
}
