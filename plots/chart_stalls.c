/* Where each sampled kernel's warps wait: one bar per kernel of
 * RUN/source.csv, stacked by stall reason in % of its PC samples. The
 * reasons are source_groups.h's, the same for every bar and for the
 * report's stall table: the largest first (at the bottom), past seven the
 * rest as one grey "other", so the key keeps to eight entries. A segment of
 * at least LABEL_MIN_PCT carries its share. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/kernel_name.h"
#include "common/shape_text.h"
#include "plots/chart.h"
#include "plots/gpfmt.h"
#include "stalls/source_groups.h"
#include "rundir/run_files.h"

#define BAR_HALF 0.3      /* half a bar's width, in kernels */
#define LABEL_MIN_PCT 6.0 /* a segment this tall holds its share's label */
#define FLAT_TICS_MAX 6   /* more kernels than this: their names slanted, on one line */
#define TIC_PLOT_CHARS 100 /* characters of tic text across the plot area, shared by its bars */
#define TIC_LINE_MIN 10
#define TIC_LINE_MAX 40
#define OTHER_COLOR "#bdbdbd"

/* Group s of kernel k, in %; 0 for a kernel without samples. */
static double share_of(const struct source_kernel *k, const struct stall_groups *g, size_t s)
{
    double v = source_group_share(k, g, s);
    return isnan(v) ? 0 : v;
}

/* One block per group: x, middle, the box's x and y extents, share, kernel. */
static void write_dat(const struct source_profile *p, const struct stall_groups *g, struct chart_job *job)
{
    for (size_t s = 0; s < g->n; s++) {
        sb_printf(&job->dat, "# %s: x y_mid x_lo x_hi y_lo y_hi share_pct kernel\n", g->names[s]);
        for (size_t k = 0; k < p->n; k++) {
            double lo = 0, share = share_of(&p->kernels[k], g, s);
            for (size_t below = 0; below < s; below++)
                lo += share_of(&p->kernels[k], g, below);
            sb_printf(&job->dat, "%zu", k);
            gp_num(&job->dat, lo + share / 2);
            gp_num(&job->dat, (double)k - BAR_HALF);
            gp_num(&job->dat, (double)k + BAR_HALF);
            gp_num(&job->dat, lo);
            gp_num(&job->dat, lo + share);
            gp_num(&job->dat, share);
            sb_puts(&job->dat, " ");
            gp_str(&job->dat, p->kernels[k].variant);
            sb_puts(&job->dat, "\n");
        }
        sb_puts(&job->dat, "\n\n");
    }
}

static void write_plot(const struct stall_groups *g, struct strbuf *plot)
{
    char line[512];
    for (size_t s = 0; s < g->n; s++) {
        const char *color = g->other && s + 1 == g->n ? OTHER_COLOR : chart_color(s);
        snprintf(line, sizeof line,
                 "'stalls.dat' index %zu using 1:2:3:4:5:6 with boxxyerror fc rgb \"%s\" fs solid 0.9 border lc rgb "
                 "\"#444444\" title \"%s\"",
                 s, color, g->names[s]);
        plot_clause(plot, line);
        snprintf(line, sizeof line,
                 "'' index %zu using 1:2:($7 >= %.0f ? sprintf(\"%%.0f%%%%\", $7) : \"\") with labels font \",9\" "
                 "notitle",
                 s, LABEL_MIN_PCT);
        plot_clause(plot, line);
    }
}

/* name in at most two lines of width characters under its bar, the break
 * before a capital or after a '_' where one is near the end of the first
 * line, "..." ending what does not fit. */
static void wrap_name(const char *name, size_t width, char *out, size_t len)
{
    size_t n = strlen(name);
    if (n <= width) {
        snprintf(out, len, "%s", name);
        return;
    }
    size_t cut = width;
    for (size_t i = width; i > width / 2; i--)
        if ((name[i] >= 'A' && name[i] <= 'Z') || name[i - 1] == '_') {
            cut = i;
            break;
        }
    if (n - cut <= width)
        snprintf(out, len, "%.*s\n%s", (int)cut, name, name + cut);
    else
        snprintf(out, len, "%.*s\n%.*s...", (int)cut, name, (int)(width - 3), name + cut);
}

/* A tic per bar: the kernel's short name (in a bar's width) over its size
 * (a declared kernel's) and samples, or slanted on one line when many. */
static void write_tics(const struct source_profile *p, struct strbuf *tics, struct strbuf *rotate)
{
    int flat = p->n <= FLAT_TICS_MAX;
    size_t width = TIC_PLOT_CHARS / (p->n ? p->n : 1);
    width = width < TIC_LINE_MIN ? TIC_LINE_MIN : width > TIC_LINE_MAX ? TIC_LINE_MAX : width;
    for (size_t k = 0; k < p->n; k++) {
        const struct source_kernel *sk = &p->kernels[k];
        char shape[64] = "", short_name[256], name[300], text[400];
        kernel_short_name(sk->variant, short_name, sizeof short_name);
        if (flat)
            wrap_name(short_name, width, name, sizeof name);
        else
            snprintf(name, sizeof name, "%.*s", TIC_LINE_MAX, short_name);
        if (sk->m > 0)
            shape_text(shape, sizeof shape, sk->m, sk->n, sk->k);
        if (flat)
            snprintf(text, sizeof text, "%s\n%s%s%llu samples", name, shape, shape[0] ? "\n" : "", sk->samples);
        else
            snprintf(text, sizeof text, "%s%s%s", name, shape[0] ? " " : "", shape);
        sb_puts(tics, k ? ", " : "");
        gp_str(tics, text);
        sb_printf(tics, " %zu", k);
    }
    sb_puts(rotate, flat ? "norotate" : "rotate by -35 right");
}

enum chart_result chart_stalls(const struct plot_data *d, struct chart_job *job)
{
    const struct source_profile *p = &d->source;
    struct stall_groups g;
    if (p->n == 0) {
        snprintf(job->skip, sizeof job->skip, "%.500s", /* the note names the file, the fix last */
                 d->source_note[0] ? d->source_note : SOURCE_CSV " has no sampled kernel");
        return CHART_SKIP;
    }
    if (source_stall_groups(p, SOURCE_STALL_GROUPS, &g) != 0) {
        snprintf(job->skip, sizeof job->skip, "out of memory grouping the stall reasons of " SOURCE_CSV);
        return CHART_SKIP;
    }
    for (size_t k = 0; k < p->n; k++)
        job_variant(job, p->kernels[k].variant);
    write_dat(p, &g, job);
    write_plot(&g, job_var(job, "PLOT"));
    write_tics(p, job_var(job, "XTICS"), job_var(job, "XTIC_ROTATE"));
    sb_printf(job_var(job, "XMAX"), "%.6g", (double)p->n - 0.4);
    gp_str(job_var(job, "TITLE"), g.other ? "Where the warps wait: stall reasons of each sampled kernel\n"
                                            "% of its PC samples (--source); the smaller reasons as other"
                                          : "Where the warps wait: stall reasons of each sampled kernel\n"
                                            "% of its PC samples (--source)");
    return CHART_DRAW;
}
