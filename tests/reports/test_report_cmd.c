/* `mmprof report` end to end on copies of a run directory: both files,
 * every section with its table in the seed's shape (the source section on
 * a run with PC samples), charts inlined, the
 * exit codes and one-line messages, and files replaced whole or not at all.
 * Run without gnuplot on PATH: the report then shows the charts plots/ holds
 * (with gnuplot it draws them itself: test_plot_report.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "charts_placed.h"
#include "plots/baseline.h"
#include "reports/plots.h"
#include "reports/report.h"
#include "run_dir.h"

#define assert_has(text, part)                                                      \
    do {                                                                            \
        if (!strstr((text), (part)))                                                \
            fail_msg("expected to find:\n%s\n--- in output starting:\n%.400s", (part), (text)); \
    } while (0)

static void report(const char *dir, struct captured *c)
{
    const char *argv[] = {"report", dir};
    capture(cmd_report, 2, argv, c);
}

/* An input error: exit 2 and exactly one line on stderr naming `part`. */
static void assert_one_line_error(const struct captured *c, int rc, const char *part)
{
    assert_int_equal(c->rc, rc);
    assert_has(c->err, part);
    const char *nl = strchr(c->err, '\n');
    assert_true(nl != NULL && nl[1] == '\0');
}

static const char *const sections[] = {
    "## Device and environment",
    "## Tile width and matrix size (lab 000)",
    "## Thread granularity: naive vs 1×2 vs 1×4 (lab 001)",
    "## Matrix transpose against copy (lab 002)",
    "## Register tiles per thread: the Rx × Ry profiler tables (lab 003)",
    "## Naive vs shared memory across sizes, with the CPU (lab 004)",
    "## Theoretical vs measured CGMA",
    "## Findings",
    "## Skipped and failed variants",
};

/* Seed 003, Tables 7-9: the rows every profiler table has, in order. */
static const char *const seed003_rows[] = {
    "| achieved_occupancy |", "| sm_efficiency |", "| ipc |", "| flop_count_sp |", "| gld_transactions |",
    "| gst_transactions |", "| shared_load_transactions |", "| shared_store_transactions |",
    "| l2_read_transactions |", "| l2_write_transactions |", "| dram_read_transactions |",
    "| dram_write_transactions |", "| dram_read_bytes |", "| dram_write_bytes |", "| duration [ms] |",
    "| GFLOP/s |", "| CGMA [flop / sector] |", "| intensity [flop / DRAM byte] |",
};

static void assert_sections_in_order(const char *md)
{
    const char *at = md;
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
        const char *next = strstr(at, sections[i]);
        if (!next)
            fail_msg("section '%s' missing or out of order", sections[i]);
        at = next;
    }
}

static void assert_seed_tables(const char *md)
{
    /* 000: TILE_WIDTH across, sizes down, the untiled kernel last; the failed row says so */
    assert_has(md, "| size \\ TILE_WIDTH | 4 | 8 | 16 | 32 | no tiles (`naive`) |");
    assert_has(md, "| 256x256x256 | 0.03750 | 0.02141 | **0.01498** | 0.01549 | 0.02483 |");
    assert_has(md, "| 1024x1024x1024 | 1.383 | failed |");
    /* 001: naive vs 1×1 vs 1×2 vs 1×4 */
    assert_has(md, "| size | `naive` | 1×1 (`tiled_t16`) | 1×2 (`coarse_1x2`) | 1×4 (`coarse_1x4`) | 1×4 / 1×1 |");
    /* 002: throughput with copy */
    assert_has(md, "| matrix size | `tr_copy` | `tr_naive` | `tr_coalesced` | `tr_padded` |");
    /* 003: a column per Rx × Ry, the seed's rows in its order */
    assert_has(md, "| Rx × Ry | 1×1 | 2×2 | 4×4 |");
    assert_has(md, "| Rx × Ry | 1×1 | 4×4 |");
    const char *at = strstr(md, "| Rx × Ry | 1×1 | 2×2 | 4×4 |");
    for (size_t i = 0; i < sizeof seed003_rows / sizeof seed003_rows[0]; i++) {
        const char *next = strstr(at, seed003_rows[i]);
        if (!next)
            fail_msg("seed 003 row '%s' missing or out of order", seed003_rows[i]);
        at = next;
    }
    assert_has(md, "6×6 (`rt_b32_6x6`): skipped");
    /* 004: sizes across, kernel/total/transfers/CPU down; then block sizes */
    assert_has(md, "| dimension | 256x256x256 | 1024x1024x1024 |");
    assert_has(md, "| transfers H2D + D2H (ms) |");
    assert_has(md, "| CPU SGEMM (ms) |");
    assert_has(md, "| speed-up: shared vs CPU (kernel) |");
    assert_has(md, "| BLOCK_SIZE | 32 | 16 | 8 | 4 |");
}

/* The departures section lists only ratios beyond ±10 %: in this run the
 * naive kernel's broadcast loads alone (its sector ratio, like every other
 * variant's CGMA, agrees with the model). */
static void assert_only_real_departures(const char *md)
{
    const char *at = strstr(md, "### Where measurement departs from theory");
    assert_non_null(at);
    const char *end = strstr(at, "<a id=");
    assert_non_null(end);
    size_t items = 0;
    for (const char *p = strstr(at, "\n- "); p && p < end; p = strstr(p + 1, "\n- "))
        items++;
    assert_int_equal(items, 1);
    assert_has(at, "- `naive` at 1024x1024x1024: measured CGMA 1.94× the model per thread-level word, 1.00× per sector word "
                   "— broadcast loads counted once per warp: measured words -48.4 %, modelled.");
}

static void assert_analysis_sections(const char *md)
{
    assert_has(md, "| variant | size | theory (flop/word) | measured (flop/word) |");
    assert_has(md, "| sector theory (flop/word) | sector measured (flop/word) | sector measured / theory |");
    assert_has(md, "| executed FLOPs, measured (model) | executed beyond 2MNK (padded edge tiles) |");
    assert_only_real_departures(md);
    assert_has(md, "| `rt_b16_4x4` | 1024x1024x1024 |");
    assert_has(md, "### Fastest variant per size");
    /* the DRAM roof is the best of copy (3923), read (4517) and write (4365), as on the roofline chart */
    assert_has(md, "ridge 14.5 FLOP/byte, measured ceilings");
    assert_has(md, "FP32 65.4 TFLOP/s and DRAM 4.52 TB/s (read, the best of copy, read and write) meet at 14.5 FLOP");
    assert_has(md, "**DRAM ceiling (measured):** 4.52 TB/s");
    assert_has(md, "| % of roof: DRAM · L2 · L1/shared · FP32 · issue |");
    assert_has(md, "### Where measurement departs from theory");
    assert_has(md, "| `tiled_t8` | 1024x1024x1024 | ⚠ failed | relative error 0.312 exceeds 1e-04 |");
    assert_has(md, "| `rt_b32_6x6` | 256x256x256 | ⚠ skipped | needs 1024 threads per block");
    assert_has(md, "| DRAM copy | 3.92 TB/s | 4.80 TB/s | 81.7 % |");
    assert_has(md, "⚠ DRAM copy 3923 GB/s is 82 % of the H200 SXM 141GB datasheet 4800 GB/s");
}

static void fixture_report(void **state)
{
    char dir[64];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    assert_false(run_has(dir, "analysis.csv"));
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    assert_string_equal(c.err, "");
    assert_has(c.out, "report.html");
    assert_false(run_has(dir, "analysis.csv")); /* analyzed in memory: only `mmprof analyze` writes it */
    assert_false(run_has_hidden(dir));
    char *md = run_read(dir, "report.md");
    assert_non_null(md);
    assert_sections_in_order(md);
    assert_seed_tables(md);
    assert_analysis_sections(md);
    /* sizes.png under seed 004, heatmap.svg under seed 003, each with its caption */
    assert_int_equal(assert_charts_placed(dir, md), 2);
    assert_null(strstr(md, "## Where the warps wait")); /* no source.csv, no source section */
    free(md);
    captured_free(&c);
    run_remove(dir);
}

static void html_is_self_contained(void **state)
{
    char dir[64];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    char *html = run_read(dir, "report.html");
    assert_non_null(html);
    assert_int_equal(strncmp(html, "<!DOCTYPE html>", 15), 0);
    assert_has(html, "<meta charset=\"utf-8\">");
    assert_has(html, "<style>");
    assert_has(html, "src=\"data:image/png;base64,iVBORw0KGgo"); /* the PNG signature, inlined */
    assert_has(html, "src=\"data:image/svg+xml;base64,");
    assert_null(strstr(html, "<script"));
    assert_null(strstr(html, "http://"));
    assert_null(strstr(html, "https://"));
    assert_null(strstr(html, "<link"));
    assert_has(html, "<h2 id=\"lab003\">");
    assert_has(html, "<a href=\"#lab003\">");
    assert_has(html, "</html>\n");
    free(html);
    captured_free(&c);
    run_remove(dir);
}

static void no_charts_is_said(void **state)
{
    char dir[64], plots[128];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    snprintf(plots, sizeof plots, "%s/plots", dir);
    run_remove(plots);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    assert_has(md, "This run has no charts");
    assert_has(md, "Run `mmprof plot");
    free(md);
    captured_free(&c);
    run_remove(dir);
}

/* A chart cut short is named, not embedded (a browser would show its first rows as if whole). */
static void truncated_chart_is_said(void **state)
{
    char dir[64], path[128];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/plots/sizes.png", dir);
    assert_int_equal(truncate(path, 300), 0);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md"), *html = run_read(dir, "report.html");
    assert_has(md, "Chart `plots/sizes.png` is incomplete (the file ends early)");
    assert_null(strstr(html, "data:image/png"));
    assert_has(html, "data:image/svg+xml");
    free(md);
    free(html);
    captured_free(&c);
    run_remove(dir);
}

static void rerun_replaces_the_files(void **state)
{
    char dir[64], path[128];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/report.md", dir);
    FILE *f = fopen(path, "w");
    fputs("stale", f);
    fclose(f);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    assert_int_equal(strncmp(md, "# Dense matrix kernels on NVIDIA H200", 37), 0);
    free(md);
    assert_false(run_has_hidden(dir));
    captured_free(&c);
    run_remove(dir);
}

/* A report that cannot be put in place: exit 1, neither file half-written. */
static void cannot_write(void **state)
{
    char dir[64], path[128];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/report.md", dir);
    assert_int_equal(mkdir(path, 0755), 0); /* rename onto a directory fails, even for root */
    report(dir, &c);
    assert_one_line_error(&c, 1, "report.md");
    assert_false(run_has(dir, "report.html"));
    assert_false(run_has_hidden(dir));
    captured_free(&c);
    rmdir(path);
    run_remove(dir);
}

static void usage_errors(void **state)
{
    struct captured c;
    const char *none[] = {"report"};
    capture(cmd_report, 1, none, &c);
    assert_one_line_error(&c, 2, "no run directory given");
    captured_free(&c);

    const char *two[] = {"report", "a", "b"};
    capture(cmd_report, 3, two, &c);
    assert_one_line_error(&c, 2, "more than one run directory");
    captured_free(&c);

    const char *bogus[] = {"report", "--bogus", FIXTURE};
    capture(cmd_report, 3, bogus, &c);
    assert_one_line_error(&c, 2, "unknown option '--bogus'");
    captured_free(&c);

    const char *help[] = {"report", "--help"};
    capture(cmd_report, 2, help, &c);
    assert_int_equal(c.rc, 0);
    assert_has(c.out, "usage: mmprof report RUN");
    captured_free(&c);
}

static void bad_run_directories(void **state)
{
    char dir[64], path[128];
    struct captured c;
    report("/nonexistent/run", &c);
    assert_one_line_error(&c, 2, "'/nonexistent/run' is not a directory");
    captured_free(&c);

    run_copy(FIXTURE, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/run.json", dir);
    unlink(path);
    report(dir, &c);
    assert_one_line_error(&c, 2, "run.json");
    assert_false(run_has(dir, "report.md"));
    captured_free(&c);

    snprintf(path, sizeof path, "%s/results.csv", dir);
    unlink(path);
    report(dir, &c);
    assert_one_line_error(&c, 2, "no results.csv");
    captured_free(&c);
    run_remove(dir);
}

/* Every chart of plots/charts.def, once drawn, is shown under its section
 * with its caption: a stand-in PNG under each name of the table. */
static void every_chart_is_placed(void **state)
{
    char dir[64], path[128];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    snprintf(path, sizeof path, "%s/plots/sizes.png", dir);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char png[64 * 1024];
    size_t png_len = fread(png, 1, sizeof png, f), n;
    assert_true(feof(f)); /* the whole stand-in chart, not its first 64 KiB */
    fclose(f);
    const struct chart_entry *t = chart_entries(&n);
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/plots/%s.png", dir, t[i].name);
        f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(png, 1, png_len, f), png_len);
        fclose(f);
    }
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    /* all but the baseline overlay: a report without --baseline removes it as stale */
    assert_int_equal(assert_charts_placed(dir, md), n - 1);
    assert_false(run_has(dir, "plots/" PLOT_BASELINE_CHART ".png"));
    free(md);
    captured_free(&c);
    run_remove(dir);
}

/* A chart whose section has no table in this run (no transpose rows, yet
 * a transpose chart) still appears, under its own section, saying why. */
static void chart_without_its_table(void **state)
{
    char dir[64], from[128], to[128];
    struct captured c;
    static const char *const transposes[] = {"tr_copy", "tr_naive", "tr_coalesced", "tr_padded"};
    run_copy(FIXTURE, dir, sizeof dir);
    for (size_t i = 0; i < sizeof transposes / sizeof transposes[0]; i++) {
        csv_drop(dir, transposes[i], 256);
        csv_drop(dir, transposes[i], 1024);
    }
    snprintf(from, sizeof from, "%s/plots/sizes.png", dir);
    snprintf(to, sizeof to, "%s/plots/transpose.png", dir);
    assert_int_equal(rename(from, to), 0);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    assert_has(md, "## Matrix transpose against copy (lab 002)\n\nThis run has none of the rows this section's "
                   "tables compare");
    assert_null(strstr(md, "**Effective bandwidth, GB/s"));
    assert_int_equal(assert_charts_placed(dir, md), 2);
    free(md);
    captured_free(&c);
    run_remove(dir);
}

/* The verdicts come from every unit's % of its roof: a row is "X-bound"
 * only at 60 % or more of X's roof, else latency-bound; tiled_t2 at
 * 2048x2048x2048 (all in L2, DRAM intensity ~400 FLOP/byte) is no longer
 * called FP32-bound at 0.4 % of that roof. */
static void assert_verdicts_from_the_hierarchy(const char *md)
{
    const char *table = strstr(md, "**What binds each variant");
    assert_non_null(table);
    table = strstr(table, "\n| variant |");
    assert_non_null(table);
    const char *t2 = strstr(table, "\n| `tiled_t2` | 2048x2048x2048 | ");
    assert_non_null(t2);
    const char *t2_end = strchr(t2 + 1, '\n');
    const char *fp32 = strstr(t2, "FP32-bound");
    assert_true(!fp32 || fp32 > t2_end);
    const char *table_end = strstr(table, "\n\n");
    assert_non_null(table_end);
    size_t rows = 0;
    for (const char *row = strstr(table, "\n| `"); row && row < table_end; row = strstr(row + 1, "\n| `")) {
        const char *end = strchr(row + 1, '\n'), *bound = strstr(row, "-bound at ");
        if (bound && bound < end && strtod(bound + strlen("-bound at "), NULL) < 60)
            fail_msg("a variant under 60 %% of its roof is called bound: %.*s", (int)(end - row - 1), row + 1);
        rows++;
    }
    assert_true(rows >= 20);
}

/* The committed run from a real H100/H200 (examples/seeds). */
static void example_run(void **state)
{
    char dir[64];
    struct captured c;
    /* the committed example is part of the tree: missing, it fails here */
    assert_int_equal(access(EXAMPLE "/results.csv", R_OK), 0);
    run_copy(EXAMPLE, dir, sizeof dir);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    assert_string_equal(c.err, "");
    char *md = run_read(dir, "report.md");
    assert_sections_in_order(md);
    for (size_t i = 0; i < sizeof seed003_rows / sizeof seed003_rows[0]; i++)
        assert_has(md, seed003_rows[i]);
    /* tiles, sizes and heatmap under seeds 000, 004 and 003; every other chart under its section */
    assert_true(run_has(dir, "plots/tiles.png") && run_has(dir, "plots/sizes.png") &&
                run_has(dir, "plots/heatmap.png"));
    assert_true(assert_charts_placed(dir, md) >= 3);
    assert_true(run_has(dir, "report.html"));
    assert_verdicts_from_the_hierarchy(md);
    free(md);
    captured_free(&c);
    run_remove(dir);
}

/* --baseline: the section beside the other run with diff's verdicts, the
 * overlay chart placed under it (when gnuplot is there), both gone again in
 * a report without --baseline; a baseline that is not a run is bad input. */
static void baseline_section_and_overlay(void **state)
{
    char dir[64], base[64];
    struct captured c;
    run_copy(FIXTURE, dir, sizeof dir);
    run_copy(FIXTURE, base, sizeof base);
    csv_scale(dir, "rt_b16_4x4", 1024, "runtime_ms", 1.5);
    csv_scale(dir, "rt_b16_4x4", 1024, "min_ms", 1.5);
    csv_scale(dir, "rt_b16_4x4", 1024, "max_ms", 1.5);
    const char *argv[] = {"report", dir, "--baseline", base};
    capture(cmd_report, 4, argv, &c);
    assert_int_equal(c.rc, 0);
    char *md = run_read(dir, "report.md");
    assert_non_null(strstr(md, "## Against the baseline"));
    const char *row = strstr(md, "| `rt_b16_4x4` | 1024x1024x1024 |");
    assert_non_null(row);
    assert_non_null(strstr(row, "| 1.500 | no samples | ⚠ SLOWER |"));
    assert_non_null(strstr(md, "1 slower, 0 faster"));
    if (run_has(dir, "plots/" PLOT_BASELINE_CHART ".png"))
        assert_charts_placed(dir, md); /* under "Against the baseline", with its caption */
    else
        assert_non_null(strstr(md, "Roofline overlay not drawn: "));
    free(md);
    captured_free(&c);

    report(dir, &c);
    assert_int_equal(c.rc, 0);
    md = run_read(dir, "report.md");
    assert_null(strstr(md, "Against the baseline"));
    assert_false(run_has(dir, "plots/" PLOT_BASELINE_CHART ".png"));
    free(md);
    captured_free(&c);

    const char *bad[] = {"report", dir, "--baseline", "/nonexistent/run"};
    capture(cmd_report, 4, bad, &c);
    assert_one_line_error(&c, 2, "--baseline: '/nonexistent/run' is not a directory");
    captured_free(&c);
    run_remove(dir);
    run_remove(base);
}

/* Line `line` of file, leading blanks and the newline off (what the report shows). */
static void file_line(const char *file, int line, char *out, size_t len)
{
    FILE *f = fopen(file, "r");
    assert_non_null(f);
    for (int i = 0; i < line; i++)
        assert_non_null(fgets(out, (int)len, f));
    fclose(f);
    out[strcspn(out, "\r\n")] = '\0';
    size_t blanks = strspn(out, " \t");
    memmove(out, out + blanks, strlen(out + blanks) + 1);
}

static char *report_with_source(char *dir, size_t len, const char *kernels)
{
    struct captured c;
    run_copy(SOURCE_FIXTURE, dir, len);
    run_add_source(dir, kernels);
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    captured_free(&c);
    char *md = run_read(dir, "report.md");
    assert_non_null(md);
    return md;
}

/* A run with source.csv (the H100 fixture): the section after "What to do
 * next" with every kernel's stall shares and hottest lines, their text where
 * the kernels' files are readable, "source not readable here" where they
 * are not; a damaged source.csv is said there, the report still written. */
static void source_section(void **state)
{
    char dir[64], text[512], row[700];
    char *md = report_with_source(dir, sizeof dir, "/nonexistent/kernels/");
    const char *at = strstr(md, "<a id=\"source\"></a>\n\n## Where the warps wait: source lines and stall reasons");
    assert_non_null(at);
    assert_true(at < strstr(md, "## Skipped and failed variants"));
    assert_has(at, "| kernel | samples | long_scoreboard | mio_throttle | lg_throttle | drain | not_selected | "
                   "dispatch_stall | barrier | other |");
    assert_has(at, "| `naive 2048x2048x2048` | 20948 | 21.0 % | 0.086 % | **34.5 %** |");
    assert_has(at, "| `tr_naive 2048x2048` | 18707 | **63.6 %** |");
    static const char *const kernels[] = {"### `naive 2048x2048x2048`", "### `tiled_t16 2048x2048x2048`",
                                          "### `tr_naive 2048x2048`"};
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        assert_has(at, kernels[i]);
    assert_has(at, "| 98.3 % | matmul_naive.cu:19 | lg_throttle 35%, long_scoreboard 21%, not_selected 21% | "
                   "(source not readable here: No such file or directory) |");
    assert_has(at, "| 51.4 % | matmul_tiled.cu:26 | mio_throttle 44%, not_selected 16%, barrier 15% | (source not "
                   "readable here");
    free(md);
    run_remove(dir);

    md = report_with_source(dir, sizeof dir, MMPROF_SOURCE_DIR "/kernels/");
    file_line(MMPROF_SOURCE_DIR "/kernels/matmul_naive.cu", 19, text, sizeof text);
    snprintf(row, sizeof row, "| 98.3 %% | matmul_naive.cu:19 | lg_throttle 35%%, long_scoreboard 21%%, not_selected "
             "21%% | `%s` |", text);
    assert_has(md, row);
    assert_null(strstr(md, "source not readable here"));
    free(md);

    struct captured c;
    text_replace_all(dir, "source.csv", ",long_scoreboard,", ",long_scoreboard,many,");
    report(dir, &c);
    assert_int_equal(c.rc, 0);
    captured_free(&c);
    md = run_read(dir, "report.md");
    assert_has(md, "## Where the warps wait: source lines and stall reasons\n\n");
    assert_has(md, "The run's source.csv could not be read: ");
    free(md);
    run_remove(dir);
}

int main(void)
{
    setenv("PATH", "/nonexistent", 1); /* no gnuplot: the fixtures' charts as they are */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixture_report),     cmocka_unit_test(html_is_self_contained),
        cmocka_unit_test(no_charts_is_said),  cmocka_unit_test(truncated_chart_is_said),
        cmocka_unit_test(rerun_replaces_the_files),
        cmocka_unit_test(cannot_write),       cmocka_unit_test(usage_errors),
        cmocka_unit_test(bad_run_directories), cmocka_unit_test(every_chart_is_placed),
        cmocka_unit_test(chart_without_its_table), cmocka_unit_test(example_run),
        cmocka_unit_test(baseline_section_and_overlay), cmocka_unit_test(source_section),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
