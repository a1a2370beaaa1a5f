/* Reading ncu's exports for the findings comparison: every file listed in
 * fixtures/ncu-exports.list (hand-made ones with one quirk each: NVTX
 * columns with doubled quotes, rows shorter than the header, the raw page's
 * units line, thousands separators, base or ncu's units; and real exports)
 * read to its launches, rules and SOL; the limiters of ncu's SOL; every
 * finding of findings.def given a limiter; `xcheck --findings` on the
 * committed profile example; damaged files answered with one line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/commands.h"
#include "files.h"
#include "analysis/findings_vs_ncu.h"
#include "xcheck/ncu_launches.h"

#define FIXTURES MMPROF_SOURCE_DIR "/tests/xcheck/fixtures"

/* "RULE:LIMITER:SOL" against launch l ("-": none). */
static void check_launch(const char *file, size_t i, const struct ncu_launch *l, char *expect)
{
    char *rule = strtok(expect, ":"), *limiter = strtok(NULL, ":"), *sol = strtok(NULL, ":");
    assert_non_null(sol);
    if (strcmp(rule, l->top_rule[0] ? l->top_rule : "-") || strcmp(limiter, l->top_limiter ? l->top_limiter : "-") ||
        strcmp(sol, l->sol_limiter[0] ? l->sol_limiter : "-"))
        fail_msg("%s launch %zu: read %s:%s:%s, the list says %s:%s:%s", file, i + 1, l->top_rule,
                 l->top_limiter ? l->top_limiter : "-", l->sol_limiter, rule, limiter, sol);
}

static void every_listed_export(void **state)
{
    (void)state;
    FILE *list = fopen(FIXTURES "/ncu-exports.list", "r");
    assert_non_null(list);
    char line[4096];
    int files = 0;
    while (fgets(line, sizeof line, list)) {
        char *save = NULL, *file = strtok_r(line, " \t\n", &save);
        if (!file || file[0] == '#')
            continue;
        char *page = strtok_r(NULL, " \t\n", &save), *count = strtok_r(NULL, " \t\n", &save);
        assert_non_null(count);
        char path[1024], err[2048];
        snprintf(path, sizeof path, "%s/%s", FIXTURES, file);
        struct ncu_launches l;
        if (ncu_launches_read(path, &l, err, sizeof err) != 0)
            fail_msg("%s: %s", file, err);
        assert_int_equal(l.has_rules, strcmp(page, "details") == 0);
        if (l.n != strtoul(count, NULL, 10))
            fail_msg("%s: %zu launches read, the list says %s", file, l.n, count);
        size_t i = 0;
        for (char *t = strtok_r(NULL, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save), i++) {
            assert_true(i < l.n);
            check_launch(file, i, &l.l[i], t);
        }
        ncu_launches_free(&l);
        files++;
    }
    fclose(list);
    assert_true(files >= 3);
}

static void short_rows_nvtx_and_separators(void **state)
{
    (void)state;
    char err[2048];
    struct ncu_launches l;
    assert_int_equal(ncu_launches_read(FIXTURES "/details-nvtx-base-units.csv", &l, err, sizeof err), 0);
    assert_string_equal(l.l[1].kernel, "gemm_tiled(const float *, const float *, float *, int)");
    assert_true(fabs(l.l[0].compute_pct - 12.5) < 1e-9);
    assert_true(fabs(l.l[0].memory_pct - 34.5) < 1e-9);
    assert_true(fabs(l.l[0].top_speedup_pct - 68.8) < 1e-9);
    ncu_launches_free(&l);
    assert_int_equal(ncu_launches_read(FIXTURES "/raw-units-line.csv", &l, err, sizeof err), 0);
    assert_true(fabs(l.l[1].compute_pct - 81.2) < 1e-9); /* the units line is no launch */
    assert_int_equal(l.l[0].id, 0);
    ncu_launches_free(&l);
}

static void sol_limiters(void **state)
{
    (void)state;
    assert_string_equal(ncu_sol_limiter(59.9, 59.9), "latency");
    assert_string_equal(ncu_sol_limiter(60, 10), "compute");
    assert_string_equal(ncu_sol_limiter(10, 75), "memory");
    assert_null(ncu_sol_limiter(NAN, 75));
    assert_string_equal(ncu_sol_description_limiter("Memory is more heavily utilized than Compute: ..."), "memory");
    assert_string_equal(ncu_sol_description_limiter("Compute is more heavily utilized than Memory: ..."), "compute");
    assert_string_equal(ncu_sol_description_limiter("... below 60.0% of peak typically indicate latency issues."),
                        "latency");
    assert_null(ncu_sol_description_limiter("greater than 80.0% of the available compute or memory performance"));
    assert_string_equal(xc_limiter("UncoalescedGlobalAccess"), "coalescing");
    assert_null(xc_limiter("NoSuchRule"));
}

static void every_finding_has_a_limiter(void **state)
{
    (void)state;
    static const char *const ids[] = {
#define FINDING(id, when, evidence, gain, fix) #id,
#include "analysis/findings.def"
#undef FINDING
    };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (!xc_limiter(ids[i]))
            fail_msg("finding %s has no LIMITER in xcheck/limiters.def", ids[i]);
    assert_null(xc_limiter("no_such_finding"));
}

static void findings_on_the_profile_example(void **state)
{
    (void)state;
    const char *argv[] = {"xcheck", "--findings", MMPROF_SOURCE_DIR "/examples/profile-h200", "--ncu-details",
                          FIXTURES "/app-details.csv"};
    struct captured c;
    capture(cmd_xcheck, 5, argv, &c);
    assert_int_equal(c.rc, 0);
    /* ncu's demangling ("const float *") and mmprof's ("float const*") pair */
    assert_non_null(strstr(c.out, "\n1     sm80_xmma_gemm"));
    assert_non_null(strstr(c.out, "UncoalescedSharedAccess"));
    /* the export and the example are two runs of the app in one device call */
    assert_non_null(strstr(c.out, "5 of 6 kernels agree"));
    assert_null(strstr(c.out, "not paired"));
    captured_free(&c);
}

/* The counters of the committed profile run (each kernel's first launch)
 * against ncu's raw page of every launch of the same app, one device call:
 * launches 1-5 and 9 pair by number, ncu's 6-8 (the sort's later launches)
 * are listed as not compared, the event counts of the deterministic kernels
 * are equal, and axpy's elapsed miss is refereed by its activity record
 * (the export has the clock in GHz: the launch's own converts). */
static void counters_on_the_profile_example(void **state)
{
    (void)state;
    const char *argv[] = {"xcheck", "--mmprof", MMPROF_SOURCE_DIR "/examples/profile-h200", "--ncu",
                          FIXTURES "/app-raw.csv", "--metrics",
                          "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,"
                          "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,sm__cycles_elapsed.avg"};
    struct captured c;
    capture(cmd_xcheck, 7, argv, &c);
    assert_int_equal(c.rc, 1);
    for (const char *const *l = (const char *const[]){"\nncu #6 ", "\nncu #7 ", "\nncu #8 ", NULL}; *l; l++)
        assert_non_null(strstr(c.out, *l));
    assert_null(strstr(c.out, "\nncu #9 "));
    assert_non_null(strstr(c.out, "\n#2                     1x1x1           l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum "
                                  "                        16777216         16777216   0.0000%"));
    assert_non_null(strstr(c.out, "\n#9                     1x1x1           0.00576 ms unprofiled (its activity record) = "
                                  "11282.7 cycles at mmprof's clock: mmprof -8.89 %, ncu +0.33 %"));
    assert_non_null(strstr(c.out, "16 values within limits, 2 misses, 0 failed runs"));
    captured_free(&c);
}

static void unusable_files_one_line_exit_2(void **state)
{
    char dir[256], path[512], run[] = MMPROF_SOURCE_DIR "/examples/profile-h200";
    (void)state;
    scratch_make(dir, sizeof dir);
    static const struct {
        const char *text, *says;
    } bad[] = {
        {"", "empty"},
        {"==PROF== no kernels were profiled\n", "no line begins with \"ID\""},
        {"\"ID\",\"Name\"\n\"0\",\"x\"\n", "no 'Kernel Name' column"},
        {"\"ID\",\"Kernel Name\",\"Other\"\n\"0\",\"k\",\"1\"\n", "neither a 'Metric Name' column"},
        {"\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n\"0\",\"k\",\"m\",\"\",\"1\",\"x\"\n",
         "line 2 has 6 fields, the header has 5"},
        {"\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n\"zero\",\"k\",\"m\",\"\",\"1\"\n",
         "ID 'zero' is not a kernel number"},
        {"\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n", "holds no kernel"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "bad%zu.csv", i);
        scratch_write(dir, name, bad[i].text, path, sizeof path);
        const char *argv[] = {"xcheck", "--findings", run, "--ncu-details", path};
        struct captured c;
        capture(cmd_xcheck, 5, argv, &c);
        if (c.rc != 2 || !strstr(c.err, bad[i].says) || strchr(c.err, '\n') != c.err + strlen(c.err) - 1)
            fail_msg("case %zu: rc %d, stderr '%s', expected one line with '%s'", i, c.rc, c.err, bad[i].says);
        captured_free(&c);
    }
    const char *alone[] = {"xcheck", "--findings", run};
    struct captured c;
    capture(cmd_xcheck, 3, alone, &c);
    assert_int_equal(c.rc, 2);
    assert_non_null(strstr(c.err, "--ncu-details"));
    captured_free(&c);
    scratch_remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_listed_export),
        cmocka_unit_test(short_rows_nvtx_and_separators),
        cmocka_unit_test(sol_limiters),
        cmocka_unit_test(every_finding_has_a_limiter),
        cmocka_unit_test(findings_on_the_profile_example),
        cmocka_unit_test(counters_on_the_profile_example),
        cmocka_unit_test(unusable_files_one_line_exit_2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
