/* `mmprof diff` as a regression gate, on synthetic runs with known launch
 * times (samples.csv written here into copies of the fixture run): the same
 * times drawn twice show no change; a 5 % slowdown of a steady row is
 * flagged with its interval and trips --fail-on (exit 3) while nothing else
 * does; noisy rows 6 % apart are not flagged; the JUnit output passes a JUnit
 * schema in xmllint (and a broken one does not); the JSON parses with its
 * documented fields. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <cmocka.h>

#include "rundir/results.h"
#include "rundir/samples.h"
#include "common/table.h"
#include "cli/commands.h"
#include "diff/diff_fail_on.h"
#include "run_dir.h"

#define XSD MMPROF_SOURCE_DIR "/tests/diff/junit.xsd"

#define assert_has(text, part)                                                               \
    do {                                                                                     \
        if (!strstr((text), (part)))                                                         \
            fail_msg("expected to find '%s' in:\n%s", (part), (text));                       \
    } while (0)

/* How one row's launch times are drawn: median x factor, each launch off by
 * up to +-spread (uniform), n launches. */
struct draw {
    const char *variant;
    long m;
    double factor, spread;
    int n;
};

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 11;
}

/* A steady GPU kernel unless listed: 200 launches within +-1 %. */
static struct draw draw_for(const struct draw *special, size_t nspecial, const char *variant, long m)
{
    for (size_t i = 0; i < nspecial; i++)
        if (strcmp(special[i].variant, variant) == 0 && special[i].m == m)
            return special[i];
    return (struct draw){variant, m, 1.0, 0.01, 200};
}

/* samples.csv for every timed row of dir, seeded so that A and B draw
 * different launches around the same medians. */
static void write_samples(const char *dir, const struct draw *special, size_t nspecial, uint64_t seed)
{
    char path[256], why[512];
    snprintf(path, sizeof path, "%s/results.csv", dir);
    struct table *t = results_read(path, why, sizeof why);
    assert_non_null(t);
    FILE *f = samples_open(dir, why, sizeof why);
    assert_non_null(f);
    int cv = table_col(t, "variant"), cm = table_col(t, "M"), cn = table_col(t, "N"), ck = table_col(t, "K"),
        ct = table_col(t, "runtime_ms");
    for (size_t i = 0; i < t->nrows; i++) {
        double median = table_num(t, i, ct);
        if (!(median > 0))
            continue;
        long m = (long)table_num(t, i, cm);
        struct draw d = draw_for(special, nspecial, table_str(t, i, cv), m);
        double ms[256];
        for (int j = 0; j < d.n; j++) {
            double u = (double)next(&seed) / 9007199254740992.0; /* [0, 1) */
            ms[j] = median * d.factor * (1 + d.spread * (2 * u - 1));
        }
        assert_int_equal(samples_append(f, table_str(t, i, cv), m, (long)table_num(t, i, cn),
                                        (long)table_num(t, i, ck), ms, (size_t)d.n),
                         0);
    }
    fclose(f);
    table_free(t);
}

/* A copy of the fixture run in dir with its launch times drawn (write_samples). */
static void drawn_run(char *dir, size_t len, const struct draw *special, size_t nspecial, uint64_t seed)
{
    run_copy(FIXTURE, dir, len);
    write_samples(dir, special, nspecial, seed);
}

static void diff(const char *a, const char *b, const char *opt1, const char *opt2, struct captured *c)
{
    const char *argv[] = {"diff", a, b, opt1, opt2};
    capture(cmd_diff, 3 + (opt1 != NULL) + (opt2 != NULL), argv, c);
}

static char *line_of(const char *out, const char *variant, const char *size, char *buf, size_t len)
{
    char want[128];
    snprintf(want, sizeof want, "\n%-22s %-16s ", variant, size);
    const char *at = strstr(out, want);
    if (!at)
        fail_msg("no line for %s %s in:\n%s", variant, size, out);
    return diff_row_text(at + 1, buf, len);
}

/* Noisy rows: a few launches spread +-30 % (the CPU baseline, a tiny
 * transpose), B's median 6 % higher: beyond the threshold, not beyond the noise. */
static const struct draw noisy[] = {
    {"cpu_blas", 1024, 1.0, 0.30, 15},
    {"tr_copy", 1024, 1.0, 0.30, 15},
};
static const struct draw noisy_b[] = {
    {"cpu_blas", 1024, 1.06, 0.30, 15},
    {"tr_copy", 1024, 1.06, 0.30, 15},
    {"rt_b16_4x4", 1024, 1.05, 0.005, 200}, /* the real change: 5 % slower, steady */
};

struct pair {
    char a[64], b[64];
};

static void make_pair(struct pair *p)
{
    drawn_run(p->a, sizeof p->a, noisy, 2, 1);
    drawn_run(p->b, sizeof p->b, noisy_b, 3, 2);
    csv_scale(p->b, "rt_b16_4x4", 1024, "runtime_ms", 1.05);
}

/* Another GPU with ceilings twice as high: B's kernel 5 % faster in time
 * but at a smaller fraction of its roof. Times stay times: FASTER with its
 * interval, never SLOWER; the roof fractions in their own columns; the
 * change of GPU said first. */
static void other_gpu_compares_times(void **state)
{
    static const struct draw faster_b[] = {{"rt_b16_4x4", 1024, 0.95, 0.005, 200}};
    char a[64], b[64], line[512];
    struct captured c;
    drawn_run(a, sizeof a, NULL, 0, 1);
    drawn_run(b, sizeof b, faster_b, 1, 2);
    csv_scale(b, "rt_b16_4x4", 1024, "runtime_ms", 0.95);
    json_replace(b, "\"NVIDIA H200\"", "\"NVIDIA B200\"");
    json_replace(b, "\"fp32_gflops\": 65387.78087879426", "\"fp32_gflops\": 130775.56175758852");
    json_replace(b, "\"dram_read_gbs\": 4516.682197355135", "\"dram_read_gbs\": 9033.36439471027");
    diff(a, b, NULL, NULL, &c);
    assert_int_equal(c.rc, 0);
    assert_string_equal(c.err, "");
    const char *first = "A ran on NVIDIA H200 (132 SMs), B on NVIDIA B200 (132 SMs): the times compare the GPUs, "
                        "not the code\n";
    if (strncmp(c.out, first, strlen(first)) != 0)
        fail_msg("the first line is not '%s' in:\n%s", first, c.out);
    assert_has(c.out, "A roof% B roof%");
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "x  [0.9");
    assert_has(line, "FASTER");
    double roof_a, roof_b;
    const char *pcts = strstr(line, "FASTER") + strlen("FASTER");
    assert_int_equal(sscanf(pcts, " %lf%% %lf%%", &roof_a, &roof_b), 2);
    assert_true(roof_b < roof_a); /* further from its own, higher roof */
    assert_null(strstr(c.out, "SLOWER"));
    assert_null(strstr(c.out, "no samples"));
    captured_free(&c);
    run_remove(a);
    run_remove(b);
}

static void same_times_drawn_twice_no_change(void **state)
{
    char a[64], b[64];
    struct captured c;
    drawn_run(a, sizeof a, noisy, 2, 1);
    drawn_run(b, sizeof b, noisy, 2, 2);
    diff(a, b, "--fail-on=slower>3%", "--fail-on=changed", &c);
    assert_int_equal(c.rc, 0);
    assert_has(c.out, "0 slower, 0 faster");
    assert_has(c.out, "no significant change\n");
    assert_has(c.out, "--fail-on: 0 rows fail\n");
    assert_null(strstr(c.out, "no samples"));
    captured_free(&c);
    run_remove(a);
    run_remove(b);
}

static void five_pct_slowdown_flagged_noise_not(void **state)
{
    struct pair p;
    char line[512];
    struct captured c;
    make_pair(&p);
    diff(p.a, p.b, "--fail-on=slower>3%", NULL, &c);
    assert_int_equal(c.rc, DIFF_EXIT_FAIL);
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "SLOWER");
    assert_has(line, "FAIL slower>3%: B/A 1.05");
    double lo, hi;
    const char *iv = strchr(line, '[');
    assert_non_null(iv);
    assert_int_equal(sscanf(iv, "[%lf, %lf]", &lo, &hi), 2);
    assert_true(lo > 1.04 && lo < 1.05 && hi > 1.05 && hi < 1.06);
    /* the noisy rows are 6 % apart, beyond the threshold, but their intervals reach back inside it */
    line_of(c.out, "cpu_blas", "1024x1024x1024", line, sizeof line);
    assert_null(strstr(line, "SLOWER"));
    line_of(c.out, "tr_copy", "1024x1024", line, sizeof line);
    assert_null(strstr(line, "SLOWER"));
    assert_has(c.out, "1 slower, 0 faster");
    assert_has(c.out, "--fail-on: 1 rows fail\n");
    captured_free(&c);

    diff(p.a, p.b, "--threshold=6", NULL, &c); /* a 5 % change under a 6 % threshold is none */
    assert_int_equal(c.rc, 0);
    assert_has(c.out, "0 slower, 0 faster");
    captured_free(&c);
    run_remove(p.a);
    run_remove(p.b);
}

/* The CPU baseline drifts between runs far more than within one (the
 * host's clocks and load): 15 % apart with tight launches is host noise, not
 * a change; 40 % apart is one. A GPU row as tight and as far apart is flagged. */
static void host_rows_held_to_host_noise(void **state)
{
    static const struct draw tight[] = {{"cpu_blas", 1024, 1.0, 0.01, 10}, {"rt_b16_4x4", 1024, 1.0, 0.01, 10}};
    static const struct draw apart[] = {{"cpu_blas", 1024, 0.85, 0.01, 10}, {"rt_b16_4x4", 1024, 0.85, 0.01, 10}};
    static const struct draw far[] = {{"cpu_blas", 1024, 0.60, 0.01, 10}};
    char a[64], b[64], line[512];
    struct captured c;
    drawn_run(a, sizeof a, tight, 2, 1);
    drawn_run(b, sizeof b, apart, 2, 2);
    diff(a, b, "--fail-on=changed", NULL, &c);
    line_of(c.out, "cpu_blas", "1024x1024x1024", line, sizeof line);
    assert_null(strstr(line, "FASTER"));
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "FASTER");
    captured_free(&c);
    run_remove(b);
    drawn_run(b, sizeof b, far, 1, 2);
    diff(a, b, "--fail-on=changed", NULL, &c);
    line_of(c.out, "cpu_blas", "1024x1024x1024", line, sizeof line);
    assert_has(line, "FASTER");
    captured_free(&c);
    run_remove(a);
    run_remove(b);
}

/* A kernel under 10 us moves between runs of one build by more than its
 * launches spread (up to 8 % measured): 7 % slower with tight launches is no
 * change there (tr_padded, 6.8 us), but is one at 10.2 us (tr_coalesced); 15 %
 * is one for both. */
static void short_kernels_held_to_their_run_to_run_moves(void **state)
{
    static const struct draw tight[] = {{"tr_padded", 1024, 1.0, 0.01, 200}, {"tr_coalesced", 1024, 1.0, 0.01, 200}};
    static const struct draw moved[] = {{"tr_padded", 1024, 1.07, 0.01, 200},
                                        {"tr_coalesced", 1024, 1.07, 0.01, 200}};
    static const struct draw far[] = {{"tr_padded", 1024, 1.15, 0.01, 200}, {"tr_coalesced", 1024, 1.15, 0.01, 200}};
    char a[64], b[64], line[512];
    struct captured c;
    drawn_run(a, sizeof a, tight, 2, 1);
    drawn_run(b, sizeof b, moved, 2, 2);
    csv_scale(b, "tr_padded", 1024, "runtime_ms", 1.07);
    csv_scale(b, "tr_coalesced", 1024, "runtime_ms", 1.07);
    diff(a, b, "--fail-on=changed", NULL, &c);
    line_of(c.out, "tr_padded", "1024x1024", line, sizeof line);
    assert_null(strstr(line, "SLOWER"));
    line_of(c.out, "tr_coalesced", "1024x1024", line, sizeof line);
    assert_has(line, "SLOWER");
    captured_free(&c);
    run_remove(b);
    drawn_run(b, sizeof b, far, 2, 2);
    csv_scale(b, "tr_padded", 1024, "runtime_ms", 1.15);
    csv_scale(b, "tr_coalesced", 1024, "runtime_ms", 1.15);
    diff(a, b, "--fail-on=changed", NULL, &c);
    line_of(c.out, "tr_padded", "1024x1024", line, sizeof line);
    assert_has(line, "SLOWER");
    captured_free(&c);
    run_remove(a);
    run_remove(b);
}

/* A run collected before samples.csv against one with it: the fallback, said once. */
static void old_run_falls_back(void **state)
{
    struct pair p;
    char line[512];
    struct captured c;
    make_pair(&p);
    diff(FIXTURE, p.b, NULL, NULL, &c);
    assert_int_equal(c.rc, 0);
    line_of(c.out, "rt_b16_4x4", "1024x1024x1024", line, sizeof line);
    assert_has(line, "1.050x  no samples        noise"); /* B's max reaches into A's [min, max] */
    assert_has(c.out, "note: 33 rows without launch times");
    captured_free(&c);
    run_remove(p.a);
    run_remove(p.b);
}

static int xmllint(const char *file)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "xmllint --noout --schema %s %s 2>/dev/null", XSD, file);
    return system(cmd);
}

static void junit_passes_schema(void **state)
{
    if (system("command -v xmllint >/dev/null 2>&1") != 0) {
        print_message("xmllint not installed (Debian: apt-get install libxml2-utils): JUnit not validated\n");
        skip();
    }
    struct pair p;
    struct captured c;
    char out[128], opt[160];
    make_pair(&p);
    snprintf(out, sizeof out, "%s/diff.xml", p.b);
    snprintf(opt, sizeof opt, "--junit=%s", out);
    csv_drop(p.b, "tr_padded", 1024); /* a row only in A */
    diff(p.a, p.b, opt, "--fail-on=slower>3%", &c);
    assert_int_equal(c.rc, DIFF_EXIT_FAIL);
    captured_free(&c);
    assert_int_equal(xmllint(out), 0);
    char *xml = run_read(p.b, "diff.xml");
    assert_non_null(xml);
    assert_has(xml, "<testsuites name=\"mmprof diff\" tests=\"36\" failures=\"1\" errors=\"0\" skipped=\"4\">");
    assert_has(xml, "<testcase classname=\"mmprof.diff.rt_b16_4x4\" name=\"rt_b16_4x4 1024x1024x1024\"");
    assert_has(xml, "<failure type=\"slower&gt;3%\" message=\"slower&gt;3%: B/A 1.05");
    assert_has(xml, "<skipped message=\"only in A\"/>");
    /* the validator is live: a failure without its message, and a cut file, are refused */
    char *bad = strstr(xml, "<failure type=");
    memcpy(bad, "<failure tipe=", 14);
    FILE *f = fopen(out, "w");
    fputs(xml, f);
    fclose(f);
    assert_int_not_equal(xmllint(out), 0);
    f = fopen(out, "w");
    fwrite(xml, 1, strlen(xml) / 2, f);
    fclose(f);
    assert_int_not_equal(xmllint(out), 0);
    free(xml);
    run_remove(p.a);
    run_remove(p.b);
}

static void json_has_schema_fields(void **state)
{
    struct pair p;
    struct captured c;
    char opt[160], md[160];
    make_pair(&p);
    snprintf(opt, sizeof opt, "--json=%s/diff.json", p.b);
    snprintf(md, sizeof md, "--markdown=%s/diff.md", p.b);
    diff(p.a, p.b, opt, md, &c);
    assert_int_equal(c.rc, 0);
    captured_free(&c);
    char *text = run_read(p.b, "diff.json");
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    assert_string_equal(cJSON_GetObjectItem(root, "schema")->valuestring, "mmprof-diff/2");
    assert_true(cJSON_GetObjectItem(root, "threshold_pct")->valuedouble == 4);
    const cJSON *summary = cJSON_GetObjectItem(root, "summary");
    assert_int_equal(cJSON_GetObjectItem(summary, "compared")->valueint, 36);
    assert_int_equal(cJSON_GetObjectItem(summary, "slower")->valueint, 1);
    assert_int_equal(cJSON_GetObjectItem(summary, "without_interval")->valueint, 0);
    const cJSON *row;
    int found = 0;
    cJSON_ArrayForEach(row, cJSON_GetObjectItem(root, "rows"))
    {
        if (strcmp(cJSON_GetObjectItem(row, "variant")->valuestring, "rt_b16_4x4") != 0 ||
            cJSON_GetObjectItem(row, "m")->valueint != 1024)
            continue;
        found = 1;
        assert_string_equal(cJSON_GetObjectItem(row, "time")->valuestring, "slower");
        assert_int_equal(cJSON_GetObjectItem(row, "samples_b")->valueint, 200);
        assert_true(cJSON_GetObjectItem(row, "ratio_lo")->valuedouble > 1.04);
        assert_true(cJSON_IsBool(cJSON_GetObjectItem(row, "significant")));
    }
    assert_true(found);
    cJSON_Delete(root);
    free(text);
    char *mdtext = run_read(p.b, "diff.md");
    assert_has(mdtext, "| `rt_b16_4x4` | 1024x1024x1024 |");
    assert_has(mdtext, "| **SLOWER** |");
    free(mdtext);
    run_remove(p.a);
    run_remove(p.b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_times_drawn_twice_no_change),
        cmocka_unit_test(other_gpu_compares_times),
        cmocka_unit_test(five_pct_slowdown_flagged_noise_not),
        cmocka_unit_test(old_run_falls_back),
        cmocka_unit_test(host_rows_held_to_host_noise),
        cmocka_unit_test(short_kernels_held_to_their_run_to_run_moves),
        cmocka_unit_test(junit_passes_schema),
        cmocka_unit_test(json_has_schema_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
