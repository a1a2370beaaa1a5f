/* (f) Seed 004: GFLOP/s against matrix size, one line per matmul variant
 * (the CPU baseline and cuBLAS included). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"

#define XTICS_MAX 12 /* more distinct sizes than this: gnuplot's own tics */

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

/* Solid lines for the first ten variants, then dashed, then dotted. */
static void plots(const struct plot_data *d, const size_t *vars, size_t nv, struct strbuf *plot)
{
    char line[320];
    for (size_t v = 0; v < nv; v++) {
        snprintf(line, sizeof line,
                 "'sizes.dat' index %zu using 1:2 with linespoints lw 1.5 dt %zu pt %d ps 1.2 lc rgb \"%s\" title \"%s\"",
                 v, 1 + (v / 10) % 3, chart_point(v), chart_color(v),
                 d->rows[vars[v]].variant);
        plot_clause(plot, line);
    }
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
    else {
        struct span x, y;
        span_init(&x);
        span_init(&y);
        write_dat(d, vars, nv, shapes, ns, job, &x, &y);
        plots(d, vars, nv, job_var(job, "PLOT"));
        xtics(d, shapes, ns, job_var(job, "XTICS"));
        double lo, hi;
        span_log_range(&y, 1.5, &lo, &hi);
        sb_printf(job_var(job, "XMIN"), "%.6g", x.lo / 1.4);
        sb_printf(job_var(job, "XMAX"), "%.6g", x.hi * 1.4);
        sb_printf(job_var(job, "YMIN"), "%.6g", lo);
        sb_printf(job_var(job, "YMAX"), "%.6g", hi);
        sb_printf(job_var(job, "KEY_FONT"), "%d", nv > 30 ? 8 : 10);
        gp_str(job_var(job, "TITLE"), "Matmul GFLOP/s vs matrix size (seed 004)");
        rc = CHART_DRAW;
    }
    free(vars);
    free(shapes);
    return rc;
}
