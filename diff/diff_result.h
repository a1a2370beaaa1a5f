/* One whole comparison of two runs, made once and written by every output
 * (terminal table, Markdown, JSON, JUnit) and by the report's baseline
 * section: the rows both runs have, in A's order, each with its verdict and
 * the --fail-on rules it trips; the rows only one run has; the counts. */
#ifndef MMPROF_REPORTS_DIFF_RESULT_H
#define MMPROF_REPORTS_DIFF_RESULT_H

#include <stddef.h>

#include "diff/diff_compare.h"
#include "diff/diff_fail_on.h"

struct diff_row {
    struct diff_pair p;
    unsigned tripped;   /* bit i: rules[i] holds for this row */
    char why[320];      /* how the first tripped rule holds; "" when none */
};

struct diff_tally {
    size_t compared, slower, faster, noise, counters, status, only_a, only_b;
    size_t without_interval; /* timed in both runs, but a run kept no launch times */
    size_t tripped;          /* rows (and rows only in A, for `missing`) a rule holds for */
};

struct diff_result {
    const struct diff_run *A, *B;
    double threshold_pct;
    int across_devices;       /* ratios to each run's own ceilings */
    char devices[3000];       /* the phrase naming both devices, when they differ */
    const struct fail_rule *rules;
    size_t nrules;
    struct diff_row *rows;
    size_t nrows;
    size_t *only_a, *only_b;  /* row indices of A (B) that the other run lacks */
    unsigned missing_tripped; /* the rule bits rows only in A trip (missing) */
    struct diff_tally t;
};

/* 0, or -1 when out of memory. */
int diff_result_build(const struct diff_run *A, const struct diff_run *B, double threshold_pct,
                      const struct fail_rule *rules, size_t nrules, struct diff_result *r);
void diff_result_free(struct diff_result *r);


#endif
