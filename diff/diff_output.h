/* The outputs of one comparison (diff_result.h): the terminal table,
 * Markdown, JSON (schema in docs/diff.md) and JUnit XML (one test case per
 * row). Each returns 0, or -1 when f could not be written. */
#ifndef MMPROF_REPORTS_DIFF_OUTPUT_H
#define MMPROF_REPORTS_DIFF_OUTPUT_H

#include <stdio.h>

#include "diff/diff_result.h"

/* The version in the JSON's "schema" field: raised when a field changes meaning or goes. */
#define DIFF_JSON_SCHEMA "mmprof-diff/2"

int diff_write_text(const struct diff_result *r, FILE *f);
int diff_write_markdown(const struct diff_result *r, FILE *f);
int diff_write_json(const struct diff_result *r, int exit_code, FILE *f);
int diff_write_junit(const struct diff_result *r, FILE *f);

/* The words every output uses for the significance rule and the summary. */
void diff_rule_text(const struct diff_result *r, char *buf, size_t len);
void diff_summary_text(const struct diff_result *r, char *buf, size_t len);
/* The ratio's interval as "[0.998, 1.003]", or "no samples" when a run kept no launch times. */
char *diff_interval_text(const struct diff_pair *p, char *buf, size_t len);
/* The verdict: the time's, or a run's status when a run has no time. */
const char *diff_verdict(const struct diff_pair *p);

#endif
