/* `mmprof analyze` end to end on copies of the synthetic fixture: output
 * formats, exit codes, the one-line messages, and that analysis.csv is
 * either written whole or not at all. */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <fcntl.h>
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
#include "close.h"

#define FIXTURE MMPROF_SOURCE_DIR "/tests/analysis/fixtures/synthetic_run"

struct run {
    int rc;
    char out[65536]; /* what the command printed on stdout */
    char err[4096];  /* ... and on stderr */
};

static void slurp(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, len - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
}

static void copy_file(const char *from, const char *to)
{
    static char buf[1 << 16];
    slurp(from, buf, sizeof buf);
    FILE *f = fopen(to, "wb");
    assert_non_null(f);
    fputs(buf, f);
    fclose(f);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A fresh copy of the fixture (analyze writes into the run directory). */
static void make_run(char *dir, size_t len, int with_files)
{
    snprintf(dir, len, "/tmp/mmprof_analyze_XXXXXX");
    assert_non_null(mkdtemp(dir));
    if (!with_files)
        return;
    char to[512];
    snprintf(to, sizeof to, "%s/results.csv", dir);
    copy_file(FIXTURE "/results.csv", to);
    snprintf(to, sizeof to, "%s/run.json", dir);
    copy_file(FIXTURE "/run.json", to);
}

static void remove_run(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[600];
    while (d && (e = readdir(d)) != NULL) {
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* Runs cmd_analyze with stdout and stderr captured. */
static void analyze(struct run *r, int argc, const char **argv)
{
    char out[] = "/tmp/mmprof_out_XXXXXX", err[] = "/tmp/mmprof_err_XXXXXX";
    int fo = mkstemp(out), fe = mkstemp(err);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(fo, 1);
    dup2(fe, 2);
    r->rc = cmd_analyze(argc, (char **)argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    close(fo);
    close(fe);
    slurp(out, r->out, sizeof r->out);
    slurp(err, r->err, sizeof r->err);
    unlink(out);
    unlink(err);
}

static int exists(const char *dir, const char *name)
{
    char path[600];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

/* Only results.csv, run.json and (when it succeeded) analysis.csv: never
 * a leftover temporary file. */
static void assert_no_temp_files(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strncmp(e->d_name, ".analysis", 9) == 0)
            fail_msg("temporary file %s left in %s", e->d_name, dir);
    closedir(d);
}

/* An error: exit 2, exactly one line on stderr naming `part`, no analysis.csv. */
static void assert_input_error(const struct run *r, const char *dir, const char *part)
{
    assert_int_equal(r->rc, 2);
    if (!strstr(r->err, part))
        fail_msg("stderr '%s' does not mention '%s'", r->err, part);
    const char *nl = strchr(r->err, '\n');
    assert_true(nl != NULL && nl[1] == '\0');
    if (dir) {
        assert_false(exists(dir, "analysis.csv"));
        assert_no_temp_files(dir);
    }
}

static void table_by_default(void **state)
{
    char dir[64];
    struct run r;
    make_run(dir, sizeof dir, 1);
    write_file(dir, "analysis.csv", "stale,partial"); /* replaced whole */
    const char *argv[] = {"analyze", dir};
    analyze(&r, 2, argv);
    assert_int_equal(r.rc, 0);
    assert_string_equal(r.err, "");
    assert_non_null(strstr(r.out, "theoretical vs measured CGMA"));
    assert_non_null(strstr(r.out, "rt_b16_2x2"));
    assert_non_null(strstr(r.out, "launch geometry on Synthetic GPU"));
    static char csv[65536];
    char path[600];
    snprintf(path, sizeof path, "%s/analysis.csv", dir);
    slurp(path, csv, sizeof csv);
    assert_int_equal(strncmp(csv, "variant,family,M,N,K,", 21), 0);
    assert_no_temp_files(dir);
    remove_run(dir);
}

/* The committed examples: every table line within 120 columns (a long
 * kernel name or reason gets lines of its own), and analysis.csv's params
 * whole (a profiled launch's kernel, pid, grid and NVTX path). */
static void examples_fit_and_keep_params(void **state)
{
    static const char *const examples[] = {MMPROF_SOURCE_DIR "/examples/seeds",
                                           MMPROF_SOURCE_DIR "/examples/profile-h200"};
    for (size_t e = 0; e < 2; e++) {
        char dir[64], from[600], to[600];
        struct run r;
        make_run(dir, sizeof dir, 0);
        for (int i = 0; i < 2; i++) {
            snprintf(from, sizeof from, "%s/%s", examples[e], i ? "run.json" : "results.csv");
            snprintf(to, sizeof to, "%s/%s", dir, i ? "run.json" : "results.csv");
            copy_file(from, to);
        }
        const char *argv[] = {"analyze", dir};
        analyze(&r, 2, argv);
        assert_int_equal(r.rc, 0);
        for (const char *line = r.out; *line;) {
            size_t n = strcspn(line, "\n");
            if (n > 120)
                fail_msg("%s: a line of %zu columns: %.*s", examples[e], n, (int)n, line);
            line += n + (line[n] == '\n');
        }
        if (e == 1) {
            static char csv[1 << 16];
            snprintf(from, sizeof from, "%s/analysis.csv", dir);
            slurp(from, csv, sizeof csv);
            /* the first launch's params as results.csv has them, 192 characters */
            assert_non_null(strstr(csv, ";pid=4754;launch=1;grid=8,16,1;block=128,1,1;stream=7;nvtx=gemm;gpu_ms=0.064352"));
        }
        remove_run(dir);
    }
}

static void csv_format_prints_the_file(void **state)
{
    char dir[64], path[600];
    static struct run r;
    static char csv[65536];
    make_run(dir, sizeof dir, 1);
    const char *argv[] = {"analyze", "--format", "csv", dir};
    analyze(&r, 4, argv);
    assert_int_equal(r.rc, 0);
    snprintf(path, sizeof path, "%s/analysis.csv", dir);
    slurp(path, csv, sizeof csv);
    assert_string_equal(r.out, csv);
    remove_run(dir);
}

/* --findings: a finding and a next step per kernel instead of the tables,
 * from the rules of analysis/rules.def. */
static void findings(void **state)
{
    char dir[64];
    static struct run r;
    make_run(dir, sizeof dir, 1);
    const char *argv[] = {"analyze", dir, "--findings"};
    analyze(&r, 3, argv);
    assert_int_equal(r.rc, 0);
    assert_string_equal(r.err, "");
    assert_null(strstr(r.out, "theoretical vs measured CGMA"));
    const char *line = strstr(r.out, "rt_b16_2x2 ");
    assert_non_null(line);
    assert_non_null(strstr(line, "\n  next: "));
    assert_non_null(strstr(line, "[idle_sms]"));
    const char *tr = strstr(r.out, "tr_naive 256x512");
    assert_non_null(tr);
    assert_non_null(strstr(tr, "\n  ladder: each warp's stores touch 32 sectors"));
    remove_run(dir);
}

static void json_format(void **state)
{
    char dir[64];
    static struct run r;
    make_run(dir, sizeof dir, 1);
    const char *argv[] = {"analyze", dir, "--format", "json"};
    analyze(&r, 4, argv);
    assert_int_equal(r.rc, 0);
    cJSON *root = cJSON_Parse(r.out);
    assert_non_null(root);
    const cJSON *rows = cJSON_GetObjectItemCaseSensitive(root, "rows");
    assert_int_equal(cJSON_GetArraySize(rows), 8);
    const cJSON *first = cJSON_GetArrayItem(rows, 0);
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(first, "variant")->valuestring, "rt_b16_2x2");
    assert_close(cJSON_GetObjectItemCaseSensitive(first, "theory_cgma_flop_per_word")->valuedouble, 25.6, 1e-12);
    const cJSON *copy = cJSON_GetArrayItem(rows, 2);
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(copy, "meas_cgma_thread_flop_per_word")));
    cJSON_Delete(root);
    remove_run(dir);
}

static void help(void **state)
{
    static struct run r;
    const char *argv[] = {"analyze", "--help"};
    analyze(&r, 2, argv);
    assert_int_equal(r.rc, 0);
    assert_non_null(strstr(r.out, "usage: mmprof analyze RUN"));
}

static void usage_errors(void **state)
{
    static struct run r;
    const char *unknown[] = {"analyze", "--bogus", FIXTURE};
    analyze(&r, 3, unknown);
    assert_input_error(&r, NULL, "unknown option '--bogus'");
    const char *format[] = {"analyze", "--format", "xml", FIXTURE};
    analyze(&r, 4, format);
    assert_input_error(&r, NULL, "unknown format 'xml'");
    const char *no_value[] = {"analyze", FIXTURE, "--format"};
    analyze(&r, 3, no_value);
    assert_input_error(&r, NULL, "needs a value");
    const char *none[] = {"analyze"};
    analyze(&r, 1, none);
    assert_input_error(&r, NULL, "no run directory given");
    const char *two[] = {"analyze", FIXTURE, FIXTURE};
    analyze(&r, 3, two);
    assert_input_error(&r, NULL, "more than one run directory");
}

static void missing_inputs(void **state)
{
    static struct run r;
    char dir[64];
    const char *missing[] = {"analyze", "/nonexistent/mmprof-run"};
    analyze(&r, 2, missing);
    assert_input_error(&r, NULL, "is not a directory");
    make_run(dir, sizeof dir, 0);
    const char *argv[] = {"analyze", dir};
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "no results.csv");
    char from[600];
    snprintf(from, sizeof from, "%s/results.csv", dir);
    copy_file(FIXTURE "/results.csv", from);
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "run.json");
    write_file(dir, "run.json", "{\"device\": {\"sm_count\": 1");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "not a JSON object");
    remove_run(dir);
}

/* Malformed results.csv: one line naming the problem, exit 2. */
static void malformed_results(void **state)
{
    static struct run r;
    char dir[64];
    make_run(dir, sizeof dir, 1);
    const char *argv[] = {"analyze", dir};
    write_file(dir, "results.csv", "variant,family,M,N,K,status\nnaive,matmul,64,64\n");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "line 2 has 4 fields");
    write_file(dir, "results.csv", "variant,family,M,N,K,status\nnaive,matmul,abc,64,64,ok\n");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "M 'abc' is not a whole number");
    write_file(dir, "results.csv", "variant,family,M,N,K,status\nnaive,matmul,3000000000,64,64,ok\n");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "M '3000000000' is not a whole number from 1 to 2147483647");
    write_file(dir, "results.csv", "variant,family,M,N,K,status\nnaive,matmul,64,64,0,ok\n");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "K '0'");
    write_file(dir, "results.csv", "variant,M,N,K\nnaive,1,1,1\n");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "no 'family' column");
    write_file(dir, "results.csv", "");
    analyze(&r, 2, argv);
    assert_input_error(&r, dir, "empty");
    remove_run(dir);
}

/* A run whose collection wrote only the header: nothing to analyse, not an
 * error; analysis.csv holds the header. */
static void header_only(void **state)
{
    static struct run r;
    char dir[64];
    make_run(dir, sizeof dir, 1);
    write_file(dir, "results.csv", "variant,family,M,N,K,status\n");
    const char *argv[] = {"analyze", dir};
    analyze(&r, 2, argv);
    assert_int_equal(r.rc, 0);
    assert_true(exists(dir, "analysis.csv"));
    remove_run(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_by_default), cmocka_unit_test(csv_format_prints_the_file),
        cmocka_unit_test(examples_fit_and_keep_params),
        cmocka_unit_test(json_format),
        cmocka_unit_test(findings),      cmocka_unit_test(help),
        cmocka_unit_test(usage_errors),     cmocka_unit_test(missing_inputs),
        cmocka_unit_test(malformed_results), cmocka_unit_test(header_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
