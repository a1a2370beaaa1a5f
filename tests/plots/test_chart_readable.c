/* Charts a reader can read: on every run directory the repository has (the
 * example runs, `mmprof profile`'s among them, the synthetic fixture and
 * the H100 run with PC samples, whose stalls chart groups 14 reasons into
 * 8), and two made from them (a run whose variants are not all at one size;
 * a run of nine sizes), `mmprof plot` draws
 *  - at most eight series (key entries) in any panel, each with its own
 *    style (colour, point type, dashes) within the panel;
 *  - a roofline whose labels stay on the canvas and do not overlap, one
 *    label a point (no "5-8" group), in the points' order from top to
 *    bottom (their leaders do not cross);
 *  - a CGMA chart whose labels stay on the canvas, do not overlap and
 *    each stand over the theoretical CGMA of the point it names (within
 *    two label widths), one label a point;
 * and the report's roofline overlay against a baseline (H100 against H200)
 * names each point by one label, none overlapping.
 * Read back from the .gp scripts (gp_script.h). Skipped without gnuplot. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "gp_script.h"
#include "analysis/analysis.h"
#include "plots/baseline.h"
#include "plots/plot_data.h"
#include "plots/chart.h"
#include "plots/chart_key.h"
#include "plots/gnuplot.h"
#include "run_dir.h"

#define SERIES_MAX 8

/* A run as its results.csv lines, with a change: a line dropped (keep
 * returns 0) or more written after it. */
typedef int (*edit_fn)(const char *line, FILE *out);

static int keep(const char *line, FILE *out)
{
    (void)line;
    (void)out;
    return 1;
}

/* naive and rt_b16_4x4 only at 1024: the roofline mixes sizes, its table gets a size column. */
static int mixed_sizes(const char *line, FILE *out)
{
    (void)out;
    return strncmp(line, "naive,matmul,2048,", 18) != 0 && strncmp(line, "rt_b16_4x4,matmul,2048,", 23) != 0;
}

/* Five more sizes of naive and the tiled kernels: nine in all, more than the tiles chart's lines. */
static int nine_sizes(const char *line, FILE *out)
{
    const char *at = strstr(line, ",1024,1024,1024,");
    if (at && (strncmp(line, "naive,", 6) == 0 || strncmp(line, "tiled_t", 7) == 0))
        for (int side = 1100; side <= 1500; side += 100)
            fprintf(out, "%.*s,%d,%d,%d,%s\n", (int)(at - line), line, side, side, side, at + 16);
    return 1;
}

static const struct {
    const char *dir, *name;
    edit_fn edit;
} runs[] = {
    {EXAMPLE_RUN, "examples/seeds", keep},
    {MMPROF_SOURCE_DIR "/examples/seeds-h200", "examples/seeds-h200", keep},
    {MMPROF_SOURCE_DIR "/examples/profile-h200", "examples/profile-h200", keep},
    {SYNTHETIC_RUN, "synthetic_run", keep},
    {SOURCE_RUN, "source-h100", keep},
    {EXAMPLE_RUN, "examples/seeds, mixed sizes", mixed_sizes},
    {SYNTHETIC_RUN, "synthetic_run, nine sizes", nine_sizes},
};

static void need_gnuplot(void)
{
    char path[4096];
    if (gnuplot_find(path, sizeof path) != 0) {
        print_message("SKIPPED: gnuplot is not on PATH (apt-get install gnuplot-nox)\n");
        skip();
    }
}

/* Plots run r into a scratch directory (its results.csv edited, no
 * analysis.csv); 0 when the run is not in this checkout. */
static int plotted(size_t r, char *dir, size_t len)
{
    char path[700], err[16384];
    snprintf(path, sizeof path, "%s/results.csv", runs[r].dir);
    char *text = slurp(path);
    if (!text)
        return 0;
    run_make_empty(dir, len);
    snprintf(path, sizeof path, "%s/run.json", runs[r].dir);
    char *json = slurp(path);
    assert_non_null(json);
    write_text(dir, "run.json", json);
    free(json);
    snprintf(path, sizeof path, "%s/source.csv", runs[r].dir);
    char *samples = slurp(path);
    if (samples) /* the stalls chart's */
        write_text(dir, "source.csv", samples);
    free(samples);
    snprintf(path, sizeof path, "%s/results.csv", dir);
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        if (runs[r].edit(line, out))
            fprintf(out, "%s\n", line);
    fclose(out);
    free(text);
    assert_int_equal(run_plot(err, sizeof err, dir, "--format", "svg", NULL), 0);
    return 1;
}

/* The chart's script read back; 0 when the chart was skipped for this run. */
static int script(const char *dir, const char *chart, struct gp_script *s)
{
    char path[700];
    snprintf(path, sizeof path, "%s/plots/%s.gp", dir, chart);
    char *text = slurp(path);
    if (!text)
        return 0;
    gp_script_read(text, s);
    free(text);
    return 1;
}

static void series_per_panel(void **state)
{
    need_gnuplot();
    struct gp_script *s = malloc(sizeof *s);
    assert_non_null(s);
    size_t n, checked = 0;
    const struct chart_spec *specs = chart_specs(&n);
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char dir[256];
        if (!plotted(r, dir, sizeof dir))
            continue;
        for (size_t c = 0; c < n; c++) {
            if (!script(dir, specs[c].name, s))
                continue;
            for (size_t p = 0; p < s->npanels; p++) {
                const struct gp_panel *pn = &s->panels[p];
                size_t series = 0;
                for (size_t i = 0; i < pn->n; i++) {
                    if (!pn->clauses[i].titled)
                        continue;
                    series++;
                    for (size_t j = 0; j < i; j++)
                        if (pn->clauses[j].titled && strcmp(pn->clauses[j].style, pn->clauses[i].style) == 0)
                            fail_msg("%s, %s panel %zu: two series drawn alike (%s): %s / %s", runs[r].name,
                                     specs[c].name, p + 1, pn->clauses[i].style, pn->clauses[j].text,
                                     pn->clauses[i].text);
                }
                if (series > SERIES_MAX)
                    fail_msg("%s, %s panel %zu: %zu series, more than %d a reader can tell apart", runs[r].name,
                             specs[c].name, p + 1, series, SERIES_MAX);
                print_message("%-40s %-10s panel %zu: %zu series\n", runs[r].name,
                              specs[c].name, p + 1, series);
                checked++;
            }
        }
        run_remove(dir);
    }
    assert_true(checked > 0);
    free(s);
}

static int overlap(const struct gp_label *a, const struct gp_label *b)
{
    const double slack = 0.5; /* pixels: boxes that only touch are apart */
    return a->x0 < b->x1 - slack && b->x0 < a->x1 - slack && a->y0 < b->y1 - slack && b->y0 < a->y1 - slack;
}

/* Every label on the canvas and none over another. */
static void no_overlaps(const char *what, const struct gp_script *s)
{
    for (size_t i = 0; i < s->nlabels; i++) {
        const struct gp_label *l = &s->labels[i];
        if (l->x0 < 0 || l->x1 > PLOT_WIDTH || l->y0 < 0 || l->y1 > PLOT_HEIGHT)
            fail_msg("%s: label \"%s\" (%.0f..%.0f x %.0f..%.0f px) runs off the %dx%d canvas", what, l->text, l->x0,
                     l->x1, l->y0, l->y1, PLOT_WIDTH, PLOT_HEIGHT);
    }
    for (size_t i = 0; i < s->nlabels; i++)
        for (size_t j = 0; j < i; j++)
            if (overlap(&s->labels[i], &s->labels[j]))
                fail_msg("%s: label \"%s\" (%.0f..%.0f x %.0f..%.0f px) overlaps \"%s\" (%.0f..%.0f x %.0f..%.0f px)",
                         what, s->labels[i].text, s->labels[i].x0, s->labels[i].x1, s->labels[i].y0, s->labels[i].y1,
                         s->labels[j].text, s->labels[j].x0, s->labels[j].x1, s->labels[j].y0, s->labels[j].y1);
}

/* roofline.dat's and cgma.dat's rows: the variant (first column), GFLOP/s
 * or theoretical CGMA (second), and its key when the last column is one. */
struct dat_row {
    char variant[64];
    double value;
    int key, named;
};

static size_t read_dat(const char *path, struct dat_row *rows, size_t cap)
{
    char *text = slurp(path);
    assert_non_null(text);
    size_t n = 0;
    for (char *line = strtok(text, "\n"); line && n < cap; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || line[0] != '"')
            continue;
        struct dat_row *r = &rows[n++];
        char *end = strchr(line + 1, '"');
        assert_non_null(end);
        snprintf(r->variant, sizeof r->variant, "%.*s", (int)(end - line - 1), line + 1);
        r->value = strtod(end + 1, NULL);
        char *last = strrchr(line, ' ');
        r->key = last && last[1] >= '0' && last[1] <= '9' ? atoi(last + 1) : 0;
        r->named = 0;
    }
    free(text);
    return n;
}

/* The rows a point label names: keys "3", "3,4", "5-8" or a variant's name. */
static size_t named_rows(const char *text, struct dat_row *rows, size_t n, struct dat_row **out, size_t cap)
{
    size_t got = 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].variant, text) == 0 && got < cap)
            out[got++] = &rows[i];
    int by_name = got > 0;
    for (const char *p = text; !by_name && *p >= '0' && *p <= '9';) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (*end == '-')
            hi = strtol(end + 1, &end, 10);
        for (size_t i = 0; i < n; i++)
            if (rows[i].key >= lo && rows[i].key <= hi && got < cap)
                out[got++] = &rows[i];
        p = *end == ',' ? end + 1 : end;
        if (*end != ',')
            break;
    }
    return got;
}

/* The labels in_row_order has seen on the chart at hand. */
static const struct gp_label *order_label[256];
static double order_row_px[256];
static size_t order_n;

/* Holds one point label l against one row it names, or fails. */
typedef void (*label_check)(const char *run, const struct gp_script *s, const struct gp_label *l,
                            const struct dat_row *row);

/* On every run: the chart's labels on the canvas and apart, each point
 * label (a tag below KEY_TABLE_TAG: not the table, not the title) naming
 * plotted rows and held to each by check, every row named by exactly one
 * label. */
static void check_labels(const char *chart, label_check check)
{
    need_gnuplot();
    struct gp_script *s = malloc(sizeof *s);
    struct dat_row rows[256], *named[256];
    assert_non_null(s);
    size_t checked = 0;
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char dir[256], path[700];
        if (!plotted(r, dir, sizeof dir))
            continue;
        if (!script(dir, chart, s)) {
            run_remove(dir);
            continue;
        }
        no_overlaps(runs[r].name, s);
        order_n = 0;
        snprintf(path, sizeof path, "%s/plots/%s.dat", dir, chart);
        size_t nrows = read_dat(path, rows, 256);
        assert_true(nrows > 0);
        for (size_t i = 0; i < s->nlabels; i++) {
            const struct gp_label *l = &s->labels[i];
            if (l->tag >= KEY_TABLE_TAG)
                continue;
            size_t k = named_rows(l->text, rows, nrows, named, 256);
            if (k == 0)
                fail_msg("%s: %s label \"%s\" names no plotted row", runs[r].name, chart, l->text);
            if (k > 1)
                fail_msg("%s: %s label \"%s\" names %zu points: a group, not one label a point", runs[r].name,
                         chart, l->text, k);
            for (size_t j = 0; j < k; j++) {
                check(runs[r].name, s, l, named[j]);
                named[j]->named++;
            }
        }
        for (size_t i = 0; i < nrows; i++)
            if (rows[i].named != 1)
                fail_msg("%s: %s row %s is named by %d labels, not one", runs[r].name, chart, rows[i].variant,
                         rows[i].named);
        print_message("%-40s %s: %zu labels, %zu rows, none overlapping, each by its points\n", runs[r].name, chart,
                      s->nlabels, nrows);
        checked++;
        run_remove(dir);
    }
    assert_true(checked > 0);
    free(s);
}

/* Roofline labels in their rows' order: a label above another names a row
 * at least as high, so the leaders from the rows to them do not cross. */

static void in_row_order(const char *run, const struct gp_script *s, const struct gp_label *l,
                         const struct dat_row *row)
{
    double y = gp_data_y_px(s, row->value);
    for (size_t i = 0; i < order_n; i++)
        if ((order_row_px[i] - y) * (order_label[i]->anchor_y - l->anchor_y) < 0)
            fail_msg("%s: roofline labels \"%s\" and \"%s\" are in the other order than their rows: leaders "
                     "that cross", run, order_label[i]->text, l->text);
    if (order_n < 256) {
        order_label[order_n] = l;
        order_row_px[order_n++] = y;
    }
}

/* A CGMA label stands over its theoretical CGMA; neighbours may push a
 * column aside, by about a column's width each way. */
static void over_theory(const char *run, const struct gp_script *s, const struct gp_label *l,
                        const struct dat_row *row)
{
    double x = gp_data_x_px(s, row->value), mid = (l->x0 + l->x1) / 2;
    double room = 2 * fmax(l->x1 - l->x0, gp_line_px(l->pt));
    if (fabs(x - mid) > room)
        fail_msg("%s: CGMA label \"%s\" stands %.0f px beside the theoretical CGMA of %s, more than %.0f px: a "
                 "leader to follow, not a label over its point",
                 run, l->text, fabs(x - mid), row->variant, room);
}

static void roofline_labels_sit_at_their_points(void **state)
{
    check_labels("roofline", in_row_order);
}

static void cgma_labels_over_their_points(void **state)
{
    check_labels("cgma", over_theory);
}

/* The report's overlay of this run against a baseline of another GPU:
 * every point of this run named by one label of its own, none overlapping,
 * the title on the canvas however deep the baseline's directory lies. */
static void overlay_labels_apart(void **state)
{
    need_gnuplot();
    char dir[256], root[256], base_dir[600], why[1024], path[700];
    struct dat_row rows[256], *named[256];
    run_copy(EXAMPLE_RUN, dir, sizeof dir);
    run_make_empty(root, sizeof root);
    snprintf(base_dir, sizeof base_dir, "%s/%s", root,
             "a-baseline-kept-in-a-directory-whose-name-alone-is-longer-than-a-chart-title-can-hold-on-its-"
             "canvas-as-a-deep-checkout-or-a-cluster-scratch-path-makes-it-seeds-h200");
    assert_int_equal(mkdir(base_dir, 0700), 0);
    run_copy_files(MMPROF_SOURCE_DIR "/examples/seeds-h200", base_dir);
    struct run_view vr, vb;
    struct analysis ar, ab;
    struct plot_data run, base;
    assert_int_equal(analysis_load(dir, 0, &vr, &ar, why, sizeof why), 0);
    assert_int_equal(analysis_load(base_dir, 0, &vb, &ab, why, sizeof why), 0);
    assert_int_equal(plot_data_from(&vr, &ar, &run, why, sizeof why), 0);
    assert_int_equal(plot_data_from(&vb, &ab, &base, why, sizeof why), 0);
    assert_int_equal(plot_roofline_baseline(&run, &base, why, sizeof why), 0);
    plot_data_free(&run);
    plot_data_free(&base);
    analysis_free(&ar);
    analysis_free(&ab);
    run_view_free(&vr);
    run_view_free(&vb);
    struct gp_script *s = malloc(sizeof *s);
    assert_non_null(s);
    snprintf(path, sizeof path, "%s/plots/roofline_baseline.gp", dir);
    char *text = slurp(path);
    assert_non_null(text);
    gp_script_read(text, s);
    free(text);
    no_overlaps("overlay", s);
    snprintf(path, sizeof path, "%s/plots/roofline_baseline.dat", dir);
    size_t nrows = read_dat(path, rows, 256), labels = 0;
    assert_true(nrows > 20);
    for (size_t i = 0; i < s->nlabels; i++) {
        const struct gp_label *l = &s->labels[i];
        if (l->tag >= KEY_TABLE_TAG)
            continue;
        size_t k = named_rows(l->text, rows, nrows, named, 256);
        if (k != 1)
            fail_msg("overlay: label \"%s\" names %zu points, not one", l->text, k);
        named[0]->named++;
        labels++;
    }
    for (size_t i = 0; i < nrows; i++)
        if (rows[i].named != 1)
            fail_msg("overlay: %s is named by %d labels, not one", rows[i].variant, rows[i].named);
    print_message("overlay: %zu labels for %zu points, none overlapping\n", labels, nrows);
    free(s);
    run_remove(dir);
    run_remove(base_dir);
    rmdir(root);
}

/* The stalls chart of an app's run (long demangled CUB and cuBLAS names):
 * each bar's tic holds the kernel's short name in lines that fit under the
 * bar (18 characters at six bars: 140 pixels of the 10-point font), no
 * parameter list, no namespace. */
static void stalls_tics_fit_their_bars(void **state)
{
    (void)state;
    need_gnuplot();
    char dir[256], path[700], err[16384];
    run_copy(MMPROF_SOURCE_DIR "/examples/profile-h200", dir, sizeof dir);
    assert_int_equal(run_plot(err, sizeof err, dir, "--format", "svg", NULL), 0);
    assert_null(strstr(err, "difficulty making room"));
    snprintf(path, sizeof path, "%s/plots/stalls.gp", dir);
    char *text = slurp(path);
    assert_non_null(text);
    const char *at = strstr(text, "set xtics (");
    assert_non_null(at);
    size_t bars = 0;
    for (const char *q = strchr(at, '"'); q && q < strchr(at, ')'); q = strchr(q + 1, '"')) {
        const char *end = strchr(q + 1, '"');
        assert_non_null(end);
        bars++;
        for (const char *line = q + 1; line < end;) {
            const char *nl = strstr(line, "\\n");
            size_t len = (size_t)((nl && nl < end ? nl : end) - line);
            if (len > 18)
                fail_msg("tic line \"%.*s\" has %zu characters, more than fit under a bar", (int)len, line, len);
            line += len + (nl && nl < end ? 2 : 0);
            if (!nl || nl >= end)
                break;
        }
        assert_null(memchr(q + 1, '(', (size_t)(end - q - 1)));
        assert_null(strstr(q + 1, "::") && strstr(q + 1, "::") < end ? "::" : NULL);
        q = end;
    }
    assert_int_equal(bars, 6);
    free(text);
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(series_per_panel),
        cmocka_unit_test(roofline_labels_sit_at_their_points),
        cmocka_unit_test(cgma_labels_over_their_points),
        cmocka_unit_test(overlay_labels_apart),
        cmocka_unit_test(stalls_tics_fit_their_bars),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
