/* (f) Seed 004: GFLOP/s against matrix size, one line per matmul variant
 * (the CPU baseline and cuBLAS included), in panels of at most
 * PANEL_LINES lines so each keeps distinct colours and point types. A
 * panel holds whole kinds in registry order; a kind with more variants
 * than that is split by block size, then into even chunks, each its own
 * panel. cuBLAS is drawn grey and dashed in every other panel, and all
 * panels share one y scale, so they compare across. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/kind.h"
#include "plots/chart.h"
#include "plots/gpfmt.h"

#define XTICS_MAX 12   /* more distinct sizes than this: gnuplot's own tics */
#define PANEL_LINES 7  /* a panel's own lines; with the reference, at most eight */
#define PANELS_MAX 8   /* four rows of two fit the canvas */

struct panel {
    size_t first, count; /* into the variants, registry order */
    int split;           /* a chunk of a kind too large for one panel */
};

static int sizes_row(const struct plot_row *r)
{
    return row_is_matmul(r) && row_ok(r) && isfinite(r->gflop_s) && r->gflop_s > 0;
}

static double side(const struct plot_row *r)
{
    return cbrt(row_volume(r));
}

/* One block per variant, its sizes in increasing order. */
static void write_dat(const struct plot_data *d, const size_t *vars, size_t nv, const size_t *shapes, size_t ns,
                      struct chart_job *job, struct span *x, struct span *y)
{
    for (size_t v = 0; v < nv; v++) {
        const char *name = d->rows[vars[v]].variant;
        sb_printf(&job->dat, "# %s: side gflop_per_s shape\n", name);
        job_variant(job, name);
        for (size_t s = 0; s < ns; s++)
            for (size_t i = 0; i < d->nrows; i++) {
                const struct plot_row *r = &d->rows[i];
                if (!sizes_row(r) || strcmp(r->variant, name) != 0 || !row_same_shape(r, &d->rows[shapes[s]]))
                    continue;
                char shape[64];
                row_shape_text(r, shape, sizeof shape);
                sb_printf(&job->dat, "%.6g", side(r));
                gp_num(&job->dat, r->gflop_s);
                sb_puts(&job->dat, " ");
                gp_str(&job->dat, shape);
                sb_puts(&job->dat, "\n");
                span_add(x, side(r));
                span_add(y, r->gflop_s);
                break;
            }
        sb_puts(&job->dat, "\n\n");
    }
}

static int same_kind(const struct plot_row *a, const struct plot_row *b)
{
    return a->v && b->v ? a->v->kind == b->v->kind : !a->v && !b->v;
}

/* Splits vars[first..first+n) (one kind, more than PANEL_LINES) by block
 * size, then evenly; appends the panels. */
static size_t split_kind(const struct plot_data *d, const size_t *vars, size_t first, size_t n, struct panel *p,
                         size_t np)
{
    for (size_t i = first; i < first + n && np < PANELS_MAX;) {
        size_t j = i;
        while (j < first + n && d->rows[vars[j]].v && d->rows[vars[i]].v &&
               d->rows[vars[j]].v->bs == d->rows[vars[i]].v->bs)
            j++;
        j = j > i ? j : i + 1;
        size_t len = j - i, chunks = (len + PANEL_LINES - 1) / PANEL_LINES;
        for (size_t c = 0; c < chunks && np < PANELS_MAX; c++) {
            size_t from = i + len * c / chunks, to = i + len * (c + 1) / chunks;
            p[np++] = (struct panel){from, to - from, 1};
        }
        i = j;
    }
    return np;
}

/* Whole kinds packed into panels while they fit, large kinds split. */
static size_t panels(const struct plot_data *d, const size_t *vars, size_t nv, struct panel *p)
{
    size_t np = 0;
    for (size_t i = 0; i < nv && np < PANELS_MAX;) {
        size_t j = i + 1;
        while (j < nv && same_kind(&d->rows[vars[j]], &d->rows[vars[i]]))
            j++;
        if (j - i > PANEL_LINES)
            np = split_kind(d, vars, i, j - i, p, np);
        else if (np > 0 && !p[np - 1].split && p[np - 1].count + (j - i) <= PANEL_LINES)
            p[np - 1].count += j - i;
        else
            p[np++] = (struct panel){i, j - i, 0};
        i = j;
    }
    return np;
}

/* The variants a panel shows, for its title: "naive, tiled_t*" (a kind's
 * common prefix), or "rt_b16_1x1 ... rt_b16_2x8" for a chunk. */
static void panel_title(const struct plot_data *d, const size_t *vars, const struct panel *p, char *buf, size_t len)
{
    const char *first = d->rows[vars[p->first]].variant;
    if (p->split) {
        snprintf(buf, len, "%s ... %s", first, d->rows[vars[p->first + p->count - 1]].variant);
        return;
    }
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = p->first; i < p->first + p->count && at < len;) {
        const char *name = d->rows[vars[i]].variant;
        size_t j = i + 1, common = strlen(name);
        for (; j < p->first + p->count && same_kind(&d->rows[vars[j]], &d->rows[vars[i]]); j++) {
            size_t k = 0;
            while (k < common && d->rows[vars[j]].variant[k] == name[k])
                k++;
            common = k;
        }
        int w = j - i > 1 ? snprintf(buf + at, len - at, "%s%.*s*", at ? ", " : "", (int)common, name)
                          : snprintf(buf + at, len - at, "%s%s", at ? ", " : "", name);
        at += w > 0 ? (size_t)w : 0;
        i = j;
    }
}

/* The library's variant (cuBLAS), the yardstick every panel shows; nv when none. */
static size_t reference(const struct plot_data *d, const size_t *vars, size_t nv)
{
    for (size_t v = 0; v < nv; v++) {
        const struct variant *var = d->rows[vars[v]].v;
        if (var && (kind_of(var)->flags & KF_LIBRARY))
            return v;
    }
    return nv;
}

/* Panel k of np in two columns; the bottom row carries the x label. */
static void write_panel(const struct plot_data *d, const size_t *vars, size_t nv, const struct panel *p, size_t k,
                        size_t np, struct strbuf *b)
{
    size_t rows = (np + 1) / 2, row = k / 2, col = k % 2;
    double top = 0.91, bottom = 0.04, height = (top - bottom) / (double)rows;
    double cell_top = top - height * (double)row, cell_bottom = cell_top - height;
    double left = 0.07 + 0.5 * (double)col;
    int last_row = row == rows - 1 || (row == rows - 2 && col == 1 && np % 2 == 1);
    char title[300];
    panel_title(d, vars, p, title, sizeof title);
    sb_printf(b, "    set lmargin at screen %.3f\n    set rmargin at screen %.3f\n", left, left + 0.27);
    sb_printf(b, "    set tmargin at screen %.3f\n    set bmargin at screen %.3f\n", cell_top - 0.04,
              cell_bottom + (last_row ? 0.08 : 0.05));
    sb_printf(b,
              "    set key at screen %.3f, screen %.3f left top vertical Left reverse samplen 2 spacing 0.9 "
              "font \",9\"\n",
              left + 0.28, cell_top - 0.04);
    sb_printf(b, "    set ylabel %s\n", col == 0 ? "\"GFLOP/s\"" : "\"\"");
    sb_puts(b, "    set title ");
    gp_str(b, title);
    sb_printf(b, "\n    set xlabel %s\n", last_row ? "\"matrix size N (cube root of M N K)\"" : "\"\"");
    sb_puts(b, "    plot ");
    struct strbuf plot;
    sb_init(&plot);
    char line[320];
    for (size_t i = 0; i < p->count; i++) {
        size_t v = p->first + i;
        snprintf(line, sizeof line,
                 "'sizes.dat' index %zu using 1:2 with linespoints lw 1.5 pt %d ps 1.1 lc rgb \"%s\" title \"%s\"", v,
                 chart_point(i), chart_color(i), d->rows[vars[v]].variant);
        plot_clause(&plot, line);
    }
    size_t ref = reference(d, vars, nv);
    if (ref < nv && (ref < p->first || ref >= p->first + p->count)) {
        snprintf(line, sizeof line,
                 "'sizes.dat' index %zu using 1:2 with lines lw 1.5 dt 2 lc rgb \"#999999\" title \"%s (reference)\"",
                 ref, d->rows[vars[ref]].variant);
        plot_clause(&plot, line);
    }
    sb_puts(b, sb_str(&plot));
    sb_puts(b, "\n");
    b->oom |= plot.oom;
    sb_free(&plot);
}

static void xtics(const struct plot_data *d, const size_t *shapes, size_t ns, struct strbuf *b)
{
    double seen[XTICS_MAX];
    size_t n = 0;
    for (size_t s = 0; s < ns; s++) {
        double x = side(&d->rows[shapes[s]]);
        size_t j = 0;
        while (j < n && fabs(seen[j] - x) > 1e-9 * x)
            j++;
        if (j < n)
            continue;
        if (n == XTICS_MAX)
            return;
        seen[n++] = x;
    }
    sb_puts(b, "set xtics (");
    for (size_t i = 0; i < n; i++)
        sb_printf(b, "%s\"%.0f\" %.6g", i ? ", " : "", seen[i], seen[i]);
    sb_puts(b, ")");
}

enum chart_result chart_sizes(const struct plot_data *d, struct chart_job *job)
{
    size_t rows = d->nrows ? d->nrows : 1;
    size_t *vars = malloc(rows * sizeof *vars), *shapes = malloc(rows * sizeof *shapes);
    size_t nv = vars && shapes ? rows_largest_each(d, sizes_row, vars) : 0;
    size_t ns = nv ? rows_shapes(d, sizes_row, shapes) : 0;
    enum chart_result rc = CHART_SKIP;
    if (nv == 0)
        snprintf(job->skip, sizeof job->skip, "no matmul row has status ok and a time");
    else if (ns < 2) /* one x: a column of points says nothing the tables do not */
        snprintf(job->skip, sizeof job->skip, "one matrix size only: the chart compares two or more "
                 "(`mmprof collect --sizes 1024,2048` measures two)");
    else {
        struct span x, y;
        span_init(&x);
        span_init(&y);
        write_dat(d, vars, nv, shapes, ns, job, &x, &y);
        struct panel p[PANELS_MAX];
        size_t np = panels(d, vars, nv, p);
        for (size_t k = 0; k < np; k++)
            write_panel(d, vars, nv, &p[k], k, np, job_var(job, "PANELS"));
        xtics(d, shapes, ns, job_var(job, "XTICS"));
        double lo, hi;
        span_log_range(&y, 1.5, &lo, &hi);
        sb_printf(job_var(job, "XMIN"), "%.6g", x.lo / 1.4);
        sb_printf(job_var(job, "XMAX"), "%.6g", x.hi * 1.4);
        sb_printf(job_var(job, "YMIN"), "%.6g", lo);
        sb_printf(job_var(job, "YMAX"), "%.6g", hi);
        log_tics(job_var(job, "YTICS"), "y", lo, hi);
        char title[200];
        size_t drawn = np ? p[np - 1].first + p[np - 1].count : 0;
        int n = snprintf(title, sizeof title, "Matmul GFLOP/s vs matrix size (lab 004), one panel per group of "
                                              "kernels");
        if (drawn < nv && n > 0) /* more kinds than panels: say so rather than drop them quietly */
            snprintf(title + n, sizeof title - (size_t)n, "\n%zu variants after %s not drawn (in sizes.dat)",
                     nv - drawn, d->rows[vars[drawn - 1]].variant);
        gp_str(job_var(job, "TITLE"), title);
        rc = CHART_DRAW;
    }
    free(vars);
    free(shapes);
    return rc;
}
