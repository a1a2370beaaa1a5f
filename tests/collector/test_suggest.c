/* Closest-name suggestions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "common/suggest.h"

static void distance(void **state)
{
    assert_int_equal(edit_distance("kitten", "sitting"), 3);
    assert_int_equal(edit_distance("", "abc"), 3);
    assert_int_equal(edit_distance("GLD", "gld"), 0);
    assert_int_equal(edit_distance("gld_transacions", "gld_transactions"), 1);
}

static void closest_first_and_bounded(void **state)
{
    static const char *known[] = {"gst_transactions", "gld_transactions", "ipc", "dram_read_bytes",
                                  "l2_read_transactions", "achieved_occupancy"};
    struct suggest s;
    char buf[512];

    suggest_init(&s, "gld_transacions");
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        suggest_offer(&s, known[i]);
    suggest_format(&s, buf, sizeof buf);
    assert_true(strncmp(buf, "gld_transactions", strlen("gld_transactions")) == 0);
    assert_non_null(strstr(buf, "gst_transactions"));
    assert_null(strstr(buf, "achieved_occupancy"));

    suggest_init(&s, "dram_read"); /* a prefix is a plausible intent */
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        suggest_offer(&s, known[i]);
    suggest_format(&s, buf, sizeof buf);
    assert_non_null(strstr(buf, "dram_read_bytes"));

    suggest_init(&s, "zzzzzzzz");
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        suggest_offer(&s, known[i]);
    suggest_format(&s, buf, sizeof buf);
    assert_string_equal(buf, "");

    suggest_init(&s, "IPC"); /* case only */
    suggest_offer(&s, "ipc");
    suggest_format(&s, buf, sizeof buf);
    assert_string_equal(buf, "ipc");
}

static void keeps_at_most_three(void **state)
{
    struct suggest s;
    char buf[512];
    suggest_init(&s, "abcd");
    suggest_offer(&s, "abcx");
    suggest_offer(&s, "abxx");
    suggest_offer(&s, "abce");
    suggest_offer(&s, "abcf");
    suggest_format(&s, buf, sizeof buf);
    assert_string_equal(buf, "abcx, abce, abcf");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(distance),
        cmocka_unit_test(closest_first_and_bounded),
        cmocka_unit_test(keeps_at_most_three),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
