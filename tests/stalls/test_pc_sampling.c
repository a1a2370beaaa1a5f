/* Test of pc_sampling.c through a fake CUPTI table: a module load hands over
 * a cubin, GetData hands out a committed sample of parsed PC records in two
 * batches, and the SASS-to-source correlation answers from a committed table
 * (pc offset -> line). Checks the rows, the drain, the not-issued reasons and
 * that Disable follows every successful Enable. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "collector/cupti/cupti_api.h"
#include "collector/cupti/pc_sampling.h"

static const char cubin_bytes[] = "\x7f" "ELF fake cubin";
#define CUBIN_CRC 0xc0ffeeULL

/* The correlation table of the committed sample: pc offset -> line. */
static const struct {
    uint64_t pc;
    uint32_t line;
} lines[] = {{0x100, 17}, {0x110, 19}, {0x120, 19}};

/* The committed sample: reason indexes 0 selected, 1 long_scoreboard, 2 long_scoreboard_not_issued. */
static const char *const reason_names[] = {"smsp__pcsamp_warps_issue_stalled_selected",
                                           "smsp__pcsamp_warps_issue_stalled_long_scoreboard",
                                           "smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued"};
static const struct {
    uint64_t pc;
    uint32_t samples[3];
} records[] = {{0x100, {4, 0, 0}}, {0x110, {1, 30, 25}}, {0x120, {0, 10, 8}}, {0x200, {2, 0, 0}}};
#define NRECORDS (sizeof records / sizeof records[0])

static struct {
    CUpti_CallbackFunc cb;
    void *user;
    int enabled, started, launched, enables, disables, subscribed;
    int module_known; /* the module loaded while PC sampling was enabled */
    size_t next_record, get_data_calls;
    const char *fail;
    CUptiResult fail_code;
    int buffer_full;
    unsigned period;
    char *name; /* CUPTI mallocs a function's name once and shares it between records */
} f;

static const char fn_name[] = "_Z8mm_naivePKfS0_Pfiii";

static int failing(const char *call)
{
    return f.fail && strcmp(f.fail, call) == 0;
}
#define FAKE(call)                                                                                                 \
    do {                                                                                                           \
        if (failing(call))                                                                                         \
            return f.fail_code;                                                                                    \
    } while (0)

static cudaError_t count(int *n)
{
    *n = 1;
    return cudaSuccess;
}
static cudaError_t set_device(int d)
{
    (void)d;
    return cudaSuccess;
}
static cudaError_t device_free(void *p)
{
    (void)p;
    return cudaSuccess;
}
static const char *cuda_string(cudaError_t e)
{
    (void)e;
    return "fake";
}
static CUresult ctx_current(CUcontext *c)
{
    *c = (CUcontext)&f;
    return CUDA_SUCCESS;
}
static CUptiResult CUPTIAPI result_string(CUptiResult r, const char **s)
{
    *s = r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES ? "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES" : "CUPTI_ERROR_UNKNOWN";
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI subscribe(CUpti_SubscriberHandle *s, CUpti_CallbackFunc cb, void *user)
{
    FAKE("subscribe");
    f.cb = cb;
    f.user = user;
    f.subscribed = 1;
    *s = (CUpti_SubscriberHandle)&f;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI unsubscribe(CUpti_SubscriberHandle s)
{
    (void)s;
    f.subscribed = 0;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI enable_callback(uint32_t on, CUpti_SubscriberHandle s, CUpti_CallbackDomain d,
                                            CUpti_CallbackId id)
{
    (void)s;
    assert_int_equal(on, 1);
    assert_int_equal(d, CUPTI_CB_DOMAIN_RESOURCE);
    assert_int_equal(id, CUPTI_CBID_RESOURCE_MODULE_LOADED);
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI pcs_enable(CUpti_PCSamplingEnableParams *p)
{
    assert_int_equal(p->size, CUpti_PCSamplingEnableParamsSize);
    FAKE("pcs_enable");
    f.enabled = 1;
    f.enables++;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI pcs_disable(CUpti_PCSamplingDisableParams *p)
{
    (void)p;
    f.enabled = 0;
    f.disables++;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI num_reasons(CUpti_PCSamplingGetNumStallReasonsParams *p)
{
    assert_true(f.enabled); /* every PC sampling call after Enable */
    *p->numStallReasons = 3;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI get_reasons(CUpti_PCSamplingGetStallReasonsParams *p)
{
    assert_true(f.enabled);
    for (size_t i = 0; i < p->numStallReasons; i++) {
        p->stallReasonIndex[i] = (uint32_t)i;
        strcpy(p->stallReasons[i], reason_names[i]);
    }
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI set_config(CUpti_PCSamplingConfigurationInfoParams *p)
{
    assert_true(f.enabled);
    int mode = 0, startstop = 0;
    for (size_t i = 0; i < p->numAttributes; i++) {
        CUpti_PCSamplingConfigurationInfo *a = &p->pPCSamplingConfigurationInfo[i];
        if (a->attributeType == CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE)
            mode = a->attributeData.collectionModeData.collectionMode == CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS;
        if (a->attributeType == CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL)
            startstop = a->attributeData.enableStartStopControlData.enableStartStopControl == 1;
        if (a->attributeType == CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD)
            f.period = a->attributeData.samplingPeriodData.samplingPeriod;
    }
    assert_true(mode && startstop);
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI pcs_start(CUpti_PCSamplingStartParams *p)
{
    (void)p;
    FAKE("pcs_start");
    f.started = 1;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI pcs_stop(CUpti_PCSamplingStopParams *p)
{
    (void)p;
    f.started = 0;
    return CUPTI_SUCCESS;
}
/* Two records per call while any are left, then an empty buffer. */
static CUptiResult CUPTIAPI get_data(CUpti_PCSamplingGetDataParams *p)
{
    CUpti_PCSamplingData *b = p->pcSamplingData;
    f.get_data_calls++;
    assert_false(f.started); /* drained after Stop */
    if (f.buffer_full) {
        b->hardwareBufferFull = 1;
        return CUPTI_ERROR_OUT_OF_MEMORY;
    }
    size_t n = 0;
    if (!f.module_known) { /* as CUPTI: samples of another module's kernels, no PC */
        b->totalNumPcs = b->remainingNumPcs = 0;
        b->totalSamples = f.next_record++ < NRECORDS ? 100 : 0;
        return CUPTI_SUCCESS;
    }
    if (!f.name) /* CUPTI's allocation, handed over with the first record */
        f.name = strdup(fn_name);
    while (n < 2 && f.next_record < NRECORDS && n < b->collectNumPcs) {
        CUpti_PCSamplingPCData *pc = &b->pPcData[n++];
        size_t r = f.next_record++;
        pc->cubinCrc = records[r].pc == 0x200 ? 0xbad : CUBIN_CRC; /* 0x200: a cubin never loaded */
        pc->pcOffset = records[r].pc;
        pc->functionName = f.name;
        pc->stallReasonCount = 0;
        for (uint32_t j = 0; j < 3; j++)
            pc->stallReason[pc->stallReasonCount++] = (CUpti_PCSamplingStallReason){j, records[r].samples[j]};
    }
    b->totalNumPcs = n;
    b->remainingNumPcs = NRECORDS - f.next_record;
    b->totalSamples = n ? 100 : 0;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI cubin_crc(CUpti_GetCubinCrcParams *p)
{
    assert_int_equal(p->size, CUpti_GetCubinCrcParamsSize);
    assert_memory_equal(p->cubin, cubin_bytes, sizeof cubin_bytes);
    p->cubinCrc = CUBIN_CRC;
    return CUPTI_SUCCESS;
}
static CUptiResult CUPTIAPI sass_to_source(CUpti_GetSassToSourceCorrelationParams *p)
{
    assert_string_equal(p->functionName, fn_name);
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        if (lines[i].pc == p->pcOffset) {
            p->lineNumber = lines[i].line;
            p->fileName = strdup("kernels/matmul_naive.cu");
            p->dirName = strdup("/src");
            return CUPTI_SUCCESS;
        }
    return CUPTI_ERROR_INVALID_PARAMETER;
}

static const struct cupti_api fake_api = {
    .get_device_count = count, .set_device = set_device, .device_free = device_free,
    .cuda_error_string = cuda_string, .ctx_get_current = ctx_current, .result_string = result_string,
    .error_message = result_string, .subscribe = subscribe, .unsubscribe = unsubscribe,
    .enable_callback = enable_callback, .pcs_enable = pcs_enable, .pcs_disable = pcs_disable,
    .pcs_get_num_stall_reasons = num_reasons, .pcs_get_stall_reasons = get_reasons, .pcs_set_config = set_config,
    .pcs_start = pcs_start, .pcs_stop = pcs_stop, .pcs_get_data = get_data, .get_cubin_crc = cubin_crc,
    .sass_to_source = sass_to_source,
};

static int launch(void *ctx)
{
    (void)ctx;
    assert_true(f.started); /* the kernel runs inside the sampling range */
    f.launched++;
    return 0;
}

static void module_loaded(void)
{
    CUpti_ModuleResourceData m = {.moduleId = 1, .cubinSize = sizeof cubin_bytes, .pCubin = cubin_bytes};
    CUpti_ResourceData rd = {.resourceDescriptor = &m};
    f.cb(f.user, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_MODULE_LOADED, &rd);
    f.module_known = f.enabled;
}

static int setup(void **state)
{
    (void)state;
    memset(&f, 0, sizeof f);
    cupti_api_install(&fake_api);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cupti_api_install(NULL);
    return 0;
}

static unsigned long long samples_of(const struct pcs_result *r, uint64_t pc, const char *stall)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->rows[i].pc_offset == pc && strcmp(r->rows[i].stall, stall) == 0)
            return r->rows[i].samples;
    return 0;
}

static void samples_become_rows(void **state)
{
    (void)state;
    struct pcs_session *s;
    struct pcs_result r;
    char err[512];
    assert_int_equal(pcs_open(&s, 0, err, sizeof err), PROFILER_OK);
    assert_int_equal(pcs_attach(s, NULL, err, sizeof err), PROFILER_OK);
    module_loaded();
    assert_int_equal(pcs_cubins(s), 1);
    pcs_pause(s); /* the Range Profiler's turn; the module stays known */
    assert_int_equal(f.disables, 1);
    assert_int_equal(pcs_sample(s, 9, launch, NULL, &r, err, sizeof err), PROFILER_OK);
    assert_int_equal(f.enables, 2); /* enabled again to sample */
    assert_int_equal(f.launched, 1);
    assert_int_equal(f.period, 9);
    assert_int_equal(f.disables, 1); /* stays enabled for the next kernel's first launch */
    assert_int_equal(f.get_data_calls, 3); /* 2 + 2 records, then the empty call */
    /* 4 + 31 + 18 + 2 samples in 7 non-zero (pc, reason) pairs */
    assert_int_equal(r.n, 7);
    assert_int_equal(samples_of(&r, 0x110, "long_scoreboard"), 30);
    assert_int_equal(samples_of(&r, 0x110, "long_scoreboard_not_issued"), 25);
    assert_int_equal(samples_of(&r, 0x120, "selected"), 0); /* zero counts make no row */
    for (size_t i = 0; i < r.n; i++) {
        const struct source_row *row = &r.rows[i];
        assert_string_equal(row->function, fn_name);
        if (row->pc_offset == 0x200) { /* its cubin was never loaded: no line */
            assert_string_equal(row->file, "");
            assert_int_equal(row->line, 0);
        } else {
            assert_string_equal(row->file, "/src/kernels/matmul_naive.cu");
            assert_int_equal(row->line, row->pc_offset == 0x100 ? 17 : 19);
        }
    }
    assert_int_equal(r.pcs_without_line, 1);
    assert_int_equal(r.total_samples, 200);
    pcs_result_free(&r);
    pcs_close(s);
    assert_int_equal(f.disables, 2);
    assert_false(f.subscribed);
}

/* A module loaded before PC sampling was enabled: CUPTI counts its samples
 * but gives no PC (they are "other kernels'"); without pcs_attach, pcs_sample
 * refuses and says why. */
static void module_loaded_before_enable_has_no_pcs(void **state)
{
    (void)state;
    struct pcs_session *s;
    struct pcs_result r;
    char err[512];
    assert_int_equal(pcs_open(&s, 0, err, sizeof err), PROFILER_OK);
    module_loaded();
    assert_int_equal(pcs_sample(s, 9, launch, NULL, &r, err, sizeof err), PROFILER_ERROR);
    assert_non_null(strstr(err, "not attached"));
    pcs_result_free(&r);
    assert_int_equal(pcs_attach(s, NULL, err, sizeof err), PROFILER_OK);
    assert_int_equal(pcs_sample(s, 9, launch, NULL, &r, err, sizeof err), PROFILER_OK);
    assert_int_equal(r.n, 0);
    assert_true(r.total_samples > 0);
    pcs_result_free(&r);
    pcs_close(s);
}

static void close_disables_after_a_failed_start(void **state)
{
    (void)state;
    struct pcs_session *s;
    struct pcs_result r;
    char err[512];
    assert_int_equal(pcs_open(&s, 0, err, sizeof err), PROFILER_OK);
    assert_int_equal(pcs_attach(s, NULL, err, sizeof err), PROFILER_OK);
    f.fail = "pcs_start";
    f.fail_code = CUPTI_ERROR_UNKNOWN;
    assert_int_equal(pcs_sample(s, 0, launch, NULL, &r, err, sizeof err), PROFILER_ERROR);
    assert_non_null(strstr(err, "cuptiPCSamplingStart"));
    assert_int_equal(f.launched, 0);
    pcs_result_free(&r);
    pcs_close(s);
    assert_int_equal(f.disables, 1);
    assert_false(f.enabled);
}

static void full_hardware_buffer_says_the_fix(void **state)
{
    (void)state;
    struct pcs_session *s;
    struct pcs_result r;
    char err[512];
    assert_int_equal(pcs_open(&s, 0, err, sizeof err), PROFILER_OK);
    assert_int_equal(pcs_attach(s, NULL, err, sizeof err), PROFILER_OK);
    f.buffer_full = 1;
    assert_int_equal(pcs_sample(s, 5, launch, NULL, &r, err, sizeof err), PROFILER_ERROR);
    assert_non_null(strstr(err, "longer sampling period"));
    pcs_result_free(&r);
    pcs_close(s);
    assert_int_equal(f.disables, 1);
}

static void refusals_keep_their_status(void **state)
{
    (void)state;
    struct pcs_session *s;
    char err[512];
    f.fail = "subscribe";
    f.fail_code = CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED;
    assert_int_equal(pcs_open(&s, 0, err, sizeof err), PROFILER_MULTIPLE_SUBSCRIBERS);
    assert_null(s);
    assert_non_null(strstr(err, "cuptiSubscribe"));
    f.fail = "pcs_enable";
    f.fail_code = CUPTI_ERROR_INSUFFICIENT_PRIVILEGES;
    assert_int_equal(pcs_open(&s, 0, err, sizeof err), PROFILER_OK);
    assert_int_equal(pcs_attach(s, NULL, err, sizeof err), PROFILER_INSUFFICIENT_PRIVILEGES);
    pcs_close(s);
    assert_int_equal(f.disables, 0); /* Enable failed: nothing to disable */
}

static void period_follows_the_kernel(void **state)
{
    (void)state;
    assert_int_equal(pcs_period_log2(0, 1755), PCS_PERIOD_MIN); /* not timed: ncu's interval */
    assert_int_equal(pcs_period_log2(10, -1), PCS_PERIOD_MIN);
    /* 10 ms at 1755 MHz: 17.55M cycles / 150 = 117000 -> 2^16 */
    assert_int_equal(pcs_period_log2(10, 1755), 16);
    assert_int_equal(pcs_period_log2(0.001, 1755), PCS_PERIOD_MIN);
    assert_int_equal(pcs_period_log2(1e12, 1755), PCS_PERIOD_MAX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(samples_become_rows, setup, teardown),
        cmocka_unit_test_setup_teardown(close_disables_after_a_failed_start, setup, teardown),
        cmocka_unit_test_setup_teardown(module_loaded_before_enable_has_no_pcs, setup, teardown),
        cmocka_unit_test_setup_teardown(full_hardware_buffer_says_the_fix, setup, teardown),
        cmocka_unit_test_setup_teardown(refusals_keep_their_status, setup, teardown),
        cmocka_unit_test(period_follows_the_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
