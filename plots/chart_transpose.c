/* (d) Seed 002: transpose bandwidth per variant and size as grouped bars,
 * the copies first and in grey (the reference), each transpose labelled
 * with its % of the copy (the analysis's bw_vs_copy_pct). One panel per
 * tile side (the copy a transpose is measured against has the same tile),
 * at most PANEL_BARS variants each, side by side on one y scale. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"

#define GROUP_GAP 1.5 /* empty bar widths between two sizes */
#define PANEL_BARS 8
#define PANELS_MAX 4

static int transpose_row(const struct plot_row *r)
{
    return row_is_transpose(r) && row_ok(r) && isfinite(r->gb_s) && r->gb_s > 0;
}

static int is_copy(const struct plot_row *r)
{
    return r->v && (r->v->kind == KIND_TR_COPY || r->v->kind == KIND_TR_COPY_SHARED);
}

struct bars {
    size_t *variants; /* one row per variant, by tile side then registry order */
    size_t *shapes;   /* one row per size (smallest first) */
    size_t nvariants, nshapes;
    size_t first[PANELS_MAX], count[PANELS_MAX], npanels;
};

static int tile_of(const struct plot_row *r)
{
    return r->v ? r->v->tile_dim : 0;
}

/* Larger tiles first (the seed's 32 x 8 before 16 x 16); the sort is
 * stable, so registry order holds within a tile. */
static void by_tile(const struct plot_data *d, struct bars *b)
{
    for (size_t i = 1; i < b->nvariants; i++) {
        size_t v = b->variants[i], j = i;
        while (j > 0 && tile_of(&d->rows[b->variants[j - 1]]) < tile_of(&d->rows[v])) {
            b->variants[j] = b->variants[j - 1];
            j--;
        }
        b->variants[j] = v;
    }
}

/* A panel per tile side, split evenly when it has more than PANEL_BARS. */
static void panels(const struct plot_data *d, struct bars *b)
{
    for (size_t i = 0; i < b->nvariants && b->npanels < PANELS_MAX;) {
        size_t j = i + 1;
        while (j < b->nvariants && tile_of(&d->rows[b->variants[j]]) == tile_of(&d->rows[b->variants[i]]))
            j++;
        size_t chunks = (j - i + PANEL_BARS - 1) / PANEL_BARS;
        for (size_t c = 0; c < chunks && b->npanels < PANELS_MAX; c++) {
            b->first[b->npanels] = i + (j - i) * c / chunks;
            b->count[b->npanels] = (j - i) * (c + 1) / chunks - (j - i) * c / chunks;
            b->npanels++;
        }
        i = j;
    }
}

/* The panel of variant v and its place in it. */
static size_t panel_of(const struct bars *b, size_t v, size_t *slot)
{
    size_t p = 0;
    while (p + 1 < b->npanels && v >= b->first[p + 1])
        p++;
    *slot = v - b->first[p];
    return p;
}

static double bar_x(const struct bars *b, size_t shape, size_t variant)
{
    size_t slot, p = panel_of(b, variant, &slot);
    return (double)shape * ((double)b->count[p] + GROUP_GAP) + (double)slot;
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

static void panel_plot(const struct plot_data *d, const struct bars *b, size_t p, struct strbuf *plot)
{
    size_t colored = 0, grey = 0;
    char line[512];
    for (size_t v = b->first[p]; v < b->first[p] + b->count[p]; v++) {
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

/* Panels side by side, each with its key below it. */
static void write_panel(const struct plot_data *d, const struct bars *b, size_t p, struct strbuf *gp)
{
    double width = 0.90 / (double)b->npanels, left = 0.08 + (double)p * width;
    sb_printf(gp, "    set lmargin at screen %.3f\n    set rmargin at screen %.3f\n", left, left + width - 0.06);
    sb_printf(gp,
              "    set key at screen %.3f, screen 0.02 center bottom vertical Left reverse maxrows %d samplen 2 "
              "font \",10\"\n",
              left + (width - 0.06) / 2, (int)((b->count[p] + 1) / 2));
    sb_printf(gp, "    set title \"%d-wide tiles\"\n", tile_of(&d->rows[b->variants[b->first[p]]]));
    sb_printf(gp, "    set xrange [-1:%.6g]\n", bar_x(b, b->nshapes - 1, b->first[p] + b->count[p] - 1) + 1);
    sb_puts(gp, "    set xtics (");
    for (size_t s = 0; s < b->nshapes; s++) {
        char shape[64];
        row_shape_text(&d->rows[b->shapes[s]], shape, sizeof shape);
        sb_printf(gp, "%s\"%s\" %.6g", s ? ", " : "", shape,
                  bar_x(b, s, b->first[p]) + ((double)b->count[p] - 1) / 2);
    }
    sb_printf(gp, ") scale 0\n    set ylabel %s\n", p == 0 ? "\"effective bandwidth (GB/s)\"" : "\"\"");
    struct strbuf plot;
    sb_init(&plot);
    panel_plot(d, b, p, &plot);
    sb_printf(gp, "    plot %s\n", sb_str(&plot));
    gp->oom |= plot.oom;
    sb_free(&plot);
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
        by_tile(d, &b);
        panels(d, &b);
    }
    enum chart_result rc = CHART_SKIP;
    if (b.nvariants == 0)
        snprintf(job->skip, sizeof job->skip, "no transpose row has status ok and a time");
    else {
        double top = write_dat(d, &b, job);
        for (size_t p = 0; p < b.npanels; p++)
            write_panel(d, &b, p, job_var(job, "PANELS"));
        sb_printf(job_var(job, "YMAX"), "%.6g", top * 1.2);
        gp_str(job_var(job, "TITLE"), "Transpose effective bandwidth against copy (lab 002)\n"
                                      "above each transpose: its bandwidth in % of the copy with the same tile");
        rc = CHART_DRAW;
    }
    free(b.variants);
    free(b.shapes);
    return rc;
}
