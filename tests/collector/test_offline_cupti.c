/* The real CUPTI Profiler Host API with a chip name and no GPU: every name of
 * every group and of split_safe.txt exists on GH100, the pass counts DESIGN.md
 * relies on and the default set's config images. Runs on machines with no GPU
 * and no NVIDIA driver (CI). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collector/cupti/config_plan.h"
#include "collector/cupti/host_config.h"
#include "collector/cupti/metric_group.h"
#include "collector/cupti/profiler.h"
#include "collector/cupti/split_safe.h"
#include "common/metric_class.h"

#define CHIP "GH100"

static size_t passes_of(const char *spec)
{
    struct metric_set ms;
    char err[1024];
    size_t passes = 0;
    metric_set_init(&ms);
    if (metric_set_parse(&ms, spec, err, sizeof err) != METRIC_SET_OK)
        fail_msg("%s: %s", spec, err);
    enum profiler_status st = profiler_offline_check(CHIP, &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err);
    if (st != PROFILER_OK)
        fail_msg("%s on %s: %s (%s)", spec, CHIP, err, profiler_status_name(st));
    printf("# %-60.60s %2zu metrics, %zu passes on %s\n", spec, ms.nraw, passes, CHIP);
    metric_set_free(&ms);
    return passes;
}

static void default_group_costs_five_passes(void **state)
{
    assert_int_equal(passes_of("default"), 5);
}

/* The default set on GH100: l1tex__t_bytes.sum, which CUPTI scales from part
 * of the units in an image it splits, in a one-pass image with the counters
 * that fit beside it, all exact counts (its replay needs no L2 flush); every
 * other counter in one image that CUPTI splits over 4 passes: 2 Range Profiler
 * objects for the 5 passes that took 5 one-pass images. CUPTI's split of the
 * whole set in one image takes 5 passes too. */
/* The default set's plan on CHIP, scheduled how. */
static void default_plan(struct metric_set *ms, struct config_plan *plan, enum profiler_schedule how)
{
    char err[1024];
    metric_set_init(ms);
    assert_int_equal(metric_set_parse(ms, "default", err, sizeof err), METRIC_SET_OK);
    assert_int_equal(config_plan_build(plan, cupti_api(), CHIP, NULL, -1, ms->raw, ms->nraw, how, err, sizeof err),
                     PROFILER_OK);
}

static void default_group_plan(void **state)
{
    struct metric_set ms;
    struct config_plan plan;
    char err[1024];
    size_t passes = 0, configs = 0;
    default_plan(&ms, &plan, PROFILER_WHOLE_COUNTERS);
    assert_int_equal(plan.ngroups, 2);
    assert_int_equal(plan.passes, 5);
    const struct config_group *whole = &plan.group[0], *split = &plan.group[1];
    assert_int_equal(whole->passes, 1);
    assert_int_equal(whole->n, 3);
    assert_string_equal(whole->names[0], "l1tex__t_bytes.sum");
    for (size_t j = 0; j < whole->n; j++)
        assert_int_equal(metric_class_of(whole->names[j]), METRIC_EXACT);
    assert_int_equal(split->passes, 4);
    assert_int_equal(split->n, ms.nraw - 3);
    for (size_t j = 0; j < split->n; j++)
        assert_true(split_safe(CHIP, split->names[j]));
    config_plan_free(&plan);
    assert_int_equal(profiler_offline_check(CHIP, &ms, PROFILER_ONE_IMAGE, &passes, &configs, err,
                                            sizeof err),
                     PROFILER_OK);
    assert_int_equal(configs, 1);
    assert_int_equal(passes, 5);
    metric_set_free(&ms);
}

/* The default set in one-pass images (application replay): 5 images, and the
 * first, whose run has CUPTI's kernel records on, holds no elapsed-class and
 * no SASS-patched counter (exact l1tex counts here); the elapsed class and
 * the SASS counters sit in images measured without the records. */
static void one_pass_plan_times_a_quiet_image(void **state)
{
    (void)state;
    struct metric_set ms;
    struct config_plan plan;
    default_plan(&ms, &plan, PROFILER_ONE_PASS_IMAGES);
    assert_int_equal(plan.ngroups, 5);
    size_t elapsed_in = plan.ngroups, sass_in = plan.ngroups;
    for (size_t k = 0; k < plan.ngroups; k++) {
        assert_int_equal(plan.group[k].passes, 1);
        for (size_t j = 0; j < plan.group[k].n; j++) {
            if (metric_class_of(plan.group[k].names[j]) == METRIC_ELAPSED)
                elapsed_in = k;
            if (metric_is_sass_patched(plan.group[k].names[j]))
                sass_in = k;
        }
    }
    assert_true(elapsed_in > 0 && elapsed_in < plan.ngroups);
    assert_true(sass_in > 0 && sass_in < plan.ngroups);
    for (size_t j = 0; j < plan.group[0].n; j++)
        assert_int_equal(metric_class_of(plan.group[0].names[j]), METRIC_EXACT);
    config_plan_free(&plan);
    metric_set_free(&ms);
}

struct listed {
    const char *names[64];
    size_t n;
};

static void collect_listed(const char *counter, void *ctx)
{
    struct listed *l = ctx;
    assert_true(l->n < 64);
    l->names[l->n++] = strdup(counter);
}

/* split_safe.txt: every counter listed for GH100 exists there; the reader
 * finds them by exact name and chip, and not l1tex__t_bytes.sum. */
static void split_safe_names_exist(void **state)
{
    struct listed l = {.n = 0};
    split_safe_foreach(CHIP, collect_listed, &l);
    assert_true(l.n >= 28);
    struct host h;
    char err[1024];
    assert_int_equal(host_open(&h, cupti_api(), CHIP, NULL, -1, err, sizeof err), PROFILER_OK);
    if (host_check_names(&h, l.names, l.n, NULL, err, sizeof err) != PROFILER_OK)
        fail_msg("split_safe.txt: %s", err);
    host_close(&h);
    assert_true(split_safe(CHIP, "dram__bytes_read.sum"));
    assert_false(split_safe(CHIP, "dram__bytes_read"));
    assert_false(split_safe(CHIP, "l1tex__t_bytes.sum"));
    assert_false(split_safe("GA100", "dram__bytes_read.sum"));
    for (size_t i = 0; i < l.n; i++)
        free((char *)l.names[i]);
}

static void every_group_is_valid(void **state)
{
    for (size_t g = 0; g < metric_group_count(); g++)
        assert_true(passes_of(metric_group_name(g)) >= 1);
}

/* DESIGN.md's facts: the probe's 20-metric set costs 5 passes, sm__throughput alone 8. */
static void design_pass_counts(void **state)
{
    assert_int_equal(passes_of("gpu__time_duration.sum,gld_requests,gld_transactions,"
                               "gst_requests,gst_transactions,shared_load_transactions,"
                               "shared_store_transactions,shared_ld_bank_conflict,"
                               "shared_st_bank_conflict,l2_tex_read_transactions,"
                               "l2_tex_write_transactions,dram_read_bytes,dram_write_bytes,"
                               "achieved_occupancy,ipc,flop_count_sp_fma,flop_count_sp_add,"
                               "flop_count_sp_mul,sm_efficiency,sm__cycles_active.avg"),
                     5);
    assert_int_equal(passes_of("sm__throughput.avg.pct_of_peak_sustained_elapsed"), 8);
}

static void chip_name_any_case(void **state)
{
    struct metric_set ms;
    char err[512];
    size_t passes;
    metric_set_init(&ms);
    assert_int_equal(metric_set_parse(&ms, "ipc", err, sizeof err), METRIC_SET_OK);
    assert_int_equal(profiler_offline_check("gh100", &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err), PROFILER_OK);
    assert_int_equal(passes, 1);
    metric_set_free(&ms);
}

static void unknown_metric_names_the_closest(void **state)
{
    struct metric_set ms;
    char err[1024];
    size_t passes;
    metric_set_init(&ms);
    assert_int_equal(metric_set_parse(&ms, "ipc,dram__bytes_reed.sum,lts__t_sectors_op_raed.sum",
                                      err, sizeof err),
                     METRIC_SET_OK);
    assert_int_equal(profiler_offline_check(CHIP, &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err),
                     PROFILER_BAD_METRIC);
    printf("# %s\n", err);
    assert_non_null(strstr(err, "'dram__bytes_reed.sum'"));
    assert_non_null(strstr(err, "chip GH100"));
    assert_non_null(strstr(err, "dram__bytes_read.sum"));
    assert_non_null(strstr(err, "'lts__t_sectors_op_raed.sum'")); /* the second one too */
    metric_set_free(&ms);

    /* wrong rollup: the rollups of the base are offered */
    metric_set_init(&ms);
    assert_int_equal(metric_set_parse(&ms, "dram__bytes_read.summ", err, sizeof err),
                     METRIC_SET_OK);
    assert_int_equal(profiler_offline_check(CHIP, &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err),
                     PROFILER_BAD_METRIC);
    printf("# %s\n", err);
    assert_non_null(strstr(err, "dram__bytes_read.sum"));
    metric_set_free(&ms);
}

/* CUPTI's properties call accepts a bare base name that a config then rejects:
 * the host check must refuse it first. */
static void bare_base_name_is_refused(void **state)
{
    struct host h;
    char err[1024];
    assert_int_equal(host_open(&h, cupti_api(), CHIP, NULL, -1, err, sizeof err), PROFILER_OK);
    const char *names[] = {"dram__bytes"};
    assert_int_equal(host_check_names(&h, names, 1, NULL, err, sizeof err), PROFILER_BAD_METRIC);
    printf("# %s\n", err);
    assert_non_null(strstr(err, "dram__bytes.sum"));
    host_close(&h);
}

static void unknown_chip(void **state)
{
    struct metric_set ms;
    char err[1024];
    size_t passes;
    metric_set_init(&ms);
    assert_int_equal(metric_set_parse(&ms, "ipc", err, sizeof err), METRIC_SET_OK);
    assert_int_equal(profiler_offline_check("GX999", &ms, PROFILER_WHOLE_COUNTERS, &passes, NULL, err, sizeof err),
                     PROFILER_UNSUPPORTED_CHIP);
    assert_non_null(strstr(err, "GX999"));
    assert_non_null(strstr(err, "GH100")); /* the known chips are listed */
    metric_set_free(&ms);
}

static void list_chip_metrics(void **state)
{
    char *buf = NULL;
    size_t len = 0;
    char err[512];
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    assert_int_equal(metrics_list_chip(out, CHIP, "dram__bytes_r*", err, sizeof err), PROFILER_OK);
    fclose(out);
    fputs(buf, stdout);
    assert_non_null(strstr(buf, "dram__bytes_read "));
    assert_non_null(strstr(buf, "byte"));
    assert_non_null(strstr(buf, "# of bytes read from DRAM"));
    assert_null(strstr(buf, "dram__bytes_write"));
    free(buf);

    out = open_memstream(&buf, &len);
    assert_int_equal(metrics_list_chip(out, "GX999", NULL, err, sizeof err),
                     PROFILER_UNSUPPORTED_CHIP);
    fclose(out);
    free(buf);
}

int main(void)
{
#ifdef __SANITIZE_ADDRESS__
    /* CUPTI dlopens libnvperf_host.so with RTLD_DEEPBIND, which the ASan runtime
     * refuses (google/sanitizers#611): this test can only run unsanitized. */
    puts("SKIP: CUPTI's host library cannot be loaded under AddressSanitizer");
    return 77;
#endif
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(default_group_costs_five_passes),
        cmocka_unit_test(default_group_plan),
        cmocka_unit_test(one_pass_plan_times_a_quiet_image),
        cmocka_unit_test(split_safe_names_exist),
        cmocka_unit_test(every_group_is_valid),
        cmocka_unit_test(design_pass_counts),
        cmocka_unit_test(chip_name_any_case),
        cmocka_unit_test(unknown_metric_names_the_closest),
        cmocka_unit_test(bare_base_name_is_refused),
        cmocka_unit_test(unknown_chip),
        cmocka_unit_test(list_chip_metrics),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
