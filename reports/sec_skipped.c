/* Every row that did not run or did not pass verification, with the
 * collector's reason: a variant missing from a table is never silent. */
#include <stdio.h>

#include "reports/fmt.h"
#include "reports/sections.h"

static int not_ok(const struct analysis_row *r, const void *arg)
{
    return !row_is_ok(r);
}

static int present(const struct report_ctx *c)
{
    return 1; /* "none" is worth saying too */
}

static void write_skipped(struct report_ctx *c)
{
    if (!ctx_any(c, not_ok, NULL) && ctx_is_profile(c)) {
        doc_para(&c->doc, "Every launch was measured (%zu rows). `mmprof profile` times and counts the app's "
                          "kernels; it does not check their results.", c->a.nrows);
        return;
    }
    if (!ctx_any(c, not_ok, NULL)) {
        doc_para(&c->doc, "Every variant ran and passed verification at every size (%zu rows).", c->a.nrows);
        return;
    }
    const char *const heads[] = {ctx_row_noun(c), "size", "status", "reason"};
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads), "Rows without results");
    if (!g)
        return;
    grid_align(g, 2, 'l');
    grid_align(g, 3, 'l');
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *a = &c->a.rows[i];
        if (row_is_ok(a))
            continue;
        char size[48];
        struct shape s = row_shape(a);
        size_t r = grid_row(g);
        grid_set(g, r, 0, "`%s`", a->variant);
        grid_set(g, r, 1, "%s", shape_label(size, sizeof size, &s));
        grid_set(g, r, 2, "%s", a->status);
        grid_set(g, r, 3, "%s", a->collector_reason[0] ? a->collector_reason : "(no reason recorded)");
        grid_flag(g, r, 2, CELL_WARN);
    }
    doc_table(&c->doc, g);
    grid_free(g);
    doc_note(&c->doc, "skipped: the variant cannot run on this GPU at this size (resources, memory, time limit); "
                      "failed: it ran but its output did not match the FP64 reference, so no timing is reported.");
}

const struct section sec_skipped = {"skipped", "Skipped and failed variants", present, write_skipped,
                                    "Launches without counters"};
