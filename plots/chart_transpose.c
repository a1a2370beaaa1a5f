/* (d) Seed 002: transpose bandwidth per variant and size as grouped bars,
 * the copies first and in grey (the reference), each transpose labelled
 * with its % of the copy (the analysis's bw_vs_copy_pct). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"

#define GROUP_GAP 1.5 /* empty bar widths between two sizes */

static int transpose_row(const struct plot_row *r)
{
    return row_is_transpose(r) && row_ok(r) && isfinite(r->gb_s) && r->gb_s > 0;
}

static int is_copy(const struct plot_row *r)
{
    return r->v && (r->v->kind == KIND_TR_COPY || r->v->kind == KIND_TR_COPY_SHARED);
}

struct bars {
    size_t *variants; /* one row per variant (registry order) */
    size_t *shapes;   /* one row per size (smallest first) */
    size_t nvariants, nshapes;
};

static double bar_x(const struct bars *b, size_t shape, size_t variant)
{
    return (double)shape * ((double)b->nvariants + GROUP_GAP) + (double)variant;
}

static const struct plot_row *find(const struct plot_data *d, const struct plot_row *var, const struct plot_row *shape)
{
    for (size_t i = 0; i < d->nrows; i++)
        if (transpose_row(&d->rows[i]) && strcmp(d->rows[i].variant, var->variant) == 0 &&
            row_same_shape(&d->rows[i], shape))
            return &d->rows[i];
    return NULL;
}

/* One block per variant: x, GB/s, % of copy, size. */
static double write_dat(const struct plot_data *d, const struct bars *b, struct chart_job *job)
{
    double top = 0;
    for (size_t v = 0; v < b->nvariants; v++) {
        const struct plot_row *var = &d->rows[b->variants[v]];
        sb_printf(&job->dat, "# %s: x gb_per_s pct_of_copy size\n", var->variant);
        job_variant(job, var->variant);
        for (size_t s = 0; s < b->nshapes; s++) {
            const struct plot_row *r = find(d, var, &d->rows[b->shapes[s]]);
            char shape[64];
            if (!r)
                continue;
            row_shape_text(r, shape, sizeof shape);
            sb_printf(&job->dat, "%.6g", bar_x(b, s, v));
            gp_num(&job->dat, r->gb_s);
            gp_num(&job->dat, r->bw_vs_copy_pct);
            sb_puts(&job->dat, " ");
            gp_str(&job->dat, shape);
            sb_puts(&job->dat, "\n");
            top = fmax(top, r->gb_s);
        }
        sb_puts(&job->dat, "\n\n");
    }
    return top;
}

static void plots(const struct plot_data *d, const struct bars *b, struct strbuf *plot)
{
    size_t colored = 0, grey = 0;
    char line[512];
    for (size_t v = 0; v < b->nvariants; v++) {
        const struct plot_row *r = &d->rows[b->variants[v]];
        static const char *const greys[] = {"#525252", "#969696", "#bdbdbd", "#d9d9d9"};
        const char *color = is_copy(r) ? greys[grey++ % 4] : chart_color(colored++);
        snprintf(line, sizeof line, "'transpose.dat' index %zu using 1:2 with boxes lc rgb \"%s\" title \"%s\"", v,
                 color, r->variant);
        plot_clause(plot, line);
        if (is_copy(r))
            continue;
        snprintf(line, sizeof line,
                 "'' index %zu using 1:2:(sprintf(\"%%.0f%%%%\", $3)) with labels rotate by 90 left offset 0,0.4 "
                 "font \",9\" notitle",
                 v);
        plot_clause(plot, line);
    }
}

static void xtics(const struct plot_data *d, const struct bars *b, struct strbuf *t)
{
    for (size_t s = 0; s < b->nshapes; s++) {
        char shape[64];
        row_shape_text(&d->rows[b->shapes[s]], shape, sizeof shape);
        sb_printf(t, "%s\"%s\" %.6g", s ? ", " : "", shape, bar_x(b, s, 0) + ((double)b->nvariants - 1) / 2);
    }
}

enum chart_result chart_transpose(const struct plot_data *d, struct chart_job *job)
{
    struct bars b = {0};
    size_t rows = d->nrows ? d->nrows : 1;
    b.variants = malloc(rows * sizeof *b.variants);
    b.shapes = malloc(rows * sizeof *b.shapes);
    if (b.variants && b.shapes) {
        b.nvariants = rows_largest_each(d, transpose_row, b.variants);
        b.nshapes = rows_shapes(d, transpose_row, b.shapes);
    }
    enum chart_result rc = CHART_SKIP;
    if (b.nvariants == 0)
        snprintf(job->skip, sizeof job->skip, "no transpose row has status ok and a time");
    else {
        double top = write_dat(d, &b, job);
        plots(d, &b, job_var(job, "PLOT"));
        xtics(d, &b, job_var(job, "XTICS"));
        sb_printf(job_var(job, "XMIN"), "%.6g", -1.0);
        sb_printf(job_var(job, "XMAX"), "%.6g", bar_x(&b, b.nshapes - 1, b.nvariants - 1) + 1);
        sb_printf(job_var(job, "YMAX"), "%.6g", top * 1.2);
        gp_str(job_var(job, "TITLE"), "Transpose effective bandwidth against copy (seed 002)\n"
                                      "above each transpose: its bandwidth in % of the copy with the same tile");
        rc = CHART_DRAW;
    }
    free(b.variants);
    free(b.shapes);
    return rc;
}
