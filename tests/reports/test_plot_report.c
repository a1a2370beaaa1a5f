/* `mmprof plot` then `mmprof report` on one run directory: what the one
 * chart table (plots/charts.def) and the one roofline model
 * (analysis/roofline.h) promise, checked on both outputs together.
 *   - every chart plot draws is in the report under its section, with its
 *     caption (rendering needs gnuplot; without it that case is skipped);
 *   - the roofline chart and the findings table hold each kernel to the
 *     same roofs: same DRAM ceiling, same ridge, same bound, and the same
 *     point above its roof (these read the .gp and .dat, which plot writes
 *     with or without gnuplot);
 *   - on a run with PC samples, the stalls chart and the source section's
 *     stall table show the same share of each reason for each kernel. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "charts_placed.h"
#include "plots/plot_charts.h"
#include "reports/fmt.h"
#include "reports/plots.h"
#include "reports/report.h"
#include "run_dir.h"

#define SYNTHETIC MMPROF_SOURCE_DIR "/tests/plots/fixtures/synthetic_run"
#define ABOVE_ROOF MMPROF_SOURCE_DIR "/tests/plots/fixtures/above_roof"

/* Copies src (with the source-h100 run's PC samples when samples), runs
 * plot (its stderr into *plot_err, malloc'd) and report on the copy;
 * returns report.md (malloc'd). */
static char *plot_and_report_with(const char *src, int samples, char *dir, size_t len, int *plot_rc,
                                  char **plot_err)
{
    struct captured c;
    run_copy(src, dir, len);
    if (samples)
        run_add_source(dir, "/nonexistent/kernels/");
    const char *plot_argv[] = {"plot", dir};
    capture(cmd_plot, 2, plot_argv, &c);
    *plot_rc = c.rc;
    *plot_err = c.err;
    c.err = NULL;
    captured_free(&c);
    const char *report_argv[] = {"report", dir};
    capture(cmd_report, 2, report_argv, &c);
    assert_int_equal(c.rc, 0);
    captured_free(&c);
    char *md = run_read(dir, "report.md");
    assert_non_null(md);
    return md;
}

static char *plot_and_report(const char *src, char *dir, size_t len, int *plot_rc, char **plot_err)
{
    return plot_and_report_with(src, 0, dir, len, plot_rc, plot_err);
}

/* The value of `NAME = value` in the roofline chart's script. */
static double gp_value(const char *gp, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "\n%s = ", name);
    const char *at = strstr(gp, key);
    if (!at)
        fail_msg("roofline.gp sets no %s", name);
    return strtod(at + strlen(key), NULL);
}

/* A variant's row of the findings' roofline table (to its line's end). */
static const char *roofline_row(const char *md, const char *variant)
{
    const char *table = strstr(md, "**What binds each variant");
    assert_non_null(table);
    char row[96];
    snprintf(row, sizeof row, "\n| `%s` | ", variant);
    const char *at = strstr(table, row);
    if (!at)
        fail_msg("the findings' roofline table has no row for %s", variant);
    return at + 1;
}

/* The "bound by" cell of that row. */
static void bound_cell(const char *md, const char *variant, char *out, size_t len)
{
    const char *at = roofline_row(md, variant);
    for (int cell = 0; cell < 3; cell++) /* past variant, size and intensity to bound */
        at = strchr(at + 1, '|');
    const char *end = strchr(at + 1, '|');
    snprintf(out, len, "%.*s", (int)(end - at - 3), at + 2);
}

static void every_drawn_chart_is_placed(void **state)
{
    char dir[64], *err;
    int rc;
    char *md = plot_and_report_with(SYNTHETIC, 1, dir, sizeof dir, &rc, &err);
    if (rc != 0 && strstr(err, "gnuplot")) {
        print_message("gnuplot is not installed: nothing rendered to place\n");
        free(md);
        free(err);
        run_remove(dir);
        skip();
    }
    assert_int_equal(rc, 0);
    size_t n;
    chart_entries(&n);
    /* the synthetic run with PC samples has something for every chart but the baseline overlay
     * (report --baseline's) */
    assert_int_equal(assert_charts_placed(dir, md), n - 1);
    free(md);
    free(err);
    run_remove(dir);
}

/* report alone, with gnuplot: the charts a run lacks are drawn, a stale one
 * (older than results.csv) drawn again, and every one placed. */
static void report_draws_its_charts(void **state)
{
    char dir[64], plots[128], path[160];
    struct captured c;
    run_copy(SYNTHETIC, dir, sizeof dir);
    run_add_source(dir, "/nonexistent/kernels/");
    snprintf(plots, sizeof plots, "%s/plots", dir);
    run_remove(plots);
    const char *argv[] = {"report", dir};
    capture(cmd_report, 2, argv, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    if (strstr(md, "This run has no charts")) {
        print_message("gnuplot is not installed: the report shows no charts\n");
        free(md);
        captured_free(&c);
        run_remove(dir);
        skip();
    }
    assert_string_equal(c.err, ""); /* drawing says nothing: no notes of plot's */
    size_t n;
    chart_entries(&n);
    assert_int_equal(assert_charts_placed(dir, md), n - 1);
    free(md);
    captured_free(&c);
    /* an hour older than results.csv: drawn again, no warning */
    snprintf(path, sizeof path, "%s/roofline.png", plots);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    struct timespec old[2] = {{st.st_mtime - 3600, 0}, {st.st_mtime - 3600, 0}};
    assert_int_equal(utimensat(AT_FDCWD, path, old, 0), 0);
    capture(cmd_report, 2, argv, &c);
    assert_int_equal(c.rc, 0);
    assert_null(strstr(c.err, "older than"));
    assert_int_equal(stat(path, &st), 0);
    assert_true(st.st_mtime > old[0].tv_sec);
    captured_free(&c);
    run_remove(dir);
}

/* The ceilings the chart draws are the ones the table classifies against,
 * and each variant the chart places is bound by the same roof in the table. */
static void chart_and_table_share_the_roofs(void **state)
{
    char dir[64], *err, ridge[FMT_LEN], text[160];
    int rc;
    char *md = plot_and_report(SYNTHETIC, dir, sizeof dir, &rc, &err);
    char *gp = run_read(dir, "plots/roofline.gp"), *dat = run_read(dir, "plots/roofline.dat");
    assert_non_null(gp);
    assert_non_null(dat);
    double bw = gp_value(gp, "BW_DRAM"), peak = gp_value(gp, "PEAK");
    double bw_l1 = gp_value(gp, "BW_L1"), bw_l2 = gp_value(gp, "BW_L2");
    assert_true(bw == 3100 && peak == 60000); /* the best of copy 3000, read 3100, write 2900 */
    snprintf(text, sizeof text, "ridge %s FLOP/byte, measured ceilings", fmt_sig(ridge, peak / bw, 3));
    if (!strstr(md, text))
        fail_msg("the findings do not use the chart's ridge: no '%s'", text);
    size_t rows = 0;
    for (const char *line = strchr(dat, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        char variant[64], bound[160];
        double gflops, l1, l2, dram;
        if (sscanf(line + 1, "\"%63[^\"]\" %lf %lf %lf %lf", variant, &gflops, &l1, &l2, &dram) != 5 || isnan(dram))
            continue;
        bound_cell(md, variant, bound, sizeof bound);
        /* the chart's lowest roof is geometry; the table's verdict holds a variant to a unit only at
         * 60 % of its roof or more (verdict.h), else calls it latency-bound */
        const char *at = strstr(bound, "-bound at ");
        if (!strstr(bound, "latency-bound") && !(at && strtod(at + strlen("-bound at "), NULL) >= 60))
            fail_msg("%s: the table's verdict '%s' is neither latency-bound nor bound at 60 %% or more", variant,
                     bound);
        (void)bw_l1;
        (void)bw_l2;
        rows++;
    }
    assert_true(rows >= 10);
    free(gp);
    free(dat);
    free(md);
    free(err);
    run_remove(dir);
}

/* A kernel above its roof raises it (roofs are the best this GPU does):
 * the plot and the report say so in one line naming it, and neither the
 * chart's check nor the table finds a point above the raised roof. */
static void above_the_roof_in_both(void **state)
{
    char dir[64], *err;
    int rc;
    char *md = plot_and_report(ABOVE_ROOF, dir, sizeof dir, &rc, &err);
    /* roofs are the best this GPU does: naive's DRAM figure becomes the roof, in one line in both */
    const char *line = "the DRAM roof is naive 1024x1024x1024's ";
    if (!strstr(err, line) || !strstr(err, "above the measured ceiling of 3100 GB/s") ||
        strstr(err, "above its roof"))
        fail_msg("plot did not raise the 3100 GB/s DRAM roof to naive's figure: %s", err);
    const char *note = strstr(md, "**Roof raised**: ");
    assert_true(note && strstr(note, line) && strstr(note, "above the measured ceiling of 3100 GB/s"));
    char bound[160];
    bound_cell(md, "naive", bound, sizeof bound);
    assert_non_null(strstr(bound, "DRAM-bound")); /* held by the DRAM roof, not FP32 */
    const char *row = roofline_row(md, "naive");
    const char *end = strchr(row + 1, '\n');
    const char *flag = strstr(row, "above the roof");
    assert_true(!flag || flag > end);
    free(md);
    free(err);
    run_remove(dir);
}

/* The cell of md's table row starting `row_start` under the header cell
 * `head` of the table whose header starts `header_start`, bold marks off. */
static void table_cell(const char *md, const char *header_start, const char *row_start, const char *head, char *out,
                       size_t len)
{
    const char *h = strstr(md, header_start), *r = h ? strstr(h, row_start) : NULL;
    if (!h || !r)
        fail_msg("report.md has no table row '%s' under '%s'", row_start, header_start);
    char want[96];
    snprintf(want, sizeof want, "| %s |", head);
    const char *at = strstr(h, want), *eol = strchr(h, '\n');
    if (!at || at > eol)
        fail_msg("the table '%s' has no column %s", header_start, head);
    size_t col = 0; /* bars before the column's */
    for (const char *p = h; p < at; p++)
        col += *p == '|';
    const char *cell = r + 1; /* at the row's first bar */
    for (size_t k = 0; k < col; k++)
        cell = strchr(cell + 1, '|');
    cell += 2;
    if (strncmp(cell, "**", 2) == 0) /* the largest share of the row */
        cell += 2;
    size_t n = strcspn(cell, "*|");
    while (n > 0 && cell[n - 1] == ' ')
        n--;
    snprintf(out, len, "%.*s", (int)n, cell);
}

/* The source section under its anchor, the stalls chart in it with its
 * caption, and each bar segment of the chart (stalls.dat: a block per
 * reason, a row per kernel, its share in column 7) the same share as the
 * section's stall table shows. */
static void stalls_chart_matches_the_table(void **state)
{
    char dir[64], *err;
    int rc;
    char *md = plot_and_report(SOURCE_FIXTURE, dir, sizeof dir, &rc, &err);
    assert_non_null(strstr(md, "<a id=\"source\"></a>\n\n## Where the warps wait"));
    char *dat = run_read(dir, "plots/stalls.dat");
    assert_non_null(dat);
    if (rc == 0) /* rendered: placed under the section with its caption */
        assert_true(run_has(dir, "plots/stalls.png") && assert_charts_placed(dir, md) >= 1);
    char reason[64] = "", variant[64], row[96], cell[64], buf[FMT_LEN];
    size_t checked = 0;
    for (char *line = strtok(dat, "\n"); line; line = strtok(NULL, "\n")) {
        double x, mid, xlo, xhi, ylo, yhi, share;
        if (sscanf(line, "# %63[^:]:", reason) == 1)
            continue;
        if (sscanf(line, "%lf %lf %lf %lf %lf %lf %lf \"%63[^\"]\"", &x, &mid, &xlo, &xhi, &ylo, &yhi, &share,
                   variant) != 8)
            fail_msg("stalls.dat: cannot read '%s'", line);
        snprintf(row, sizeof row, "\n| `%s ", variant); /* then the kernel's size */
        table_cell(md, "| kernel | samples |", row, reason, cell, sizeof cell);
        if (strcmp(cell, fmt_pct(buf, share)) != 0)
            fail_msg("%s, %s: the chart draws %s, the table says %s", variant, reason, buf, cell);
        checked++;
    }
    assert_int_equal(checked, 3 * 8); /* three kernels, seven reasons and other */
    free(dat);
    free(md);
    free(err);
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stalls_chart_matches_the_table),
        cmocka_unit_test(every_drawn_chart_is_placed),
        cmocka_unit_test(report_draws_its_charts),
        cmocka_unit_test(chart_and_table_share_the_roofs),
        cmocka_unit_test(above_the_roof_in_both),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
