/* The little language of the rules file (analysis/rules.def): conditions
 * and text templates over one analysis row.
 *
 * A name is an analysis.csv column (analysis/columns.c) or one of the
 * variant's design parameters: tile (TILE_WIDTH, the block side), rx, ry,
 * outputs_per_thread (rx * ry), lanes_pct (threads of a block / the lanes of
 * the warps it occupies, %), gld_sector_waste and gst_sector_waste (the
 * model's 32-byte sectors per 8 words loaded / stored: 1 when coalesced),
 * or a figure of analysis/finding_values.h (the findings' gains).
 *
 * A condition is clauses joined by "&&"; a clause is `name OP value` with
 * OP one of < <= > >= == != for numbers, == != for text. A clause on a NaN
 * (not measured) or unknown value is false, so a rule never fires on what
 * a run did not measure.
 *
 * A template is text with {name} placeholders: numbers print with three
 * significant digits, text as is; an unknown name prints "?". */
#ifndef MMPROF_ANALYSIS_RULE_EXPR_H
#define MMPROF_ANALYSIS_RULE_EXPR_H

#include <stddef.h>

#include "analysis/analysis.h"

/* 0: *num holds the value; 1: *text does; -1: no such name. */
int rule_value(const struct analysis_row *r, const char *name, double *num, const char **text);

/* 1 when cond holds for r, 0 when not, -1 when cond is malformed (err says
 * which clause and why). */
int rule_holds(const char *cond, const struct analysis_row *r, char *err, size_t err_len);

/* Expands tmpl for r into out (always terminated, cut to len). */
void rule_format(const char *tmpl, const struct analysis_row *r, char *out, size_t len);

#endif
