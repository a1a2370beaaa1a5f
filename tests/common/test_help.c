/* common/help.c and common/shape_text.c: a command's help table is both its
 * getopt options and its --help text; one size notation. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/help.h"
#include "common/shape_text.h"
#include "common/wrap.h"

enum { OPT_LONG_ONE = 256 };

static const struct help_option options[] = {
    {"sizes", required_argument, 's', "S,...", "square sizes"},
    {"a-rather-long-option-name", required_argument, OPT_LONG_ONE, "VALUE", "first line\nsecond line"},
    {"flag", no_argument, 'f', NULL, "a flag"},
    {NULL, 0, 0, NULL, NULL},
};

static const struct help table = {
    .command = "demo",
    .usage = "[--sizes S,...] RUN",
    .about = "Does a demo.\n",
    .options = options,
    .exit_status = "0 ok, 2 bad usage\n",
    .examples = {"mmprof demo RUN        # one", "mmprof demo --flag RUN # two"},
};

static char *print_to_string(const struct help *h)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    help_print(h, f);
    fclose(f);
    return buf;
}

static void options_come_from_the_table(void **state)
{
    (void)state;
    struct option o[8];
    assert_int_equal(help_long_options(&table, o, 8), 4);
    assert_string_equal(o[0].name, "sizes");
    assert_int_equal(o[0].has_arg, required_argument);
    assert_int_equal(o[0].val, 's');
    assert_int_equal(o[1].val, OPT_LONG_ONE);
    assert_int_equal(o[2].has_arg, no_argument);
    assert_string_equal(o[3].name, "help");
    assert_int_equal(o[3].val, 'h');
    assert_null(o[4].name);
    assert_int_equal(help_long_options(&table, o, 4), -1); /* no room for the end */
}

static void text_has_every_part(void **state)
{
    (void)state;
    char *text = print_to_string(&table);
    assert_non_null(strstr(text, "usage: mmprof demo [--sizes S,...] RUN\n\nDoes a demo.\n"));
    assert_non_null(strstr(text, "\noptions:\n  --sizes S,...         square sizes\n"));
    /* a name too long for the column: the text starts on the next line, continuations aligned */
    assert_non_null(strstr(text, "  --a-rather-long-option-name VALUE\n                        first line\n"
                                 "                        second line\n"));
    assert_non_null(strstr(text, "  --flag                a flag\n"));
    assert_non_null(strstr(text, "  --help                this text"));
    assert_non_null(strstr(text, "\nexit status: 0 ok, 2 bad usage\n"));
    assert_non_null(strstr(text, "examples:\n  mmprof demo RUN        # one\n  mmprof demo --flag RUN # two\n"));
    free(text);
}

/* A short form (ncu's -k) is printed beside its long name and given to
 * getopt; options without one stay long-only. */
static void short_forms(void **state)
{
    (void)state;
    static const struct help_short shorts[] = {{'s', "sizes"}, {'f', "flag"}, {0, NULL}};
    struct help h = table;
    h.shorts = shorts;
    char opts[32];
    help_short_options(&h, "+:", opts, sizeof opts);
    assert_string_equal(opts, "+:hs:f");
    help_short_options(&table, ":", opts, sizeof opts);
    assert_string_equal(opts, ":h");
    char *text = print_to_string(&h);
    assert_non_null(strstr(text, "  -s, --sizes S,..."));
    assert_non_null(strstr(text, "  -f, --flag"));
    assert_non_null(strstr(text, "  --a-rather-long-option-name VALUE"));
    free(text);
}

static void one_size_notation(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(shape_text(buf, sizeof buf, 2048, 2048, 2048), "2048x2048x2048");
    assert_string_equal(shape_text(buf, sizeof buf, 1000, 3000, 700), "1000x3000x700");
    assert_string_equal(shape_text(buf, sizeof buf, 4096, 1024, 0), "4096x1024"); /* a transpose has no K */
}

/* The one-line errors made from the table: the closest option, the value's placeholder. */
static void option_errors(void **state)
{
    (void)state;
    char buf[512];
    help_unknown_option(&table, "--size", buf, sizeof buf);
    assert_string_equal(buf, "demo: unknown option '--size': did you mean --sizes? (see `mmprof demo --help`)");
    help_unknown_option(&table, "--flga=1", buf, sizeof buf);
    assert_string_equal(buf, "demo: unknown option '--flga=1': did you mean --flag? (see `mmprof demo --help`)");
    help_unknown_option(&table, "--zzzzzzzz", buf, sizeof buf);
    assert_string_equal(buf, "demo: unknown option '--zzzzzzzz' (see `mmprof demo --help`)");
    help_unknown_option(&table, "-q", buf, sizeof buf);
    assert_string_equal(buf, "demo: unknown option '-q' (see `mmprof demo --help`)");
    help_missing_value(&table, "--sizes", 's', buf, sizeof buf);
    assert_string_equal(buf, "demo: option '--sizes' needs a value: --sizes S,... (see `mmprof demo --help`)");
    help_missing_value(&table, "-s", 's', buf, sizeof buf);
    assert_string_equal(buf, "demo: option '-s' needs a value: --sizes S,... (see `mmprof demo --help`)");
}

/* common/wrap.c: words kept whole within the width, continuation lines
 * indented, a word longer than a line cut across lines, no trailing blank. */
static void wrapped_within_width(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    wrap_print(f, 4, "aaa bbb ccc ddd", 2, 12);
    wrap_print(f, 0, "x 0123456789abcdef", 2, 10);
    fclose(f);
    assert_string_equal(buf, "aaa bbb\n  ccc ddd\n"
                             "x 01234567\n  89abcdef\n");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(option_errors),
        cmocka_unit_test(wrapped_within_width),
        cmocka_unit_test(options_come_from_the_table),
        cmocka_unit_test(text_has_every_part),
        cmocka_unit_test(one_size_notation),
        cmocka_unit_test(short_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
