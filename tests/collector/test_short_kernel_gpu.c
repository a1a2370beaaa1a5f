/* A short kernel's elapsed-normalised counters are the kernel's alone: for
 * naive at 512^3 (about 50 us), collect's sm_efficiency
 * (smsp__cycles_active.avg.pct_of_peak_sustained_elapsed) must stay within
 * 2 points of Nsight Compute's, the kernel-only reference, and its elapsed
 * cycles within 10 %. A range that held launch overhead or the wait for the
 * kernel would read far lower. Medians of five runs of each tool, both after
 * collect's L2 flush (launch --l2-flush --profile-flush, as
 * scripts/ncu-crosscheck.sh does); launch verifies the kernel on its buffers
 * before the profiled launch, as collect does before its counters, since a
 * first launch on fresh buffers runs longer. Kernels well under 50 us move by
 * a few points from run to run under either tool, so the kernel is not
 * shorter (docs/fidelity.md has the figures).
 * Skips (77) without a GPU or without ncu (NCU, PATH, /usr/local/cuda/bin). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <cuda_runtime_api.h>

#include "common/table.h"

#define SM_EFFICIENCY "smsp__cycles_active.avg.pct_of_peak_sustained_elapsed"
#define ELAPSED "sm__cycles_elapsed.avg"
#define VARIANT "naive"
#define SHAPE "512,512,512"
#define RUNS 5

static char ncu[1024];
static char work[] = "/tmp/mmprof-short-kernel-XXXXXX";

static int find_ncu(void)
{
    const char *env = getenv("NCU");
    if (env && *env) {
        snprintf(ncu, sizeof ncu, "%s", env);
        return access(ncu, X_OK) == 0;
    }
    if (system("command -v ncu > /dev/null 2>&1") == 0) {
        snprintf(ncu, sizeof ncu, "ncu");
        return 1;
    }
    snprintf(ncu, sizeof ncu, "/usr/local/cuda/bin/ncu");
    return access(ncu, X_OK) == 0;
}

static void run(const char *cmd)
{
    printf("  $ %s\n", cmd);
    fflush(stdout);
    if (system(cmd) != 0)
        fail_msg("command failed: %s", cmd);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ncu writes "7,556" for 7556. */
static double number(const char *cell)
{
    char digits[64];
    size_t k = 0;
    for (const char *c = cell; *c && k + 1 < sizeof digits; c++)
        if (*c != ',')
            digits[k++] = *c;
    digits[k] = '\0';
    char *end;
    double v = strtod(digits, &end);
    return k > 0 && *end == '\0' ? v : NAN;
}

static struct table *read_or_fail(const char *path)
{
    char err[512];
    struct table *t = table_read(path, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

/* collect's value of each metric for the variant's row of run r. */
static void collect_run(int r, double *eff, double *elapsed)
{
    char cmd[4096], path[1200];
    snprintf(cmd, sizeof cmd,
             "%s/cli/mmprof collect --profile-only --no-ceilings --variants " VARIANT
             " --mnk " SHAPE " --metrics " SM_EFFICIENCY "," ELAPSED " --out %s/collect-%d > %s/collect-%d.log 2>&1",
             MMPROF_BINARY_DIR, work, r, work, r);
    run(cmd);
    snprintf(path, sizeof path, "%s/collect-%d/results.csv", work, r);
    struct table *t = read_or_fail(path);
    assert_int_equal(t->nrows, 1);
    *eff = table_num(t, 0, table_col(t, SM_EFFICIENCY));
    *elapsed = table_num(t, 0, table_col(t, ELAPSED));
    table_free(t);
}

/* ncu's values for the variant's kernel (the flush kernel's rows dropped). */
static void ncu_run(int r, double *eff, double *elapsed)
{
    char cmd[4096], path[1200];
    snprintf(cmd, sizeof cmd,
             "%s --csv --page raw --replay-mode application --cache-control all --clock-control none --profile-from-start off "
             "--metrics " SM_EFFICIENCY "," ELAPSED " %s/cli/mmprof launch " VARIANT " --mnk " SHAPE
             " --l2-flush --profile-flush > %s/ncu-%d.csv 2> %s/ncu-%d.log",
             ncu, MMPROF_BINARY_DIR, work, r, work, r);
    run(cmd);
    snprintf(path, sizeof path, "%s/ncu-%d.csv", work, r);
    /* ncu may print "==PROF==" lines before the table: keep from the header on. */
    char clean[1300];
    snprintf(clean, sizeof clean, "%s/ncu-%d-table.csv", work, r);
    snprintf(cmd, sizeof cmd, "sed -n '/^\"ID\"/,$p' %s > %s", path, clean);
    run(cmd);
    struct table *t = read_or_fail(clean);
    int name = table_col(t, "Kernel Name"), ce = table_col(t, SM_EFFICIENCY), cc = table_col(t, ELAPSED);
    assert_true(name >= 0 && ce >= 0 && cc >= 0);
    size_t found = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        const char *k = table_str(t, i, name);
        if (!*k || strncmp(k, "l2_", 3) == 0) /* the units row, the flush */
            continue;
        *eff = number(table_str(t, i, ce));
        *elapsed = number(table_str(t, i, cc));
        found++;
    }
    table_free(t);
    assert_int_equal(found, 1);
}

static void sm_efficiency_is_the_kernels(void **state)
{
    (void)state;
    double eff_mm[RUNS], cyc_mm[RUNS], eff_ncu[RUNS], cyc_ncu[RUNS];
    assert_non_null(mkdtemp(work));
    for (int r = 0; r < RUNS; r++) {
        collect_run(r, &eff_mm[r], &cyc_mm[r]);
        ncu_run(r, &eff_ncu[r], &cyc_ncu[r]);
        printf("  run %d: sm_efficiency %.2f / %.2f %%, elapsed %.0f / %.0f cycles (mmprof / ncu)\n", r + 1,
               eff_mm[r], eff_ncu[r], cyc_mm[r], cyc_ncu[r]);
    }
    double e_mm = median(eff_mm, RUNS), e_ncu = median(eff_ncu, RUNS);
    double c_mm = median(cyc_mm, RUNS), c_ncu = median(cyc_ncu, RUNS);
    printf("  median: sm_efficiency %.2f / %.2f %%, elapsed %.0f / %.0f cycles\n", e_mm, e_ncu, c_mm, c_ncu);
    assert_false(isnan(e_mm) || isnan(e_ncu) || isnan(c_mm) || isnan(c_ncu));
    if (fabs(e_mm - e_ncu) > 2)
        fail_msg(VARIANT " sm_efficiency %.2f %% is %.2f points from ncu's kernel-only %.2f %%", e_mm,
                 e_mm - e_ncu, e_ncu);
    if (fabs(c_mm / c_ncu - 1) > 0.10)
        fail_msg(VARIANT " elapsed %.0f cycles is %+.1f %% from ncu's %.0f", c_mm, 100 * (c_mm / c_ncu - 1),
                 c_ncu);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", work);
    run(cmd);
}

int main(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
        printf("SKIP: no CUDA device\n");
        return 77;
    }
    if (!find_ncu()) {
        printf("SKIP: Nsight Compute (ncu) not found; set NCU=/path/to/ncu\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sm_efficiency_is_the_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
