/* `diff --fail-on RULE`: the conditions that make diff exit DIFF_EXIT_FAIL
 * (3), for scripts and CI. Rules (docs/diff.md):
 *
 *   slower>P%   a row significantly slower than P % (its whole interval above 1 + P/100)
 *   faster>P%   a row significantly faster than P %
 *   cgma<R      measured CGMA of B below R times A's (cgma>R: above)
 *   changed     any significant change: time, a counter, the status
 *   missing     a row of A that B lacks, or ok in A but failed or skipped in B
 *
 * P is a percentage from 0 to 1000 (the % sign may be left out), R a
 * positive ratio. */
#ifndef MMPROF_REPORTS_DIFF_FAIL_ON_H
#define MMPROF_REPORTS_DIFF_FAIL_ON_H

#include <stddef.h>

#include "diff/diff_compare.h"

/* Exit status of diff when a --fail-on rule holds. */
#define DIFF_EXIT_FAIL 3

#define DIFF_MAX_RULES 16

enum fail_kind { FAIL_SLOWER, FAIL_FASTER, FAIL_CGMA_BELOW, FAIL_CGMA_ABOVE, FAIL_CHANGED, FAIL_MISSING };

struct fail_rule {
    enum fail_kind kind;
    double value; /* percent (slower, faster) or ratio (cgma) */
    char text[48]; /* the rule as given, for messages */
};

/* 0, or -1 with a sentence naming the rule and the grammar. */
int fail_rule_parse(const char *text, struct fail_rule *r, char *err, size_t err_len);

/* 1 when the rule holds for a row both runs have; why says how (e.g.
 * "1.2x slower, interval [1.18, 1.22] above 1.03"). */
int fail_rule_holds(const struct fail_rule *r, const struct diff_pair *p, char *why, size_t why_len);

#endif
