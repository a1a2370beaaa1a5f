/* `mmprof plot` renders every chart from a run directory: the committed
 * example run (examples/seeds) when there is one, else the synthetic
 * fixture. Each PNG has the right pixel size (read from its IHDR chunk),
 * each SVG is XML, each .gp names every variant its chart draws (the
 * test decides which from analysis.csv on its own; the stalls chart's from
 * source.csv, added from the source-h100 fixture), and nothing is left
 * half-written. Skipped when gnuplot is not on PATH. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/table.h"
#include "model/registry.h"
#include "plots/baseline.h"
#include "plots/chart.h"
#include "plots/gnuplot.h"
#include "run_dir.h"

static const char *source_run(void)
{
    if (file_exists(EXAMPLE_RUN "/results.csv")) {
        print_message("rendering the example run %s\n", EXAMPLE_RUN);
        return EXAMPLE_RUN;
    }
    print_message("NOTE: %s does not exist yet (the lead commits a real H100/H200 run there): "
                  "rendering the synthetic fixture %s instead\n",
                  EXAMPLE_RUN, SYNTHETIC_RUN);
    return SYNTHETIC_RUN;
}

static void need_gnuplot(void)
{
    char path[4096];
    if (gnuplot_find(path, sizeof path) != 0) {
        print_message("SKIPPED: gnuplot is not on PATH (apt-get install gnuplot-nox)\n");
        skip();
    }
}

/* PNG: 8-byte signature, then the IHDR chunk: length, "IHDR", width, height (big-endian). */
static void check_png(const char *path)
{
    unsigned char h[24];
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("%s was not rendered", path);
    size_t got = fread(h, 1, sizeof h, f);
    fclose(f);
    assert_int_equal(got, sizeof h);
    assert_memory_equal(h, "\x89PNG\r\n\x1a\n", 8);
    assert_memory_equal(h + 12, "IHDR", 4);
    unsigned long w = (unsigned long)h[16] << 24 | (unsigned long)h[17] << 16 | (unsigned long)h[18] << 8 | h[19];
    unsigned long ht = (unsigned long)h[20] << 24 | (unsigned long)h[21] << 16 | (unsigned long)h[22] << 8 | h[23];
    if (w != PLOT_WIDTH || ht != PLOT_HEIGHT)
        fail_msg("%s is %lux%lu pixels, not %dx%d", path, w, ht, PLOT_WIDTH, PLOT_HEIGHT);
}

static void check_svg(const char *path)
{
    char *text = slurp(path);
    if (!text)
        fail_msg("%s was not rendered", path);
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' '))
        len--;
    if (strncmp(text, "<?xml", 5) != 0 || !strstr(text, "<svg") || len < 6 || strncmp(text + len - 6, "</svg>", 6) != 0)
        fail_msg("%s is not a whole SVG document (%zu bytes)", path, strlen(text));
    free(text);
}

/* name occurs in text as a whole word (tiled_t3 must not match tiled_t32). */
static int mentions(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        char before = p == text ? ' ' : p[-1], after = p[n];
        int word = (before >= 'a' && before <= 'z') || (before >= '0' && before <= '9') || before == '_' ||
                   (after >= 'a' && after <= 'z') || (after >= '0' && after <= '9') || after == '_';
        if (!word)
            return 1;
    }
    return 0;
}

/* What each chart must draw, decided from analysis.csv by the test itself. */
struct expect {
    const struct table *t;
    size_t row;
};

static double num(const struct expect *e, const char *col)
{
    return table_num(e->t, e->row, table_col(e->t, col));
}

static const char *str(const struct expect *e, const char *col)
{
    return table_str(e->t, e->row, table_col(e->t, col));
}

static int ok(const struct expect *e)
{
    return strcmp(str(e, "status"), "ok") == 0;
}

static int family(const struct expect *e, const char *f)
{
    return strcmp(str(e, "family"), f) == 0;
}

static int kind(const struct expect *e, enum variant_kind k)
{
    const struct variant *v = registry_find(str(e, "variant"));
    return v && v->kind == k;
}

static double volume(const struct expect *e)
{
    double k = num(e, "K");
    return num(e, "M") * num(e, "N") * (k > 0 ? k : 1);
}

/* The heatmap draws the register tiles of the largest size with an ok one. */
static double heatmap_volume(const struct table *t)
{
    double best = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        struct expect e = {t, i};
        if (kind(&e, KIND_MM_REGTILE) && ok(&e) && volume(&e) > best)
            best = volume(&e);
    }
    return best;
}

static int drawn(const char *chart, const struct expect *e, double heat_volume)
{
    int mm = family(e, "matmul") && ok(e);
    if (strcmp(chart, "roofline") == 0)
        return mm && isfinite(num(e, "gflop_per_s")) &&
               (isfinite(num(e, "meas_intensity_l1_flop_per_byte")) ||
                isfinite(num(e, "meas_intensity_l2_flop_per_byte")) ||
                isfinite(num(e, "meas_intensity_dram_flop_per_byte")));
    if (strcmp(chart, "tiles") == 0)
        return ok(e) && (kind(e, KIND_MM_TILED) || kind(e, KIND_MM_NAIVE));
    if (strcmp(chart, "heatmap") == 0)
        return kind(e, KIND_MM_REGTILE) && volume(e) == heat_volume;
    if (strcmp(chart, "transpose") == 0)
        return family(e, "transpose") && ok(e) && isfinite(num(e, "gb_per_s"));
    if (strcmp(chart, "cgma") == 0)
        return mm && isfinite(num(e, "theory_cgma_flop_per_word")) &&
               (isfinite(num(e, "meas_cgma_thread_flop_per_word")) ||
                isfinite(num(e, "meas_cgma_sector_flop_per_word")));
    return mm && isfinite(num(e, "gflop_per_s")); /* sizes */
}

static void check_mentions(const char *dir, const char *chart, const struct table *t, const struct table *src)
{
    char path[700];
    snprintf(path, sizeof path, "%s/plots/%s.gp", dir, chart);
    char *gp = slurp(path);
    assert_non_null(gp);
    size_t checked = 0;
    double heat = heatmap_volume(t);
    int stalls = strcmp(chart, "stalls") == 0; /* a bar per kernel of source.csv, not of analysis.csv */
    if (stalls)
        t = src;
    for (size_t i = 0; i < t->nrows; i++) {
        struct expect e = {t, i};
        if (!stalls && !drawn(chart, &e, heat))
            continue;
        if (!mentions(gp, str(&e, "variant")))
            fail_msg("%s does not mention %s, which it should draw", path, str(&e, "variant"));
        checked++;
    }
    print_message("%-10s names the variants of its %zu rows\n", chart, checked);
    assert_true(checked > 0);
    free(gp);
}

/* Temporary files start with a dot; none may survive a run. */
static void no_leftovers(const char *dir)
{
    char plots[600];
    snprintf(plots, sizeof plots, "%s/plots", dir);
    DIR *d = opendir(plots);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            fail_msg("temporary file %s/%s left behind", plots, e->d_name);
    closedir(d);
}

static void renders_every_chart(void **state)
{
    need_gnuplot();
    char dir[256], err[16384], path[700];
    run_copy(source_run(), dir, sizeof dir);
    run_add_source(dir); /* PC samples of another run: the stalls chart draws source.csv alone */
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 0);
    snprintf(path, sizeof path, "%s/analysis.csv", dir);
    struct table *t = table_read(path, err, sizeof err);
    assert_non_null(t);
    snprintf(path, sizeof path, "%s/source.csv", dir);
    struct table *src = table_read(path, err, sizeof err);
    assert_non_null(src);
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/plots/%s.png", dir, s[i].name);
        if (strcmp(s[i].name, PLOT_BASELINE_CHART) == 0) { /* `mmprof report --baseline` draws it */
            assert_false(file_exists(path));
            continue;
        }
        check_png(path);
        snprintf(path, sizeof path, "%s/plots/%s.svg", dir, s[i].name);
        check_svg(path);
        snprintf(path, sizeof path, "%s/plots/%s.dat", dir, s[i].name);
        assert_true(file_exists(path));
        check_mentions(dir, s[i].name, t, src);
    }
    no_leftovers(dir);
    table_free(t);
    table_free(src);
    run_remove(dir);
}

static void one_format_renders_only_it(void **state)
{
    need_gnuplot();
    char dir[256], err[16384], path[700];
    run_copy(SYNTHETIC_RUN, dir, sizeof dir);
    assert_int_equal(run_plot(err, sizeof err, dir, "--format", "svg", NULL), 0);
    snprintf(path, sizeof path, "%s/plots/sizes.svg", dir);
    check_svg(path);
    snprintf(path, sizeof path, "%s/plots/sizes.png", dir);
    assert_false(file_exists(path));
    run_remove(dir);
}

/* The synthetic fixture's points are all under their roofs; above_roof's
 * naive moves DRAM bytes faster than the measured DRAM ceiling: the roof
 * becomes naive's figure, said in one line, and no point is above it. */
static void warns_about_points_above_their_roof(void **state)
{
    need_gnuplot();
    char dir[256], err[16384];
    run_copy(SYNTHETIC_RUN, dir, sizeof dir);
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 0);
    assert_null(strstr(err, "above its roof"));
    run_remove(dir);
    run_copy(ABOVE_ROOF_RUN, dir, sizeof dir);
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 0);
    const char *w = strstr(err, "the DRAM roof is naive 1024x1024x1024's ");
    if (!w || !strstr(w, "above the measured ceiling of 3100 GB/s") || strstr(err, "above its roof"))
        fail_msg("no roof-raised line naming naive, its size and the DRAM ceiling in: %s", err);
    run_remove(dir);
}

/* Without measured ceilings the roofline falls back to the SKU table's
 * datasheet roofs; without a known device either, it is skipped (the
 * other charts still render). */
static void roofline_without_measured_ceilings(void **state)
{
    need_gnuplot();
    char dir[256], err[16384], path[700];
    run_copy(SYNTHETIC_RUN, dir, sizeof dir);
    write_text(dir, "run.json",
               "{\"device\": {\"name\": \"NVIDIA H100 80GB HBM3\", \"sm_count\": 132, \"cc\": \"9.0\","
               " \"memory_bytes\": 85520809984}}\n");
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 0);
    snprintf(path, sizeof path, "%s/plots/roofline.gp", dir);
    char *gp = slurp(path);
    assert_non_null(gp);
    assert_non_null(strstr(gp, "datasheet H100 SXM5 80GB"));
    assert_non_null(strstr(gp, "no measured ceilings"));
    assert_null(strstr(gp, "BW_L2"));
    free(gp);
    snprintf(path, sizeof path, "%s/plots/roofline.png", dir);
    check_png(path);

    write_text(dir, "run.json", "{\"device\": {}}\n");
    assert_int_equal(run_plot(err, sizeof err, dir, NULL), 0);
    assert_non_null(strstr(err, "roofline chart skipped"));
    assert_false(file_exists(path)); /* the earlier roofline is removed, not left looking current */
    snprintf(path, sizeof path, "%s/plots/sizes.png", dir);
    check_png(path);
    run_remove(dir);
}

/* An app's run (one size, one tiled kernel): the tiles and sizes charts,
 * which would be a column of points, are skipped, each saying what run
 * would draw it; the roofline and CGMA charts are drawn. */
static void one_point_charts_skipped(void **state)
{
    need_gnuplot();
    char dir[256], err[16384], path[700];
    run_copy(MMPROF_SOURCE_DIR "/examples/profile-h200", dir, sizeof dir);
    assert_int_equal(run_plot(err, sizeof err, dir, "--format", "svg", NULL), 0);
    assert_non_null(strstr(err, "tiles chart skipped: one TILE_WIDTH only (16): the chart compares two or more"));
    assert_non_null(strstr(err, "sizes chart skipped: one matrix size only: the chart compares two or more"));
    snprintf(path, sizeof path, "%s/plots/tiles.svg", dir);
    assert_false(file_exists(path));
    snprintf(path, sizeof path, "%s/plots/roofline.svg", dir);
    assert_true(file_exists(path));
    snprintf(path, sizeof path, "%s/plots/cgma.svg", dir);
    assert_true(file_exists(path));
    run_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(renders_every_chart),
        cmocka_unit_test(one_format_renders_only_it),
        cmocka_unit_test(warns_about_points_above_their_roof),
        cmocka_unit_test(roofline_without_measured_ceilings),
        cmocka_unit_test(one_point_charts_skipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
