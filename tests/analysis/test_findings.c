/* The bound verdict (verdict.h) and the findings of findings.def on
 * hand-made rows: each finding fires on a row that trips it and not on a
 * near miss. Then the committed runs: on examples/seeds no kernel is "bound
 * by" a unit it uses at under 60 % of its roof and no next step names a
 * variant the run measured slower; on examples/profile-h200 every kernel has
 * a verdict and at least one finding. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analysis/analysis.h"
#include "rundir/run_view.h"
#include "analysis/findings.h"
#include "analysis/kernel_facts.h"
#include "analysis/next_step.h"
#include "analysis/roofline.h"
#include "analysis/verdict.h"
#include "rundir/run_dir.h"

/* A kernel that trips nothing: every unit at 10 % of its roof, nothing else measured. */
static struct analysis_row quiet_row(void)
{
    struct analysis_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.variant, sizeof r.variant, "k");
    snprintf(r.family, sizeof r.family, "kernel");
    snprintf(r.status, sizeof r.status, "ok");
    double *nan_fields[] = {&r.ms.runtime_ms, &r.ms.gld_words, &r.ms.gst_words, &r.ms.gld_sectors, &r.ms.gst_sectors,
                            &r.ms.gld_requests, &r.ms.gst_requests, &r.ms.bank_ways_ld, &r.ms.bank_ways_st,
                            &r.ms.achieved_occupancy_pct, &r.ms.ipc, &r.ms.l1_bytes, &r.ms.shared_wavefronts,
                            &r.ms.shared_conflict_wavefronts, &r.ms.fadd, &r.ms.fmul, &r.ms.ffma, &r.ms.counter_ms,
                            &r.geo.threads_per_block, &r.geo.grid_blocks, &r.geo.regs_per_thread,
                            &r.geo.smem_bytes_per_block, &r.geo.blocks_per_sm, &r.geo.theoretical_occupancy_pct,
                            &r.geo.sm_count, &r.geo.waves, &r.launches, &r.time_share_pct, &r.top_stall_pct};
    for (size_t i = 0; i < sizeof nan_fields / sizeof nan_fields[0]; i++)
        *nan_fields[i] = NAN;
    for (int u = 0; u < SOL_UNITS; u++)
        r.sol_pct[u] = 10;
    return r;
}

static int fires(const struct analysis_row *r, const char *id)
{
    struct finding f[FINDINGS_MAX];
    char err[256] = "";
    int n = findings_for(r, f, FINDINGS_MAX, err, sizeof err);
    if (n < 0)
        fail_msg("%s", err);
    for (int i = 0; i < n; i++)
        if (strcmp(f[i].id, id) == 0) {
            assert_true(isfinite(f[i].gain_pct) && f[i].gain_pct >= 0 && f[i].gain_pct <= 100);
            assert_null(strstr(f[i].evidence, "?")); /* every figure it quotes is known */
            return 1;
        }
    return 0;
}

static void verdict_needs_60_pct(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.sol_pct[SOL_FP32] = 14;
    r.sol_pct[SOL_L1_SHARED] = 59.6;
    struct verdict v = analysis_verdict(&r);
    assert_int_equal(v.kind, VERDICT_LATENCY);
    assert_int_equal(v.unit, SOL_L1_SHARED);
    char text[256];
    verdict_text(&r, text, sizeof text);
    assert_non_null(strstr(text, "latency-bound"));
    assert_non_null(strstr(text, "59.6 %")); /* not "60 %" under "below 60 %" */
    r.sol_pct[SOL_L1_SHARED] = 93;
    v = analysis_verdict(&r);
    assert_int_equal(v.kind, VERDICT_BOUND);
    assert_string_equal(verdict_word(&r), "L1/shared");
    snprintf(r.top_stall, sizeof r.top_stall, "long_scoreboard");
    r.top_stall_pct = 43;
    r.sol_pct[SOL_L1_SHARED] = 20;
    verdict_text(&r, text, sizeof text);
    assert_non_null(strstr(text, "top stall long_scoreboard (43 % of samples)"));
    snprintf(r.status, sizeof r.status, "failed");
    assert_int_equal(analysis_verdict(&r).kind, VERDICT_UNKNOWN);
}

static void quiet_row_has_no_finding(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    struct finding f[FINDINGS_MAX];
    char err[256];
    assert_int_equal(findings_for(&r, f, FINDINGS_MAX, err, sizeof err), 0);
}

static void coalescing(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.sol_pct[SOL_L2] = 50;
    r.ms.gld_words = 8 * 100, r.ms.gld_sectors = 400, r.ms.gld_requests = 100; /* 25 % used */
    r.ms.gst_words = 8 * 100, r.ms.gst_sectors = 100, r.ms.gst_requests = 25;  /* coalesced */
    assert_true(fires(&r, "uncoalesced_loads"));
    assert_false(fires(&r, "uncoalesced_stores"));
    r.ms.gld_sectors = 110; /* 91 % used */
    assert_false(fires(&r, "uncoalesced_loads"));
    r.ms.gst_sectors = 800;
    assert_true(fires(&r, "uncoalesced_stores"));
}

static void bank_conflicts(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.sol_pct[SOL_L1_SHARED] = 40;
    r.ms.l1_bytes = 0, r.ms.shared_wavefronts = 1000, r.ms.shared_conflict_wavefronts = 500;
    r.ms.bank_ways_st = 2.27, r.ms.bank_ways_ld = 1.0;
    assert_true(fires(&r, "bank_conflicts_stores"));
    assert_false(fires(&r, "bank_conflicts_loads"));
    r.ms.bank_ways_st = 1.1;
    assert_false(fires(&r, "bank_conflicts_stores"));
    r.ms.bank_ways_ld = 32.2; /* tr_coalesced's column reads */
    assert_true(fires(&r, "bank_conflicts_loads"));
    r.sol_pct[SOL_L1_SHARED] = 0; /* conflicts on a pipe the kernel hardly uses: no time to gain */
    assert_false(fires(&r, "bank_conflicts_loads"));
}

static void occupancy_limits(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.geo.theoretical_occupancy_pct = 25, r.geo.blocks_per_sm = 2, r.geo.threads_per_block = 256;
    r.geo.regs_per_thread = 128, r.geo.smem_bytes_per_block = 0;
    snprintf(r.geo.limiter, sizeof r.geo.limiter, "registers");
    assert_true(fires(&r, "occupancy_registers"));
    assert_false(fires(&r, "occupancy_shared"));
    snprintf(r.geo.limiter, sizeof r.geo.limiter, "shared");
    assert_true(fires(&r, "occupancy_shared"));
    assert_false(fires(&r, "occupancy_registers"));
    r.geo.theoretical_occupancy_pct = 75; /* 3 of 4 warps' slots: not the limit to lift first */
    assert_false(fires(&r, "occupancy_shared"));
    r.geo.theoretical_occupancy_pct = 25;
    snprintf(r.geo.limiter, sizeof r.geo.limiter, "blocks");
    assert_true(fires(&r, "occupancy_block_size"));
    r.geo.theoretical_occupancy_pct = 100; /* full occupancy: no limit to lift */
    assert_false(fires(&r, "occupancy_block_size"));
    r.geo.theoretical_occupancy_pct = 25;
    for (int u = 0; u < SOL_UNITS; u++)
        r.sol_pct[u] = 99; /* at its roofs: more warps would not help */
    assert_false(fires(&r, "occupancy_block_size"));
}

static void blocks_and_waves(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.geo.sm_count = 132, r.geo.grid_blocks = 4;
    assert_true(fires(&r, "too_few_blocks"));
    r.geo.grid_blocks = 264, r.geo.blocks_per_sm = 1, r.geo.waves = 2.0;
    assert_false(fires(&r, "too_few_blocks"));
    assert_false(fires(&r, "tail_wave")); /* whole waves */
    r.geo.grid_blocks = 140, r.geo.waves = 140.0 / 132;
    assert_true(fires(&r, "tail_wave"));
}

static void latency(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.ms.achieved_occupancy_pct = 20;
    assert_true(fires(&r, "latency_low_occupancy"));
    assert_false(fires(&r, "latency_bound"));
    r.ms.achieved_occupancy_pct = 80;
    assert_true(fires(&r, "latency_bound"));
    r.sol_pct[SOL_DRAM] = 70; /* bound now: not latency */
    assert_false(fires(&r, "latency_bound"));
}

/* A long hottest line (a library's header) is quoted whole in the evidence. */
static void evidence_quotes_text_whole(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.ms.achieved_occupancy_pct = 20;
    snprintf(r.top_stall, sizeof r.top_stall, "barrier");
    r.top_stall_pct = 27;
    snprintf(r.top_line, sizeof r.top_line, "agent_radix_sort_onesweep.cuh:564");
    r.top_line_pct = 19;
    struct finding f[FINDINGS_MAX];
    char err[256] = "";
    int n = findings_for(&r, f, FINDINGS_MAX, err, sizeof err);
    assert_true(n > 0);
    assert_string_equal(f[0].id, "latency_low_occupancy");
    assert_non_null(strstr(f[0].evidence, "; top stall barrier (27 % of samples), hottest line "
                                          "agent_radix_sort_onesweep.cuh:564 (19 %)"));
}

static void bound_units(void **state)
{
    (void)state;
    static const struct {
        enum sol_unit unit;
        const char *id;
    } units[] = {{SOL_DRAM, "dram_bound"}, {SOL_L2, "l2_bound"}, {SOL_L1_SHARED, "l1_shared_bound"},
                 {SOL_FP32, "fp32_bound"}, {SOL_ISSUE, "issue_bound"}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        struct analysis_row r = quiet_row();
        r.ms.ipc = 1;
        r.ms.flops_executed = 1e9;
        assert_false(fires(&r, units[i].id));
        r.sol_pct[units[i].unit] = 80;
        assert_true(fires(&r, units[i].id));
        r.sol_pct[units[i].unit] = 55; /* under 60 %: not bound by it */
        assert_false(fires(&r, units[i].id));
    }
}

static void l1_shared_without_flops(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.sol_pct[SOL_L1_SHARED] = 65;
    r.ms.flops_executed = 0; /* a transpose */
    assert_true(fires(&r, "l1_shared_bound_data"));
    assert_false(fires(&r, "l1_shared_bound"));
    r.ms.flops_executed = NAN; /* not measured: still one bound finding */
    assert_true(fires(&r, "l1_shared_bound_data"));
}

static void fma_launches_spills(void **state)
{
    (void)state;
    struct analysis_row r = quiet_row();
    r.ms.fadd = 50, r.ms.fmul = 50, r.ms.ffma = 100;
    assert_true(fires(&r, "fma_not_fused"));
    r.ms.fadd = 0, r.ms.fmul = 5;
    assert_false(fires(&r, "fma_not_fused"));
    r.launches = 4, r.ms.runtime_ms = 0.026, r.ms.counter_ms = 0.0158;
    assert_true(fires(&r, "many_short_launches"));
    r.launches = 1;
    assert_false(fires(&r, "many_short_launches"));
    r.geo.regs_per_thread = 255, r.ms.l1_bytes = 1000, r.ms.gld_sectors = 10, r.ms.gst_sectors = 0;
    assert_true(fires(&r, "spilled_to_local"));
    r.geo.regs_per_thread = 64;
    assert_false(fires(&r, "spilled_to_local"));
}

/* The run's view is freed here: the rows hold what the tests read. */
static void load_attached(const char *run, struct analysis *a, struct roofline *roof)
{
    char err[512];
    struct run_view v;
    assert_int_equal(analysis_load(run, RUN_VIEW_SOURCE, &v, a, err, sizeof err), 0);
    roofline_read(v.meta.root, roof);
    assert_int_equal(analysis_attach(a, &v, roof, err, sizeof err), 0);
    run_view_free(&v);
}

static void seeds_verdicts_and_next_steps(void **state)
{
    (void)state;
    struct analysis a;
    struct roofline roof;
    load_attached(MMPROF_SOURCE_DIR "/examples/seeds", &a, &roof);
    size_t bound = 0, steps = 0;
    for (size_t i = 0; i < a.nrows; i++) {
        const struct analysis_row *r = &a.rows[i];
        struct verdict v = analysis_verdict(r);
        for (int u = 0; u < SOL_UNITS; u++)
            assert_false(v.kind != VERDICT_UNKNOWN && r->sol_pct[u] > v.pct); /* the highest unit */
        if (v.kind == VERDICT_BOUND) {
            assert_true(v.pct >= VERDICT_BOUND_PCT);
            bound++;
        }
        if (strcmp(r->variant, "tiled_t32") == 0 && r->m == 2048) /* was "FP32" at 14 % of that roof */
            assert_true(v.kind == VERDICT_BOUND && v.unit == SOL_L1_SHARED);
        struct next_step s;
        char err[256];
        assert_true(next_step_for(&a, &roof, i, &s, err, sizeof err) >= 0);
        if (s.next) {
            assert_false(s.measured_speedup < 1.0);
            steps++;
        }
        if (s.fastest)
            assert_true(s.fastest_speedup >= NEXT_STEP_MIN_SPEEDUP);
    }
    assert_true(bound >= 20 && steps >= 20);
    analysis_free(&a);
}

static void profile_kernels_each_have_findings(void **state)
{
    (void)state;
    struct analysis a;
    struct roofline roof;
    load_attached(MMPROF_SOURCE_DIR "/examples/profile-h200", &a, &roof);
    const struct analysis_row *rows[64];
    assert_true(a.nrows <= 64);
    size_t n = analysis_kernels(&a, rows);
    assert_true(n >= 5 && n <= a.nrows); /* one line a kernel, however many rows it has */
    for (size_t i = 0; i < n; i++) {
        struct finding f[FINDINGS_MAX];
        char err[256];
        assert_int_not_equal(analysis_verdict(rows[i]).kind, VERDICT_UNKNOWN);
        int found = findings_for(rows[i], f, FINDINGS_MAX, err, sizeof err);
        if (found < 1)
            fail_msg("%s has no finding", rows[i]->variant);
        if (i > 0)
            assert_true(rows[i]->time_share_pct <= rows[i - 1]->time_share_pct);
    }
    analysis_free(&a);
}

/* The example app's 9 launches in its 6 rows (each kernel's first launch
 * counted): the sort's onesweep kernel ran 4 times, its row times all 4
 * (runs, total_ms), so it has 4 launches and 53.377 us; the shares add up to
 * 100 % of the 0.413216 ms all launches took. */
static void profile_shares_count_every_launch(void **state)
{
    (void)state;
    struct analysis a;
    struct roofline roof;
    load_attached(MMPROF_SOURCE_DIR "/examples/profile-h200", &a, &roof);
    const struct analysis_row *rows[64];
    size_t n = analysis_kernels(&a, rows);
    double launches = 0, share = 0;
    const struct analysis_row *sweep = NULL, *tiled = NULL;
    for (size_t i = 0; i < n; i++) {
        launches += rows[i]->launches;
        share += rows[i]->time_share_pct;
        if (strstr(rows[i]->variant, "DeviceRadixSortOnesweepKernel"))
            sweep = rows[i];
        if (strcmp(rows[i]->variant, "tiled_t16") == 0)
            tiled = rows[i];
    }
    assert_true(launches == 9);
    assert_true(fabs(share - 100) < 1e-9);
    assert_non_null(sweep);
    assert_true(sweep->launches == 4);
    assert_true(fabs(analysis_kernel_time_ms(&a, sweep) - 0.053377) < 1e-9);
    assert_non_null(tiled);
    assert_true(fabs(tiled->time_share_pct - 100 * 0.278591 / 0.413216) < 1e-6);
    analysis_free(&a);
}

/* A run with --source and datasheet ceilings only: the top stall and hottest
 * line come from source.csv, L1/shared is held to the datasheet's shared
 * bandwidth (the chart draws no such roof), L2 (no roof) is said unknown. */
static void source_run_stalls_and_datasheet_roofs(void **state)
{
    (void)state;
    struct analysis a;
    struct roofline roof;
    load_attached(MMPROF_SOURCE_DIR "/examples/source-h100", &a, &roof);
    assert_false(roof.has_measured);
    assert_true(isnan(roofline_bw_gbs(&roof, ROOF_L1)));
    assert_true(roofline_smem_gbs(&roof) > 30000);
    const struct analysis_row *t = NULL, *n = NULL;
    for (size_t i = 0; i < a.nrows; i++) {
        if (strcmp(a.rows[i].variant, "tiled_t16") == 0)
            t = &a.rows[i];
        if (strcmp(a.rows[i].variant, "naive") == 0)
            n = &a.rows[i];
    }
    assert_non_null(t);
    assert_non_null(n);
    assert_string_equal(t->top_stall, "mio_throttle"); /* the shared-memory pipe: as its verdict says */
    assert_string_equal(t->top_line, "matmul_tiled.cu:26");
    struct verdict v = analysis_verdict(t);
    assert_true(v.kind == VERDICT_BOUND && v.unit == SOL_L1_SHARED);
    char text[512];
    verdict_text(n, text, sizeof text);
    assert_non_null(strstr(text, "not known: L2"));
    assert_non_null(strstr(text, "top stall lg_throttle"));
    analysis_free(&a);
}

/* A library kernel's name longer than the row's buffer still finds its PC
 * samples: the stall of the kernel whose name the cut row starts. */
static void long_names_find_their_samples(void **state)
{
    (void)state;
    char dir[] = "/tmp/mmprof-findings-XXXXXX", path[128], name[301];
    assert_non_null(mkdtemp(dir));
    memset(name, 'k', 300);
    name[300] = '\0';
    snprintf(path, sizeof path, "%s/source.csv", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "variant,M,N,K,function,pc_offset,file,line,stall,samples\n"
               "%s,0,0,0,_Z1kv,0x10,/src/k.cu,7,long_scoreboard,30\n"
               "%s,0,0,0,_Z1kv,0x20,/src/k.cu,8,selected,70\n", name, name);
    fclose(f);
    struct analysis a;
    memset(&a, 0, sizeof a);
    snprintf(a.run_dir, sizeof a.run_dir, "%s", dir);
    struct analysis_row row = quiet_row();
    memcpy(row.variant, name, sizeof row.variant - 1); /* cut, as analysis_load cuts it */
    row.variant[sizeof row.variant - 1] = '\0';
    row.top_stall[0] = row.top_line[0] = '\0';
    a.rows = &row;
    a.nrows = 1;
    cJSON *root = cJSON_CreateObject();
    struct roofline roof;
    roofline_read(root, &roof);
    cJSON_Delete(root);
    char err[256];
    struct run_view v;
    assert_int_equal(run_view_load(dir, RUN_VIEW_SOURCE, &v, err, sizeof err), 0);
    assert_int_equal(analysis_attach(&a, &v, &roof, err, sizeof err), 0);
    run_view_free(&v);
    assert_string_equal(row.top_stall, "long_scoreboard"); /* "selected" issued: no stall */
    assert_true(fabs(row.top_stall_pct - 30) < 1e-9);
    assert_string_equal(row.top_line, "k.cu:8");
    remove(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(verdict_needs_60_pct),  cmocka_unit_test(quiet_row_has_no_finding),
        cmocka_unit_test(coalescing),            cmocka_unit_test(bank_conflicts),
        cmocka_unit_test(occupancy_limits),      cmocka_unit_test(blocks_and_waves),
        cmocka_unit_test(latency), cmocka_unit_test(evidence_quotes_text_whole),               cmocka_unit_test(bound_units),
        cmocka_unit_test(fma_launches_spills),   cmocka_unit_test(l1_shared_without_flops),   cmocka_unit_test(seeds_verdicts_and_next_steps),
        cmocka_unit_test(profile_kernels_each_have_findings),
        cmocka_unit_test(profile_shares_count_every_launch),
        cmocka_unit_test(source_run_stalls_and_datasheet_roofs),
        cmocka_unit_test(long_names_find_their_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
