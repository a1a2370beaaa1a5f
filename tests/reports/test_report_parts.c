/* The report's building blocks: number formatting, base64, the two
 * renderings of a table (escaping included), and the chart table's
 * binding of charts to sections. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "reports/base64.h"
#include "reports/doc.h"
#include "reports/fmt.h"
#include "reports/grid.h"
#include "reports/plots.h"
#include "reports/sections.h"

static void significant_digits(void **state)
{
    char b[FMT_LEN];
    assert_string_equal(fmt_sig(b, 0.017408, 4), "0.01741"); /* seed 000's small-matrix time */
    assert_string_equal(fmt_sig(b, 5136.48, 4), "5136");
    assert_string_equal(fmt_sig(b, 9.996, 3), "10.0"); /* rounding carries into the next digit */
    assert_string_equal(fmt_sig(b, 0, 3), "0");
    assert_string_equal(fmt_sig(b, 2.5e7, 3), "2.50e+07");
    assert_string_equal(fmt_sig(b, NAN, 3), FMT_NONE);
}

static void engineering_units(void **state)
{
    char b[FMT_LEN];
    assert_string_equal(fmt_si(b, 8.19e9, ""), "8.19 G");
    assert_string_equal(fmt_si(b, 1.01e9, "B"), "1.01 GB");
    assert_string_equal(fmt_si(b, 40, "B"), "40 B");
    assert_string_equal(fmt_si(b, 999.7e3, ""), "1.00 M");
    assert_string_equal(fmt_rate_g(b, 3660, "FLOP/s"), "3.66 TFLOP/s");
    assert_string_equal(fmt_rate_g(b, 842.4, "B/s"), "842 GB/s");
    assert_string_equal(fmt_bytes_bin(b, 85899345920.0), "80.0 GiB");
    assert_string_equal(fmt_bytes_bin(b, 52428800), "50.0 MiB");
}

static void times_percent_ratio(void **state)
{
    char b[FMT_LEN];
    assert_string_equal(fmt_time_ms(b, 0.017408), "17.41 µs");
    assert_string_equal(fmt_time_ms(b, 186.8), "186.8 ms");
    assert_string_equal(fmt_time_ms(b, 5136.48), "5.136 s");
    assert_string_equal(fmt_time_ms(b, 0.9999999), "1.000 ms");
    assert_string_equal(fmt_pct(b, 99.56), "99.6 %");
    assert_string_equal(fmt_pct(b, 0.432), "0.43 %");
    assert_string_equal(fmt_ratio(b, 1.2345), "1.23×");
    assert_string_equal(fmt_ratio(b, INFINITY), "∞");
    assert_string_equal(fmt_ratio(b, NAN), FMT_NONE);
}

static void base64_rfc4648_vectors(void **state)
{
    static const char *const in[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar"};
    static const char *const out[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"};
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        char *s = base64_encode((const unsigned char *)in[i], strlen(in[i]));
        assert_string_equal(s, out[i]);
        free(s);
    }
}

/* Renders g through a doc backed by two memory streams. */
static void render(const struct grid *g, char **md, char **html)
{
    size_t nmd, nhtml;
    struct doc d = {open_memstream(md, &nmd), open_memstream(html, &nhtml), 0};
    doc_table(&d, g);
    fclose(d.md);
    fclose(d.html);
    assert_int_equal(d.failed, 0);
}

static void table_in_both_formats(void **state)
{
    struct grid *g = grid_new(2, "Times of `x`");
    grid_head(g, 0, "variant");
    grid_head(g, 1, "ms");
    size_t r = grid_row(g);
    grid_set(g, r, 0, "a|b <c> & \"d\"");
    grid_set(g, r, 1, "%s", "1.5");
    grid_flag(g, r, 1, CELL_BEST);
    char *md, *html;
    render(g, &md, &html);
    assert_non_null(strstr(md, "**Times of `x`**\n\n| variant | ms |\n| --- | ---: |\n"));
    assert_non_null(strstr(md, "| a\\|b <c> & \"d\" | **1.5** |")); /* a pipe would split the cell */
    assert_non_null(strstr(html, "<div class=\"cap\">Times of <code>x</code></div>"));
    assert_non_null(strstr(html, "a|b &lt;c&gt; &amp; &quot;d&quot;"));
    assert_non_null(strstr(html, "<td class=\"r best\">1.5</td>"));
    free(md);
    free(html);
    grid_free(g);
}

/* plots/charts.def: each chart once, bound to a section the report has
 * (else a drawn chart could not be placed), with a caption that is a
 * sentence printed as is in the .md and the .html (no Markdown in it). */
static void charts_bind_real_sections(void **state)
{
    size_t n, ns;
    const struct chart_entry *t = chart_entries(&n);
    const struct section *const *s = report_sections(&ns);
    assert_true(n > 0 && n <= PLOTS_MAX);
    for (size_t i = 0; i < n; i++) {
        size_t found = 0;
        for (size_t j = 0; j < ns; j++)
            found += strcmp(s[j]->anchor, t[i].section) == 0;
        if (found != 1)
            fail_msg("chart %s names section '%s', which the report does not have", t[i].name, t[i].section);
        for (size_t j = 0; j < i; j++)
            if (strcmp(t[j].name, t[i].name) == 0)
                fail_msg("chart %s is in plots/charts.def twice", t[i].name);
        size_t len = strlen(t[i].caption);
        if (len < 60 || t[i].caption[len - 1] != '.' || strpbrk(t[i].caption, "_*`[]\n"))
            fail_msg("chart %s: its caption is not a plain sentence: %s", t[i].name, t[i].caption);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(significant_digits),     cmocka_unit_test(engineering_units),
        cmocka_unit_test(times_percent_ratio),    cmocka_unit_test(base64_rfc4648_vectors),
        cmocka_unit_test(table_in_both_formats),  cmocka_unit_test(charts_bind_real_sections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
