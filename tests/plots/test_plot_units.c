/* The pieces of plots/: template substitution, label spreading, point
 * keys, gnuplot text, axis ranges and whole-file writes. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/atomic_file.h"
#include "plots/chart.h"
#include "plots/chart_key.h"
#include "plots/gpfmt.h"
#include "plots/spread.h"
#include "plots/template.h"

static void fill_replaces_placeholders(void **state)
{
    struct strbuf b;
    sb_init(&b);
    char err[256];
    const struct tvar vars[] = {{"A", "one"}, {"B_2", "two\nlines"}};
    assert_int_equal(template_fill("x @A@ y @B_2@ z@ mail@host @a@", vars, 2, &b, err, sizeof err), 0);
    assert_string_equal(sb_str(&b), "x one y two\nlines z@ mail@host @a@"); /* lower case is not a key */
    sb_free(&b);
}

static void fill_rejects_unknown_placeholders(void **state)
{
    struct strbuf b;
    sb_init(&b);
    char err[256];
    const struct tvar vars[] = {{"A", "one"}};
    assert_int_equal(template_fill("@A@ @MISSING@", vars, 1, &b, err, sizeof err), -1);
    assert_non_null(strstr(err, "@MISSING@"));
    sb_free(&b);
}

/* Every chart has a template, and the shared pieces exist. */
static void every_chart_has_a_template(void **state)
{
    size_t n;
    const struct chart_spec *s = chart_specs(&n);
    assert_true(n <= CHART_MAX);
    for (size_t i = 0; i < n; i++)
        if (!template_text(s[i].name))
            fail_msg("no template %s.gp.in", s[i].name);
    assert_non_null(template_text("header"));
    assert_non_null(template_text("terminal"));
}

static void spread_keeps_order_and_separates(void **state)
{
    const double want[] = {0.50, 0.10, 0.51, 0.52, 0.90};
    const double size[] = {0.05, 0.05, 0.05, 0.05, 0.05};
    double at[5];
    spread(want, size, 5, 0, 1, at);
    assert_true(fabs(at[1] - 0.10) < 1e-12); /* alone: stays where it wants */
    assert_true(fabs(at[4] - 0.90) < 1e-12);
    assert_true(at[0] < at[2] && at[2] < at[3]); /* order kept */
    assert_true(at[2] - at[0] >= 0.05 - 1e-12 && at[3] - at[2] >= 0.05 - 1e-12);
    assert_true(fabs((at[0] + at[2] + at[3]) / 3 - 0.51) < 1e-12); /* centred on the group */
}

static void spread_stays_inside(void **state)
{
    const double want[] = {0.99, 0.98, 1.0};
    const double size[] = {0.1, 0.1, 0.1};
    double at[3];
    spread(want, size, 3, 0, 1, at);
    for (int i = 0; i < 3; i++)
        assert_true(at[i] + 0.05 <= 1 + 1e-12);
    assert_true(at[1] < at[0] && at[0] < at[2]);
}

/* Consecutive keys collapse into a range only from three on: "3,4" is as
 * short as "3-4" and reads as two points. */
static void keys_as_ranges(void **state)
{
    char buf[64];
    int keys[] = {9, 5, 3, 4, 6, 12, 13};
    keys_sort(keys, 7);
    keys_text(keys, 7, buf, sizeof buf);
    assert_string_equal(buf, "3-6,9,12,13");
    keys_text(keys, 1, buf, sizeof buf);
    assert_string_equal(buf, "3");
    keys_text(keys + 5, 2, buf, sizeof buf);
    assert_string_equal(buf, "12,13");
    keys_text(keys, 7, buf, 6); /* truncated, still a string */
    assert_int_equal(strlen(buf), 5);
}

/* A variant's key is its rank by GFLOP/s at its largest size among the ok
 * matmul rows: a faster small size or a failed row does not count. */
static void keys_rank_by_largest_size(void **state)
{
    struct plot_row rows[] = {
        {.variant = "a", .family = "matmul", .status = "ok", .m = 2048, .n = 2048, .k = 2048, .gflop_s = 100},
        {.variant = "a", .family = "matmul", .status = "ok", .m = 1024, .n = 1024, .k = 1024, .gflop_s = 900},
        {.variant = "b", .family = "matmul", .status = "ok", .m = 2048, .n = 2048, .k = 2048, .gflop_s = 300},
        {.variant = "c", .family = "matmul", .status = "failed", .m = 2048, .n = 2048, .k = 2048, .gflop_s = 999},
        {.variant = "d", .family = "transpose", .status = "ok", .m = 2048, .n = 2048, .gflop_s = 500},
        {.variant = "e", .family = "matmul", .status = "ok", .m = 512, .n = 512, .k = 512, .gflop_s = 200},
    };
    struct plot_data d = {.nrows = sizeof rows / sizeof rows[0], .rows = rows};
    keys_assign(&d);
    assert_int_equal(rows[1].key, 3); /* every row of a variant carries its key */
    assert_int_equal(variant_key(&d, "b"), 1);
    assert_int_equal(variant_key(&d, "e"), 2);
    assert_int_equal(variant_key(&d, "a"), 3);
    assert_int_equal(variant_key(&d, "c"), 0);
    assert_int_equal(variant_key(&d, "d"), 0);
}

static void gnuplot_text(void **state)
{
    struct strbuf b;
    sb_init(&b);
    gp_str(&b, "a\"b\\c\nd");
    gp_num(&b, NAN);
    gp_num(&b, 1.5);
    assert_string_equal(sb_str(&b), "\"a\\\"b\\\\c\\nd\" NaN 1.5");
    sb_free(&b);
    char rate[32];
    human_rate(rate, sizeof rate, 3350, "GB/s");
    assert_string_equal(rate, "3.35 TB/s");
    human_rate(rate, sizeof rate, 66900, "GFLOP/s");
    assert_string_equal(rate, "66.9 TFLOP/s");
    human_rate(rate, sizeof rate, 450, "GFLOP/s");
    assert_string_equal(rate, "450 GFLOP/s");
}

static void log_ranges_end_on_1_2_5(void **state)
{
    struct span s;
    double lo, hi;
    span_init(&s);
    span_add(&s, NAN);
    span_add(&s, -3);
    assert_true(span_empty(&s));
    span_add(&s, 120);
    span_add(&s, 48000);
    span_log_range(&s, 1.5, &lo, &hi); /* 80 .. 72000 */
    assert_true(fabs(lo - 50) < 1e-9 && fabs(hi - 100000) < 1e-6);
    span_log_range(&s, 1, &lo, &hi); /* 120 .. 48000 */
    assert_true(fabs(lo - 100) < 1e-9 && fabs(hi - 50000) < 1e-6);
    span_init(&s);
    span_add(&s, 0.2);
    span_log_range(&s, 1, &lo, &hi); /* one value: a range around it */
    assert_true(fabs(lo - 0.2) < 1e-12 && fabs(hi - 0.5) < 1e-12);
}

/* A narrow log range gets labels at 1, 2, 5 (or 1..9) times a power of
 * ten, its start nudged inside; two decades or more are gnuplot's. */
static void log_tics_label_narrow_ranges(void **state)
{
    (void)state;
    struct strbuf b;
    sb_init(&b);
    log_tics(&b, "y", 10, 50);
    assert_string_equal(sb_str(&b), "set ytics (\"10\" 10.00000001, \"20\" 20, \"50\" 50)");
    sb_free(&b);
    sb_init(&b);
    log_tics(&b, "x", 0.2, 0.5); /* 1-2-5 gives two labels: every step */
    assert_string_equal(sb_str(&b), "set xtics (\"0.2\" 0.2000000002, \"0.3\" 0.3, \"0.4\" 0.4, \"0.5\" 0.5)");
    sb_free(&b);
    sb_init(&b);
    log_tics(&b, "y", 50, 100000);
    assert_string_equal(sb_str(&b), "set ytics auto");
    sb_free(&b);
}

static void atomic_write_replaces_whole(void **state)
{
    char dir[] = "/tmp/mmprof_plot_units_XXXXXX", path[128], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/f.gp", dir);
    assert_int_equal(atomic_write(path, "first", 5, err, sizeof err), 0);
    assert_int_equal(atomic_write(path, "second", 6, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    char buf[16] = "";
    assert_non_null(fgets(buf, sizeof buf, f));
    fclose(f);
    assert_string_equal(buf, "second");
    unlink(path);
    assert_int_equal(rmdir(dir), 0); /* nothing else (no temporary) was left */
    snprintf(path, sizeof path, "/nonexistent/dir/f.gp");
    assert_int_equal(atomic_write(path, "x", 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent/dir/f.gp"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fill_replaces_placeholders),
        cmocka_unit_test(log_tics_label_narrow_ranges),
        cmocka_unit_test(fill_rejects_unknown_placeholders),
        cmocka_unit_test(every_chart_has_a_template),
        cmocka_unit_test(spread_keeps_order_and_separates),
        cmocka_unit_test(spread_stays_inside),
        cmocka_unit_test(keys_as_ranges),
        cmocka_unit_test(keys_rank_by_largest_size),
        cmocka_unit_test(gnuplot_text),
        cmocka_unit_test(log_ranges_end_on_1_2_5),
        cmocka_unit_test(atomic_write_replaces_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
