/* "Where the warps wait": a run's PC samples (source.csv, `collect
 * --source`) per sampled kernel: its stall reasons beside the other
 * kernels' (the groups the stalls chart stacks, source_groups.h), then its
 * hottest CUDA source lines with their top reasons and text, as `mmprof
 * source RUN` prints them. The fold, the groups and the line texts are
 * source/'s; this file only lays them out. Present only when the run has
 * a source.csv. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rundir/run_files.h"
#include "reports/fmt.h"
#include "reports/sections.h"
#include "stalls/source_groups.h"
#include "stalls/source_text.h"

#define SOURCE_TABLE_NAME 36 /* a name's characters in the stall table, which has ten more columns */

static int present(const struct report_ctx *c)
{
    return c->source.n > 0 || c->source_note[0];
}

/* One row per kernel: its samples and its share of each group, the largest bold. */
static void stall_table(struct report_ctx *c, const struct stall_groups *g)
{
    struct grid *t = ctx_grid(c, NULL, 2 + g->n,
                              "Stall reasons, %% of each kernel's PC samples (`selected`: the warp issued); past "
                              "%d reasons the smaller ones are summed as other, as on the chart",
                              SOURCE_STALL_GROUPS - 1);
    if (!t)
        return;
    grid_head(t, 0, "kernel");
    grid_head(t, 1, "samples");
    for (size_t s = 0; s < g->n; s++)
        grid_head(t, 2 + s, "%s", g->names[s]);
    for (size_t k = 0; k < c->source.n; k++) {
        const struct source_kernel *sk = &c->source.kernels[k];
        char title[128], buf[FMT_LEN];
        size_t row = grid_row(t), top = 0;
        grid_set(t, row, 0, "`%s`", source_kernel_title(sk, SOURCE_TABLE_NAME, title, sizeof title));
        grid_set(t, row, 1, "%llu", sk->samples);
        for (size_t s = 0; s < g->n; s++) {
            double share = source_group_share(sk, g, s);
            grid_set(t, row, 2 + s, "%s", fmt_pct(buf, share));
            if (share > source_group_share(sk, g, top))
                top = s;
        }
        if (sk->samples > 0)
            grid_flag(t, row, 2 + top, CELL_BEST);
    }
    doc_table(&c->doc, t);
    grid_free(t);
}

/* The source text of a line as a cell: code, or why it cannot be shown. */
static void text_cell(struct grid *g, size_t row, size_t col, const struct source_line *l)
{
    char text[512];
    if (source_text_line(l->file, l->line, text, sizeof text) != 0) {
        grid_set(g, row, col, "%s", text);
        grid_flag(g, row, col, CELL_MUTED);
    } else if (strchr(text, '`')) /* would close the code span early */
        grid_set(g, row, col, "%s", text);
    else
        grid_set(g, row, col, "`%s`", text);
}

static void lines_table(struct report_ctx *c, const struct source_kernel *k)
{
    static const char *const heads[] = {"share", "line", "top stall reasons of the line", "source"};
    char title[128];
    doc_heading(&c->doc, 3, NULL, "`%s`", source_kernel_title(k, 60, title, sizeof title));
    struct grid *g = ctx_grid(c, heads, COUNT_OF(heads),
                              "The hottest CUDA source lines of its %llu samples; a line's reasons are shares of the "
                              "line",
                              k->samples);
    if (!g)
        return;
    grid_align(g, 1, 'l');
    grid_align(g, 2, 'l');
    grid_align(g, 3, 'l');
    for (size_t i = 0; i < k->nlines && i < SOURCE_TOP_LINES; i++) {
        const struct source_line *l = &k->lines[i];
        char buf[FMT_LEN], where[320], stalls[256];
        size_t row = grid_row(g);
        grid_set(g, row, 0, "%s", fmt_pct(buf, source_pct(l->samples, k->samples)));
        grid_set(g, row, 1, "%s", source_line_where(l, where, sizeof where));
        grid_set(g, row, 2, "%s", source_line_stalls(l, stalls, sizeof stalls));
        text_cell(g, row, 3, l);
    }
    doc_table(&c->doc, g);
    grid_free(g);
}

static void write_source(struct report_ctx *c)
{
    if (c->source.n == 0) {
        doc_note(&c->doc, "The run's " SOURCE_CSV " could not be read: %s.", c->source_note);
        return;
    }
    doc_para(&c->doc, "Where each kernel's warps wait, from the PC samples of `mmprof %s --source` "
                      "(`" SOURCE_CSV "`): every few thousand cycles each SM records one warp's program counter and why "
                      "it could not issue. `mmprof source %s` prints the same; docs/source.md explains the reasons.",
             ctx_is_profile(c) ? "profile" : "collect", c->run_dir);
    struct stall_groups g;
    if (source_stall_groups(&c->source, SOURCE_STALL_GROUPS, &g) != 0) {
        c->doc.failed = 1;
        return;
    }
    stall_table(c, &g);
    plots_embed(&c->plots, &c->doc, "source"); /* the stacked bars, beside the numbers they draw */
    for (size_t k = 0; k < c->source.n; k++)
        lines_table(c, &c->source.kernels[k]);
    doc_note(&c->doc, "Source text is read from the path the kernel's line table names; where that file is not "
                      "here, the cell says so and the file and line still point at it.");
}

const struct section sec_source = {"source", "Where the warps wait: source lines and stall reasons", present,
                                   write_source, NULL};
