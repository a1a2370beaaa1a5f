/* What every report section reads: the run's view (rundir/run_view.h, each
 * file read once), its analysis (one row per results.csv row, in file
 * order), the view's raw results table for counters the analysis does not
 * carry, its run.json, the PC samples of source.csv folded per kernel, and
 * the charts; and the document they write to. */
#ifndef MMPROF_REPORTS_CONTEXT_H
#define MMPROF_REPORTS_CONTEXT_H

#include <stddef.h>

#include "analysis/analysis.h"
#include "analysis/roofline.h"
#include "common/table.h"
#include "diff/diff_result.h"
#include "reports/doc.h"
#include "reports/plots.h"
#include "rundir/run_meta.h"
#include "rundir/run_view.h"
#include "stalls/source_profile.h"

/* The most distinct sizes one table lays out. */
#define MAX_SHAPES 64

struct report_ctx {
    const char *run_dir;
    struct run_view view;
    struct analysis a;
    const struct table *results; /* the view's results.csv; row i is a.rows[i] */
    struct run_meta meta;        /* the view's run.json */
    struct roofline roof; /* the roofline model (analysis/roofline.h), as the roofline chart draws it */
    struct plots plots;
    struct source_profile source; /* RUN/source.csv folded (--source); no kernels without one */
    char source_note[1200];       /* why a source.csv the run has could not be read; "" otherwise */
    struct doc doc;
    /* `report --baseline OTHER`: OTHER (A) against this run (B); NULL without */
    const struct diff_result *baseline;
    char baseline_chart_note[1200]; /* why the overlay chart was not drawn; "" when it was */
};

/* Which rows a selection takes. */
typedef int (*row_pred)(const struct analysis_row *r, const void *arg);

/* The first row of `variant` at shape s (any status), or NULL. */
const struct analysis_row *ctx_row(const struct report_ctx *c, const char *variant, const struct shape *s);
/* As ctx_row, but only a row with status ok. */
const struct analysis_row *ctx_ok_row(const struct report_ctx *c, const char *variant, const struct shape *s);
/* Distinct shapes of the rows pred accepts, smallest problem first; returns how many (at most cap). */
size_t ctx_shapes(const struct report_ctx *c, row_pred pred, const void *arg, struct shape *out, size_t cap);
/* 1 when some row pred accepts. */
int ctx_any(const struct report_ctx *c, row_pred pred, const void *arg);
/* A raw results.csv cell of row r: a fixed column ("total_ms") or a counter
 * by its Perfworks name (an " (alias)" suffix in the header is ignored);
 * NaN when empty or absent. */
double ctx_raw(const struct report_ctx *c, const struct analysis_row *r, const char *column);
/* A table for the document: grid_new, then its heads (NULL: the caller sets
 * them). NULL, with the document marked failed, when out of memory. */
struct grid *ctx_grid(struct report_ctx *c, const char *const *heads, size_t ncols, const char *caption_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* 1 when results.csv has counter columns; 0 for a run without counters
 * (--no-profile, or profiling refused: restricted mode), whose tables show
 * estimates marked as such (cell_estimate) where a counter would stand. */
int ctx_has_counters(const struct report_ctx *c);
/* Any analysis.csv column of row r by name (analysis/columns.c); NaN when absent or text. */
double ctx_column(const struct analysis_row *r, const char *column);

/* Which registry entries a table lays out. */
typedef int (*variant_pred)(const struct variant *v, const void *arg);
/* Registry entries pred accepts that have at least one row in the run, in
 * registry order; returns how many (at most cap). */
size_t ctx_variants(const struct report_ctx *c, variant_pred pred, const void *arg, const struct variant **out,
                    size_t cap);

/* The one size notation (common/shape_text.h): "2048x2048x2048", transposes "4096x4096". */
char *shape_label(char *buf, size_t len, const struct shape *s);
struct shape row_shape(const struct analysis_row *r);
int row_is_ok(const struct analysis_row *r);
/* 1 when the run is `mmprof profile`'s (run.json "command"): an app's kernels, nothing verified. */
int ctx_is_profile(const struct report_ctx *c);
/* What a row is called in tables and titles: "kernel" in a profile run, "variant" otherwise. */
const char *ctx_row_noun(const struct report_ctx *c);

#endif
