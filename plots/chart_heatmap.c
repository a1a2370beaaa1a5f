/* (c) Seed 003: the register-tile variants as an Rx x Ry grid of GFLOP/s,
 * one panel per block size, at the largest size they ran. Rx, Ry and BS
 * come from the registry (KIND_MM_REGTILE), never from the names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plots/chart.h"
#include "plots/gpfmt.h"

#define AXIS_MAX 32
#define PANELS_MAX 4

static int regtile_row(const struct plot_row *r)
{
    return r->v && r->v->kind == KIND_MM_REGTILE;
}

static int regtile_ok(const struct plot_row *r)
{
    return regtile_row(r) && row_ok(r) && isfinite(r->gflop_s) && r->gflop_s > 0;
}

/* Adds v to the ascending set s of n values (capacity AXIS_MAX). */
static size_t add_sorted(int *s, size_t n, int v)
{
    size_t j = 0;
    while (j < n && s[j] < v)
        j++;
    if ((j < n && s[j] == v) || n == AXIS_MAX)
        return n;
    memmove(s + j + 1, s + j, (n - j) * sizeof *s);
    s[j] = v;
    return n + 1;
}

static size_t index_of(const int *s, size_t n, int v)
{
    size_t j = 0;
    while (j < n && s[j] != v)
        j++;
    return j;
}

struct panel {
    int bs;
    int rx[AXIS_MAX], ry[AXIS_MAX];
    size_t nrx, nry;
};

struct heatmap {
    const struct plot_row *ref; /* a row of the plotted size */
    struct panel panels[PANELS_MAX];
    size_t npanels;
    double cb[2];
};

static int in_map(const struct heatmap *h, const struct plot_row *r)
{
    return regtile_row(r) && row_same_shape(r, h->ref);
}

/* The size: the largest with an ok register-tile row, else the largest run. */
static const struct plot_row *pick_size(const struct plot_data *d)
{
    const struct plot_row *best = NULL;
    for (int pass = 0; pass < 2 && !best; pass++)
        for (size_t i = 0; i < d->nrows; i++) {
            const struct plot_row *r = &d->rows[i];
            if ((pass == 0 ? regtile_ok(r) : regtile_row(r)) && (!best || row_volume(r) > row_volume(best)))
                best = r;
        }
    return best;
}

static void build_axes(const struct plot_data *d, struct heatmap *h)
{
    int bss[AXIS_MAX];
    size_t nbs = 0;
    for (size_t i = 0; i < d->nrows; i++)
        if (in_map(h, &d->rows[i]))
            nbs = add_sorted(bss, nbs, d->rows[i].v->bs);
    h->npanels = nbs < PANELS_MAX ? nbs : PANELS_MAX;
    for (size_t p = 0; p < h->npanels; p++) {
        struct panel *pn = &h->panels[p];
        pn->bs = bss[p];
        for (size_t i = 0; i < d->nrows; i++)
            if (in_map(h, &d->rows[i]) && d->rows[i].v->bs == pn->bs) {
                pn->nrx = add_sorted(pn->rx, pn->nrx, d->rows[i].v->rx);
                pn->nry = add_sorted(pn->ry, pn->nry, d->rows[i].v->ry);
            }
    }
}

/* A linear scale from 0: the fast tiles are what the chart is read for,
 * and a log scale would paint them all the same dark blue. */
static void color_range(const struct plot_data *d, struct heatmap *h)
{
    struct span s;
    span_init(&s);
    for (size_t i = 0; i < d->nrows; i++)
        if (in_map(h, &d->rows[i]) && regtile_ok(&d->rows[i]))
            span_add(&s, d->rows[i].gflop_s);
    h->cb[0] = 0;
    h->cb[1] = span_empty(&s) ? 1 : s.hi * 1.05;
}

/* A cell's text colour: white on the palette's dark end. */
static const char *text_color(const struct heatmap *h, double v)
{
    return (v - h->cb[0]) / (h->cb[1] - h->cb[0]) > 0.55 ? "0xffffff" : "0x000000";
}

static void write_cell(const struct heatmap *h, const struct panel *pn, const struct plot_row *r, struct strbuf *b)
{
    int ok = regtile_ok(r);
    char text[32];
    if (ok)
        snprintf(text, sizeof text, "%.0f", r->gflop_s);
    else
        snprintf(text, sizeof text, "%s", row_ok(r) ? "n/a" : row_failed(r) ? "fail" : "skip");
    sb_printf(b, "%zu %zu", index_of(pn->rx, pn->nrx, r->v->rx), index_of(pn->ry, pn->nry, r->v->ry));
    gp_num(b, ok ? r->gflop_s : NAN);
    sb_puts(b, " ");
    gp_str(b, text);
    sb_printf(b, " %s %d ", ok ? text_color(h, r->gflop_s) : "0x000000", ok);
    gp_str(b, r->variant);
    sb_puts(b, "\n");
}

static void write_dat(const struct plot_data *d, const struct heatmap *h, struct chart_job *job)
{
    for (size_t p = 0; p < h->npanels; p++) {
        const struct panel *pn = &h->panels[p];
        sb_printf(&job->dat, "# BS %d: ix iy gflop_per_s label text_colour ok variant\n", pn->bs);
        for (size_t i = 0; i < d->nrows; i++) {
            const struct plot_row *r = &d->rows[i];
            if (in_map(h, r) && r->v->bs == pn->bs) {
                write_cell(h, pn, r, &job->dat);
                job_variant(job, r->variant);
            }
        }
        sb_puts(&job->dat, "\n\n");
    }
}

static void tics(struct strbuf *b, const char *axis, const int *v, size_t n)
{
    sb_printf(b, "    set %stics (", axis);
    for (size_t i = 0; i < n; i++)
        sb_printf(b, "%s\"%d\" %zu", i ? ", " : "", v[i], i);
    sb_puts(b, ")\n");
}

static void write_panel(const struct heatmap *h, size_t p, struct strbuf *b)
{
    const struct panel *pn = &h->panels[p];
    double width = 0.86 / (double)h->npanels, left = 0.02 + (double)p * width;
    sb_printf(b, "    set lmargin at screen %.3f\n    set rmargin at screen %.3f\n", left + 0.065, left + width - 0.02);
    sb_puts(b, "    set tmargin at screen 0.86\n    set bmargin at screen 0.13\n");
    sb_printf(b, "    set title \"BS = %d: rt_b%d_<Rx>x<Ry>\"\n", pn->bs, pn->bs);
    sb_printf(b, "    set xrange [-0.5:%zu.5]\n    set yrange [-0.5:%zu.5]\n", pn->nrx - 1, pn->nry - 1);
    tics(b, "x", pn->rx, pn->nrx);
    tics(b, "y", pn->ry, pn->nry);
    sb_printf(b,
              "    plot 'heatmap.dat' index %zu using 1:2:(0.5):(0.5):($6 > 0 ? $3 : NaN) with boxxyerror lc palette, \\\n"
              "         '' index %zu using ($6 > 0 ? NaN : $1):2:(0.5):(0.5) with boxxyerror lc rgb \"#bdbdbd\", \\\n"
              "         '' index %zu using 1:2:4:5 with labels tc rgb variable font \",10\"\n",
              p, p, p);
}

enum chart_result chart_heatmap(const struct plot_data *d, struct chart_job *job)
{
    struct heatmap h = {0};
    h.ref = pick_size(d);
    if (!h.ref) {
        snprintf(job->skip, sizeof job->skip, "the run has no register-tile (rt_b*) rows");
        return CHART_SKIP;
    }
    build_axes(d, &h);
    color_range(d, &h);
    write_dat(d, &h, job);
    for (size_t p = 0; p < h.npanels; p++)
        write_panel(&h, p, job_var(job, "PANELS"));
    char shape[64], title[256];
    row_shape_text(h.ref, shape, sizeof shape);
    snprintf(title, sizeof title,
             "Register tiles (lab 003): GFLOP/s at %s\ngrey: skipped or failed, blank: not run", shape);
    gp_str(job_var(job, "TITLE"), title);
    sb_puts(job_var(job, "SHAPE"), shape);
    sb_printf(job_var(job, "CBMIN"), "%.6g", h.cb[0]);
    sb_printf(job_var(job, "CBMAX"), "%.6g", h.cb[1]);
    return CHART_DRAW;
}
