/* The rules engine of "What to do next": the condition and template
 * language (rule_expr.h) on hand-made rows, and the next steps
 * (next_step.h) on the committed runs of examples/seeds (H100) and
 * examples/seeds-h200 at 1024^3 and 2048^3: at least 80 % of the next steps
 * must name a variant the same run measured faster, and at least 80 % of
 * the expected speed-ups must lie within 2x of the measured ones. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/analysis.h"
#include "analysis/next_step.h"
#include "analysis/roofline.h"
#include "analysis/rule_expr.h"

static struct analysis_row matmul_row(const char *variant, double tpb)
{
    struct analysis_row r = {0};
    snprintf(r.variant, sizeof r.variant, "%s", variant);
    snprintf(r.family, sizeof r.family, "matmul");
    snprintf(r.status, sizeof r.status, "ok");
    r.v = registry_find(variant);
    r.has_theory = 1;
    r.geo.threads_per_block = (int)tpb;
    r.ms.l1_hit_pct = NAN;
    r.th.cgma = 2.0;
    return r;
}

static void conditions_hold_on_numbers_and_text(void **state)
{
    (void)state;
    struct analysis_row r = matmul_row("tiled_t2", 4);
    char err[256];
    assert_int_equal(rule_holds("family == matmul && lanes_pct < 100", &r, err, sizeof err), 1);
    assert_int_equal(rule_holds("family == matmul && tile >= 4", &r, err, sizeof err), 0);
    assert_int_equal(rule_holds("variant != naive&&outputs_per_thread==1", &r, err, sizeof err), 1);
    assert_int_equal(rule_holds("theory_cgma_flop_per_word > 1.5", &r, err, sizeof err), 1);
    /* what was not measured never makes a rule fire, whichever way it is asked */
    assert_int_equal(rule_holds("meas_l1_hit_pct < 50", &r, err, sizeof err), 0);
    assert_int_equal(rule_holds("meas_l1_hit_pct >= 50", &r, err, sizeof err), 0);
    /* a transpose has no tile: false, not an error */
    struct analysis_row t = matmul_row("tr_naive", 256);
    snprintf(t.family, sizeof t.family, "transpose");
    assert_int_equal(rule_holds("family == matmul && outputs_per_thread < 4", &t, err, sizeof err), 0);
}

static void malformed_conditions_are_refused(void **state)
{
    (void)state;
    struct analysis_row r = matmul_row("tiled_t16", 256);
    char err[256] = "";
    assert_int_equal(rule_holds("no_such_column < 3", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "no_such_column"));
    assert_int_equal(rule_holds("family < matmul", &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "text"));
    assert_int_equal(rule_holds("tile = 16", &r, err, sizeof err), -1);
    assert_int_equal(rule_holds("tile == sixteen", &r, err, sizeof err), -1);
    assert_int_equal(rule_holds("tile == 16 ||", &r, err, sizeof err), -1);
    assert_int_equal(rule_holds("", &r, err, sizeof err), -1);
}

static void templates_fill_figures(void **state)
{
    (void)state;
    struct analysis_row r = matmul_row("tiled_t2", 4);
    char out[128];
    rule_format("blocks of {threads_per_block} threads (TILE_WIDTH {tile}), {lanes_pct} %, {nope}", &r, out,
                sizeof out);
    assert_string_equal(out, "blocks of 4 threads (TILE_WIDTH 2), 12.5 %, ?");
    rule_format("{variant} {family", &r, out, sizeof out);
    assert_string_equal(out, "tiled_t2 {family");
    rule_format("{variant}", &r, out, 5);
    assert_string_equal(out, "tile");
}

#define RULE(id, when, finding, candidates) #id,
static const char *const rule_ids[] = {
#include "analysis/rules.def"
};
#undef RULE
enum { NRULES = sizeof rule_ids / sizeof rule_ids[0] };

static void check_run(const char *run)
{
    int fired[NRULES] = {0};
    struct run_view v;
    struct analysis a;
    char err[512];
    assert_int_equal(analysis_load(run, 0, &v, &a, err, sizeof err), 0);
    struct roofline roof;
    roofline_read(v.meta.root, &roof);
    struct next_step_check c;
    assert_int_equal(next_step_check_run(&a, &roof, &c, err, sizeof err), 0);
    print_message("%s: %zu next steps, %zu measured faster, %zu expected within 2x\n", run, c.steps, c.faster,
                  c.within_2x);
    assert_true(c.steps >= 40); /* every rung of both ladders at two sizes, not a handful */
    assert_true(c.faster * 100 >= c.steps * 80);
    assert_true(c.within_2x * 100 >= c.steps * 80);
    for (size_t i = 0; i < a.nrows; i++) {
        struct next_step s;
        if (next_step_for(&a, &roof, i, &s, err, sizeof err) != 1)
            continue;
        for (size_t k = 0; k < NRULES; k++)
            fired[k] += strcmp(s.rule, rule_ids[k]) == 0;
        if (strcmp(a.rows[i].variant, "tiled_t2") != 0)
            continue;
        /* seed 000's lesson: TILE_WIDTH 2 is told to grow its tile */
        assert_string_equal(s.rule, "narrow_blocks");
        assert_non_null(s.next);
        assert_non_null(strstr(s.next->variant, "tiled_t"));
    }
    /* a rule no kernel of the ladders reaches is dead: an earlier rule shadows it */
    for (size_t k = 0; k < NRULES; k++)
        if (!fired[k])
            fail_msg("%s: rule %s never fires", run, rule_ids[k]);
    analysis_free(&a);
    run_view_free(&v);
}

static void next_steps_hold_on_the_h100_run(void **state)
{
    (void)state;
    check_run(MMPROF_SOURCE_DIR "/examples/seeds");
}

static void next_steps_hold_on_the_h200_run(void **state)
{
    (void)state;
    check_run(MMPROF_SOURCE_DIR "/examples/seeds-h200");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conditions_hold_on_numbers_and_text),
        cmocka_unit_test(malformed_conditions_are_refused),
        cmocka_unit_test(templates_fill_figures),
        cmocka_unit_test(next_steps_hold_on_the_h100_run),
        cmocka_unit_test(next_steps_hold_on_the_h200_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
