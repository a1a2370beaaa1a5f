/* The metric table, the groups and metric sets: names, units, aliases, derived
 * values, specs and the errors a user sees. No CUPTI involved. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "assert_double.h"

#include "collector/cupti/metric_group.h"
#include "collector/cupti/metric_table.h"
#include "collector/cupti/metric_set.h"

#define FADD "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum"
#define FMUL "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum"
#define FFMA "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"
#define LD_SECTORS "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
#define LD_REQUESTS "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"

static const char *const units[] = {"request", "sector", "wavefront", "conflict", "byte", "word",
                                    "%", "inst", "inst/cycle", "cycle", "cycle/s", "ns", "flop",
                                    "sector/request"};

/* The default group's counters: DESIGN.md's table. Its columns are these
 * and, after the thread-level bytes, the derived gld_efficiency and
 * gst_efficiency. */
static const char *const default_names[] = {
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "sm__sass_data_bytes_mem_global_op_ld.sum",
    "sm__sass_data_bytes_mem_global_op_st.sum",
    "sm__sass_data_bytes_mem_global_op_ldgsts.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "lts__t_sectors_op_read.sum",
    "lts__t_sectors_op_write.sum",
    "dram__sectors_read.sum",
    "dram__sectors_write.sum",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "sm__inst_executed.avg.per_cycle_active",
    "smsp__cycles_active.avg.pct_of_peak_sustained_elapsed",
    FADD,
    FMUL,
    FFMA,
    "l1tex__t_bytes.sum",
    "lts__t_bytes.sum",
    "dram__bytes.sum",
    "sm__cycles_elapsed.avg",
    "sm__cycles_elapsed.avg.per_second",
};
#define NDEFAULT (sizeof default_names / sizeof default_names[0])

/* The seeds' nvprof names and the Perfworks metric behind each. */
static const struct {
    const char *alias, *perfworks;
} seed_aliases[] = {
    {"gld_transactions", LD_SECTORS},
    {"gst_transactions", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"},
    {"gld_requests", LD_REQUESTS},
    {"gst_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"},
    {"shared_load_transactions", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"},
    {"shared_store_transactions", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"},
    {"shared_ld_bank_conflict", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"},
    {"shared_st_bank_conflict", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"},
    {"l2_read_transactions", "lts__t_sectors_op_read.sum"},
    {"l2_write_transactions", "lts__t_sectors_op_write.sum"},
    {"dram_read_transactions", "dram__sectors_read.sum"},
    {"dram_write_transactions", "dram__sectors_write.sum"},
    {"dram_read_bytes", "dram__bytes_read.sum"},
    {"dram_write_bytes", "dram__bytes_write.sum"},
    {"achieved_occupancy", "sm__warps_active.avg.pct_of_peak_sustained_active"},
    {"ipc", "sm__inst_executed.avg.per_cycle_active"},
    {"sm_efficiency", "smsp__cycles_active.avg.pct_of_peak_sustained_elapsed"},
};

static int teardown_set(void **state)
{
    struct metric_set *ms = *state;
    metric_set_free(ms);
    free(ms);
    return 0;
}

static int setup_set(void **state)
{
    struct metric_set *ms = malloc(sizeof *ms);
    assert_non_null(ms);
    metric_set_init(ms);
    *state = ms;
    return 0;
}

static void parse_ok(struct metric_set *ms, const char *spec)
{
    char err[512];
    int rc = metric_set_parse(ms, spec, err, sizeof err);
    if (rc != METRIC_SET_OK)
        fail_msg("metric_set_parse(\"%s\"): %s", spec, err);
}

static long col_of(const struct metric_set *ms, const char *header)
{
    for (size_t i = 0; i < ms->ncols; i++)
        if (strcmp(ms->cols[i].header, header) == 0)
            return (long)i;
    return -1;
}

static long raw_of(const struct metric_set *ms, const char *name)
{
    for (size_t i = 0; i < ms->nraw; i++)
        if (strcmp(ms->raw[i], name) == 0)
            return (long)i;
    return -1;
}

static void table_is_well_formed(void **state)
{
    size_t n;
    const struct metric_def *t = metric_table(&n);
    if (!t)
        fail_msg("%s", metric_table_error());
    assert_true(n > 40);
    for (size_t i = 0; i < n; i++) {
        int unit_ok = 0;
        for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
            unit_ok |= strcmp(t[i].unit, units[u]) == 0;
        if (!unit_ok)
            fail_msg("%s: unit '%s' is not in the table's vocabulary", t[i].name, t[i].unit);
        assert_true(strlen(t[i].description) > 5);
        for (size_t k = 0; k < n; k++) {
            if (k != i && strcmp(t[i].name, t[k].name) == 0)
                fail_msg("name %s appears twice", t[i].name);
            if (t[i].alias && strcmp(t[i].alias, t[k].name) == 0)
                fail_msg("alias %s is also a metric name", t[i].alias);
            if (k != i && t[i].alias && t[k].alias && strcmp(t[i].alias, t[k].alias) == 0)
                fail_msg("alias %s appears twice", t[i].alias);
        }
        /* Perfworks metrics carry a rollup; derived ones are plain words */
        if (!t[i].formula)
            assert_non_null(strchr(strstr(t[i].name, "__"), '.'));
        else
            assert_null(strstr(t[i].name, "__"));
    }
    /* no group is named like a metric */
    for (size_t g = 0; g < metric_group_count(); g++)
        assert_null(metric_table_find(metric_group_name(g)));
}

/* Every formula compiles and reads only Perfworks metrics that the table knows. */
static void formulas_read_table_metrics(void **state)
{
    struct metric_set *ms = *state;
    size_t n;
    const struct metric_def *t = metric_table(&n);
    for (size_t i = 0; i < n; i++) {
        if (!t[i].formula)
            continue;
        parse_ok(ms, t[i].name);
        assert_int_equal(ms->ncols, 1);
        assert_int_equal(ms->cols[0].kind, METRIC_DERIVED);
        for (size_t r = 0; r < ms->nraw; r++) {
            const struct metric_def *d = metric_table_find(ms->raw[r]);
            if (!d || d->formula || strcmp(d->name, ms->raw[r]) != 0)
                fail_msg("%s reads %s, which is not a Perfworks metric of the table", t[i].name,
                         ms->raw[r]);
        }
    }
}

static void every_group_resolves(void **state)
{
    struct metric_set *ms = *state;
    assert_int_equal(metric_group_count(), 5);
    static const char *const expected[] = {"default", "roofline", "stalls", "nvprof", "l2"};
    for (size_t g = 0; g < 5; g++) {
        const char *text = metric_group_text(expected[g]);
        assert_non_null(text);
        char shortline[256];
        assert_true(strlen(metric_group_short(text, shortline, sizeof shortline)) > 10);
        parse_ok(ms, expected[g]);
        assert_true(ms->ncols > 5);
        for (size_t r = 0; r < ms->nraw; r++)
            assert_null(strstr(ms->raw[r], "sm__throughput")); /* 8 passes alone */
    }
}

static void default_group_is_the_design_table(void **state)
{
    struct metric_set *ms = *state;
    parse_ok(ms, "default");
    assert_int_equal(ms->nraw, NDEFAULT);
    assert_int_equal(ms->ncols, NDEFAULT + 2);
    for (size_t i = 0; i < NDEFAULT; i++) {
        assert_string_equal(ms->raw[i], default_names[i]);
        long c = col_of(ms, default_names[i]); /* header = Perfworks name */
        assert_true(c >= 0);
        assert_int_equal(ms->cols[c].kind, METRIC_RAW);
        assert_true(ms->cols[c].unit[0] != '\0');
    }
    /* the efficiencies come from counters already in the set: no SASS-patched
       sector counts (docs/fidelity.md) */
    for (size_t i = 0; i < ms->ncols; i++) {
        if (ms->cols[i].kind == METRIC_RAW)
            continue;
        assert_true(strcmp(ms->cols[i].name, "gld_efficiency") == 0 ||
                    strcmp(ms->cols[i].name, "gst_efficiency") == 0);
        assert_string_equal(ms->cols[i].unit, "%");
    }
    assert_true(raw_of(ms, "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct") < 0);
    assert_string_equal(ms->cols[col_of(ms, "dram__bytes_read.sum")].unit, "byte");
    assert_string_equal(ms->cols[col_of(ms, LD_SECTORS)].unit, "sector");
    assert_string_equal(ms->cols[col_of(ms, "sm__warps_active.avg.pct_of_peak_sustained_active")].unit,
                        "%");
}

static void seed_aliases_collect_perfworks_metrics(void **state)
{
    struct metric_set *ms = *state;
    for (size_t i = 0; i < sizeof seed_aliases / sizeof seed_aliases[0]; i++) {
        parse_ok(ms, seed_aliases[i].alias);
        assert_int_equal(ms->nraw, 1);
        assert_string_equal(ms->raw[0], seed_aliases[i].perfworks);
        char header[256];
        snprintf(header, sizeof header, "%s (%s)", seed_aliases[i].perfworks,
                 seed_aliases[i].alias);
        assert_string_equal(ms->headers[0], header);
        assert_string_equal(ms->cols[0].name, seed_aliases[i].alias);
    }
    /* the example: both columns, labelled with both names */
    parse_ok(ms, "gld_transactions,achieved_occupancy");
    assert_int_equal(ms->ncols, 2);
    assert_string_equal(ms->headers[0], LD_SECTORS " (gld_transactions)");
    assert_string_equal(ms->headers[1],
                        "sm__warps_active.avg.pct_of_peak_sustained_active (achieved_occupancy)");
    assert_string_equal(ms->cols[1].unit, "%");
}

static void derived_values_from_raw_values(void **state)
{
    struct metric_set *ms = *state;
    parse_ok(ms, "flop_count_sp,gld_accesses,gld_transactions_per_request,gld_transactions");
    assert_int_equal(ms->ncols, 4);
    /* flop_count_sp needs 3 counters, gld_accesses 1, the ratio 2 (one shared) */
    assert_int_equal(ms->nraw, 6);
    assert_true(strncmp(ms->headers[0], "flop_count_sp = ", 16) == 0);
    assert_non_null(strstr(ms->headers[0], "2 * " FFMA));
    assert_string_equal(ms->cols[0].unit, "flop");
    assert_string_equal(ms->cols[1].unit, "word");

    double raw[6], col[4];
    raw[raw_of(ms, FADD)] = 3;
    raw[raw_of(ms, FMUL)] = 5;
    raw[raw_of(ms, FFMA)] = 7;
    raw[raw_of(ms, "sm__sass_data_bytes_mem_global_op_ld.sum")] = 400;
    raw[raw_of(ms, LD_SECTORS)] = 100;
    raw[raw_of(ms, LD_REQUESTS)] = 25;
    metric_set_evaluate(ms, raw, col);
    assert_double_equal(col[0], 3 + 5 + 2 * 7, 0);
    assert_double_equal(col[1], 100, 0); /* 400 bytes = 100 four-byte words */
    assert_double_equal(col[2], 4, 0);
    assert_double_equal(col[3], 100, 0);

    raw[raw_of(ms, LD_REQUESTS)] = 0; /* a kernel without loads: no ratio */
    raw[raw_of(ms, FMUL)] = NAN;      /* a value CUPTI could not evaluate */
    metric_set_evaluate(ms, raw, col);
    assert_true(isnan(col[2]));
    assert_true(isnan(col[0]));
    assert_double_equal(col[1], 100, 0);

    /* FLOPs at 2048^3 as the seeds count them: 2 M N K from FFMA alone */
    parse_ok(ms, "flop_count_sp");
    double big[3] = {0, 0, 0};
    big[raw_of(ms, FFMA)] = 8589934592.0;
    metric_set_evaluate(ms, big, col);
    assert_double_equal(col[0], 2.0 * 2048 * 2048 * 2048, 0);

    /* Global load efficiency over every global load, cp.async copies
       included: the L1TEX sectors count them, the _op_ld bytes do not. The
       inputs are ncu's at 1001x2999x703 (H100, examples/ncu-crosscheck); ncu's
       SASS-patched smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct read
       70.15 for naive and 0 for best (it sees no LDG there; docs/fidelity.md,
       "cp.async"). */
    parse_ok(ms, "gld_efficiency,gst_efficiency");
    assert_int_equal(ms->nraw, 5);
    assert_string_equal(ms->cols[0].unit, "%");
    long ld_bytes = raw_of(ms, "sm__sass_data_bytes_mem_global_op_ld.sum");
    long copy_bytes = raw_of(ms, "sm__sass_data_bytes_mem_global_op_ldgsts.sum");
    double eff[5], eff_col[2];
    eff[ld_bytes] = 8706213516.0; /* naive */
    eff[copy_bytes] = 0;
    eff[raw_of(ms, LD_SECTORS)] = 387817430;
    eff[raw_of(ms, "sm__sass_data_bytes_mem_global_op_st.sum")] = 4;
    eff[raw_of(ms, "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum")] = 0; /* no stores */
    metric_set_evaluate(ms, eff, eff_col);
    assert_double_equal(eff_col[0], 70.15, 0.005);
    assert_true(isnan(eff_col[1]));
    eff[ld_bytes] = 0; /* best */
    eff[copy_bytes] = 101243248;
    eff[raw_of(ms, LD_SECTORS)] = 4550340;
    metric_set_evaluate(ms, eff, eff_col);
    assert_double_equal(eff_col[0], 69.53, 0.005);
}

static void unknown_names_suggest_the_closest(void **state)
{
    struct metric_set *ms = *state;
    char err[512];
    parse_ok(ms, "ipc");
    assert_int_equal(metric_set_parse(ms, "gld_transacions", err, sizeof err),
                     METRIC_SET_BAD_SPEC);
    assert_int_equal(METRIC_SET_BAD_SPEC, 2); /* the CLI exits with it */
    assert_non_null(strstr(err, "'gld_transacions'"));
    assert_non_null(strstr(err, "closest: gld_transactions"));
    assert_int_equal(ms->ncols, 1); /* unchanged */

    assert_int_equal(metric_set_parse(ms, "dram_read", err, sizeof err), METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "dram_read_bytes"));
    assert_non_null(strstr(err, "dram_read_transactions"));

    assert_int_equal(metric_set_parse(ms, "defualt", err, sizeof err), METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "default"));

    assert_int_equal(metric_set_parse(ms, "ipc,qqqqqqqqqq", err, sizeof err),
                     METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "'qqqqqqqqqq'"));
    assert_null(strstr(err, "closest"));
    assert_non_null(strstr(err, "mmprof info --metrics"));

    /* a Perfworks base name without rollup cannot be collected */
    assert_int_equal(metric_set_parse(ms, "dram__bytes", err, sizeof err), METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "rollup"));

    /* DESIGN.md: launch__* metrics are Nsight Compute-only */
    assert_int_equal(metric_set_parse(ms, "launch__grid_size", err, sizeof err),
                     METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "Nsight Compute-only"));

    assert_int_equal(metric_set_parse(ms, " , ", err, sizeof err), METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "empty"));
    assert_int_equal(ms->ncols, 1);
}

static void perfworks_names_outside_the_table(void **state)
{
    struct metric_set *ms = *state;
    parse_ok(ms, "sm__warps_launched.sum, dram__bytes_read.sum");
    assert_int_equal(ms->ncols, 2);
    assert_string_equal(ms->headers[0], "sm__warps_launched.sum");
    assert_string_equal(ms->cols[0].unit, ""); /* the chip tells (profiler_column_unit) */
    assert_string_equal(ms->cols[1].unit, "byte");
}

static void add_extends_and_dedups(void **state)
{
    struct metric_set *ms = *state;
    char err[512];
    parse_ok(ms, "default");
    size_t nraw = ms->nraw, ncols = ms->ncols;
    assert_int_equal(metric_set_add(ms, "dram__bytes_read.sum", err, sizeof err), METRIC_SET_OK);
    assert_int_equal(ms->ncols, ncols); /* already there */
    assert_int_equal(metric_set_add(ms, "flop_count_sp,gld_transactions", err, sizeof err),
                     METRIC_SET_OK);
    assert_int_equal(ms->nraw, nraw); /* both are computed from collected counters */
    assert_int_equal(ms->ncols, ncols + 2);
    assert_string_equal(ms->headers[ncols + 1], LD_SECTORS " (gld_transactions)");

    /* a failing add leaves the set as it was */
    assert_int_equal(metric_set_add(ms, "stall_sync,nosuchmetric", err, sizeof err),
                     METRIC_SET_BAD_SPEC);
    assert_int_equal(ms->nraw, nraw);
    assert_int_equal(ms->ncols, ncols + 2);
    for (size_t i = 0; i < ms->ncols; i++)
        assert_ptr_equal(ms->headers[i], ms->cols[i].header);
}

static void list_files(void **state)
{
    struct metric_set *ms = *state;
    char err[512];
    char path[] = "/tmp/mmprof_metrics_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("# my metrics\nipc, gld_transactions\n  dram__bytes_read.sum # trailing comment\n", f);
    fclose(f);
    char spec[64];
    snprintf(spec, sizeof spec, "@%s", path);
    parse_ok(ms, spec);
    assert_int_equal(ms->ncols, 3);
    assert_string_equal(ms->raw[2], "dram__bytes_read.sum");

    /* a group-shaped file: only the METRICS section counts */
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("SHORT mine\nMETRICS\nflop_count_sp\nLONG\nipc is not collected here\n", f);
    fclose(f);
    parse_ok(ms, spec);
    assert_int_equal(ms->ncols, 1);
    assert_int_equal(ms->nraw, 3);
    unlink(path);

    assert_int_equal(metric_set_parse(ms, "@/nonexistent/metrics.txt", err, sizeof err),
                     METRIC_SET_BAD_SPEC);
    assert_non_null(strstr(err, "/nonexistent/metrics.txt"));
}

static void groups_and_names_mix(void **state)
{
    struct metric_set *ms = *state;
    parse_ok(ms, "default,flop_count_sp,stall_sync");
    assert_int_equal(ms->ncols, NDEFAULT + 2 + 2); /* + gld/gst_efficiency */
    assert_int_equal(ms->nraw, NDEFAULT + 2); /* stall_sync reads two new counters */
}

static void listing(void **state)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    assert_int_equal(metrics_list_table(out, "dram_read"), 0);
    assert_int_equal(metrics_list_groups(out), 0);
    fclose(out);
    assert_non_null(strstr(buf, "dram__bytes_read.sum"));
    assert_non_null(strstr(buf, "dram_read_bytes"));
    assert_null(strstr(buf, "gld_transactions"));
    assert_non_null(strstr(buf, "roofline"));
    assert_non_null(strstr(buf, "stalls"));
    free(buf);
    assert_true(metric_pattern_match("dram__*read*", "dram__bytes_read"));
    assert_false(metric_pattern_match("dram__*read", "dram__bytes_write"));
    assert_true(metric_pattern_match("BYTES", "dram__bytes_read"));
    assert_true(metric_pattern_match(NULL, "x"));
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup_set, teardown_set)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_is_well_formed),
        T(formulas_read_table_metrics),
        T(every_group_resolves),
        T(default_group_is_the_design_table),
        T(seed_aliases_collect_perfworks_metrics),
        T(derived_values_from_raw_values),
        T(unknown_names_suggest_the_closest),
        T(perfworks_names_outside_the_table),
        T(add_extends_and_dedups),
        T(list_files),
        T(groups_and_names_mix),
        cmocka_unit_test(listing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
