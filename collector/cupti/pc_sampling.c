/* pcs_open / pcs_sample / pcs_close (pc_sampling.h): the CUPTI PC Sampling
 * call sequence, the cubins kept from module loads, and the rows made from
 * CUPTI's parsed PC records.
 *
 * Invariants: every CUPTI call goes through the cupti_api table (tests fake
 * it); the configured sampling buffer lives as long as PC sampling may be
 * enabled (pcs_close disables, then frees it); the function names CUPTI
 * allocates may be shared between records of later launches, so they are
 * freed once, at pcs_close. */
#include "collector/cupti/pc_sampling.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collector/cupti/cupti_error.h"
#include "collector/cupti/profiler_impl.h"

#define PCS_BATCH_PCS 4096             /* PCs per GetData buffer */
#define PCS_SCRATCH_BYTES ((size_t)8 << 20) /* CUPTI's default 1 MB holds about 5500 PCs */
#define PCS_MAX_DRAINS 100000          /* GetData calls before a drain is called stuck */

struct cubin {
    char *bytes;
    size_t size;
    uint64_t crc;
    int crc_known;
};

struct pcs_session {
    const struct cupti_api *api;
    int device;
    CUpti_SubscriberHandle sub;
    int subscribed;
    struct cubin *cubins;
    size_t ncubins, cubins_cap;
    size_t cubins_lost; /* module loads whose cubin could not be copied (no memory) */
    char **cupti_names; /* function names CUPTI allocated, freed at close */
    size_t nnames, names_cap;
    size_t nreasons;
    uint32_t *reason_index;
    char **reason_names; /* nreasons x CUPTI_STALL_REASON_STRING_SIZE */
    CUcontext ctx;       /* pcs_attach's */
    int enabled;         /* cuptiPCSamplingEnable holds on ctx */
    CUpti_PCSamplingData config_buf; /* configured on ctx: lives while enabled */
    CUpti_PCSamplingData data_buf;   /* GetData's */
};

unsigned pcs_period_log2(double kernel_ms, double sm_mhz)
{
    if (!(kernel_ms > 0) || !(sm_mhz > 0))
        return PCS_PERIOD_MIN;
    double per_sample = kernel_ms * 1e3 * sm_mhz / PCS_SAMPLES_PER_SM; /* cycles */
    double p = per_sample >= 1 ? floor(log2(per_sample)) : 0;
    if (p < PCS_PERIOD_MIN)
        return PCS_PERIOD_MIN;
    return p > PCS_PERIOD_MAX ? PCS_PERIOD_MAX : (unsigned)p;
}

void pcs_module_loaded(struct pcs_session *s, const void *cubin, size_t size)
{
    if (!cubin || size == 0)
        return;
    if (s->ncubins == s->cubins_cap) {
        size_t cap = s->cubins_cap ? 2 * s->cubins_cap : 8;
        struct cubin *c = realloc(s->cubins, cap * sizeof *c);
        if (!c) {
            s->cubins_lost++;
            return;
        }
        s->cubins = c;
        s->cubins_cap = cap;
    }
    char *bytes = malloc(size);
    if (!bytes) {
        s->cubins_lost++;
        return;
    }
    memcpy(bytes, cubin, size);
    s->cubins[s->ncubins++] = (struct cubin){bytes, size, 0, 0};
}

/* Runs on the thread that loads a module. No CUPTI call here. */
static void CUPTIAPI on_resource(void *user, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void *data)
{
    const CUpti_ResourceData *rd = data;
    if (domain != CUPTI_CB_DOMAIN_RESOURCE || id != CUPTI_CBID_RESOURCE_MODULE_LOADED || !rd)
        return;
    const CUpti_ModuleResourceData *m = rd->resourceDescriptor;
    if (m)
        pcs_module_loaded(user, m->pCubin, m->cubinSize);
}

static enum profiler_status fail_at(const struct pcs_session *s, CUptiResult r, const char *call, char *err,
                                    size_t err_len)
{
    struct failure_site site = {call, s->device, NULL};
    return cupti_fail(s->api, r, &site, err, err_len);
}

struct pcs_session *pcs_new(int cuda_device)
{
    struct pcs_session *s = calloc(1, sizeof *s);
    if (s) {
        s->api = cupti_api();
        s->device = cuda_device;
    }
    return s;
}

enum profiler_status pcs_open(struct pcs_session **out, int cuda_device, char *err, size_t err_len)
{
    struct pcs_session *s = pcs_new(cuda_device);
    *out = NULL;
    if (!s) {
        snprintf(err, err_len, "out of memory opening PC sampling");
        return PROFILER_ERROR;
    }
    enum profiler_status st = profiler_check_device(s->api, cuda_device, err, err_len);
    CUptiResult r = CUPTI_SUCCESS;
    if (st == PROFILER_OK && (r = s->api->subscribe(&s->sub, on_resource, s)) != CUPTI_SUCCESS)
        st = fail_at(s, r, "cuptiSubscribe", err, err_len);
    s->subscribed = st == PROFILER_OK;
    if (st == PROFILER_OK &&
        (r = s->api->enable_callback(1, s->sub, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_MODULE_LOADED)) !=
            CUPTI_SUCCESS)
        st = fail_at(s, r, "cuptiEnableCallback(CUPTI_CBID_RESOURCE_MODULE_LOADED)", err, err_len);
    if (st != PROFILER_OK) {
        pcs_close(s);
        return st;
    }
    *out = s;
    return PROFILER_OK;
}

size_t pcs_cubins(const struct pcs_session *s)
{
    return s->ncubins;
}

static void free_reasons(struct pcs_session *s)
{
    for (size_t i = 0; s->reason_names && i < s->nreasons; i++)
        free(s->reason_names[i]);
    free(s->reason_names);
    free(s->reason_index);
    s->reason_names = NULL;
    s->reason_index = NULL;
    s->nreasons = 0;
}

/* The stall reasons of the context (all of them are sampled). */
static enum profiler_status read_reasons(struct pcs_session *s, CUcontext ctx, char *err, size_t err_len)
{
    size_t n = 0;
    free_reasons(s);
    CUpti_PCSamplingGetNumStallReasonsParams np = {.size = CUpti_PCSamplingGetNumStallReasonsParamsSize};
    np.ctx = ctx;
    np.numStallReasons = &n;
    CUptiResult r = s->api->pcs_get_num_stall_reasons(&np);
    if (r != CUPTI_SUCCESS)
        return fail_at(s, r, "cuptiPCSamplingGetNumStallReasons", err, err_len);
    if (n == 0) {
        snprintf(err, err_len, "CUPTI: cuptiPCSamplingGetNumStallReasons reports no stall reasons on device %d; "
                 "PC sampling needs compute capability 7.0 or newer and a driver that matches CUPTI", s->device);
        return PROFILER_UNSUPPORTED_CHIP;
    }
    s->reason_index = calloc(n, sizeof *s->reason_index);
    s->reason_names = calloc(n, sizeof *s->reason_names);
    for (size_t i = 0; s->reason_names && i < n; i++)
        if (!(s->reason_names[i] = calloc(CUPTI_STALL_REASON_STRING_SIZE, 1)))
            break;
    s->nreasons = n;
    if (!s->reason_index || !s->reason_names || !s->reason_names[n - 1]) {
        snprintf(err, err_len, "out of memory for %zu stall reason names", n);
        return PROFILER_ERROR;
    }
    CUpti_PCSamplingGetStallReasonsParams rp = {.size = CUpti_PCSamplingGetStallReasonsParamsSize};
    rp.ctx = ctx;
    rp.numStallReasons = n;
    rp.stallReasonIndex = s->reason_index;
    rp.stallReasons = s->reason_names;
    r = s->api->pcs_get_stall_reasons(&rp);
    return r == CUPTI_SUCCESS ? PROFILER_OK : fail_at(s, r, "cuptiPCSamplingGetStallReasons", err, err_len);
}

static const char *reason_name(const struct pcs_session *s, uint32_t index)
{
    for (size_t i = 0; i < s->nreasons; i++)
        if (s->reason_index[i] == index)
            return source_stall_short(s->reason_names[i]);
    return NULL;
}

/* A buffer of PCS_BATCH_PCS PC records, each with room for every reason. */
static int buffer_alloc(CUpti_PCSamplingData *b, size_t nreasons)
{
    memset(b, 0, sizeof *b);
    b->size = sizeof *b;
    b->collectNumPcs = PCS_BATCH_PCS;
    b->pPcData = calloc(PCS_BATCH_PCS, sizeof *b->pPcData);
    for (size_t i = 0; b->pPcData && i < PCS_BATCH_PCS; i++) {
        b->pPcData[i].size = sizeof b->pPcData[i]; /* CUPTI fills no record whose size is unset */
        if (!(b->pPcData[i].stallReason = calloc(nreasons, sizeof *b->pPcData[i].stallReason)))
            return -1;
    }
    return b->pPcData ? 0 : -1;
}

static void buffer_free(CUpti_PCSamplingData *b)
{
    for (size_t i = 0; b->pPcData && i < PCS_BATCH_PCS; i++)
        free(b->pPcData[i].stallReason);
    free(b->pPcData);
    b->pPcData = NULL;
}

static const char *attribute_name(CUpti_PCSamplingConfigurationAttributeType t)
{
    switch (t) {
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD:
        return "sampling period";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON:
        return "stall reasons";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE:
        return "scratch buffer size";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE:
        return "collection mode (continuous)";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL:
        return "start/stop control";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT:
        return "output data format (parsed)";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER:
        return "sampling data buffer";
    default:
        return "an attribute";
    }
}

static enum profiler_status configure(struct pcs_session *s, CUcontext ctx, unsigned period,
                                      CUpti_PCSamplingData *config_buffer, char *err, size_t err_len)
{
    CUpti_PCSamplingConfigurationInfo a[7];
    size_t n = 0;
    memset(a, 0, sizeof a);
    a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
    a[n++].attributeData.collectionModeData.collectionMode = CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS;
    a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
    a[n++].attributeData.enableStartStopControlData.enableStartStopControl = 1;
    a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON;
    a[n].attributeData.stallReasonData.stallReasonCount = s->nreasons;
    a[n++].attributeData.stallReasonData.pStallReasonIndex = s->reason_index;
    a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
    a[n++].attributeData.scratchBufferSizeData.scratchBufferSize = PCS_SCRATCH_BYTES;
    a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT;
    a[n++].attributeData.outputDataFormatData.outputDataFormat = CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
    a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
    a[n++].attributeData.samplingDataBufferData.samplingDataBuffer = config_buffer;
    if (period) {
        a[n].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
        a[n++].attributeData.samplingPeriodData.samplingPeriod = period;
    }
    CUpti_PCSamplingConfigurationInfoParams p = {.size = CUpti_PCSamplingConfigurationInfoParamsSize};
    p.ctx = ctx;
    p.numAttributes = n;
    p.pPCSamplingConfigurationInfo = a;
    CUptiResult r = s->api->pcs_set_config(&p);
    if (r == CUPTI_SUCCESS)
        return PROFILER_OK;
    const char *which = "cuptiPCSamplingSetConfigurationAttribute";
    char call[160];
    for (size_t i = 0; i < n; i++)
        if (a[i].attributeStatus != CUPTI_SUCCESS) {
            snprintf(call, sizeof call, "%s (%s, period 2^%u)", which, attribute_name(a[i].attributeType), period);
            which = call;
            break;
        }
    return fail_at(s, r, which, err, err_len);
}

/* out->strings holds each distinct string once. NULL when out of memory. */
static const char *intern(struct pcs_result *out, const char *text)
{
    for (size_t i = 0; i < out->nstrings; i++)
        if (strcmp(out->strings[i], text) == 0)
            return out->strings[i];
    if (out->nstrings == out->strings_cap) {
        size_t cap = out->strings_cap ? 2 * out->strings_cap : 16;
        char **g = realloc(out->strings, cap * sizeof *g);
        if (!g)
            return NULL;
        out->strings = g;
        out->strings_cap = cap;
    }
    char *copy = strdup(text);
    if (copy)
        out->strings[out->nstrings++] = copy;
    return copy;
}

/* CUPTI's function name, kept to be freed once at close. */
static int keep_cupti_name(struct pcs_session *s, char *name)
{
    for (size_t i = 0; i < s->nnames; i++)
        if (s->cupti_names[i] == name)
            return 0;
    if (s->nnames == s->names_cap) {
        size_t cap = s->names_cap ? 2 * s->names_cap : 16;
        char **g = realloc(s->cupti_names, cap * sizeof *g);
        if (!g)
            return -1;
        s->cupti_names = g;
        s->names_cap = cap;
    }
    s->cupti_names[s->nnames++] = name;
    return 0;
}

static struct cubin *cubin_of(struct pcs_session *s, uint64_t crc)
{
    for (size_t i = 0; i < s->ncubins; i++) {
        struct cubin *c = &s->cubins[i];
        if (!c->crc_known) {
            CUpti_GetCubinCrcParams p = {.size = CUpti_GetCubinCrcParamsSize};
            p.cubin = c->bytes;
            p.cubinSize = c->size;
            if (s->api->get_cubin_crc(&p) != CUPTI_SUCCESS)
                continue; /* not a cubin CUPTI can read: its PCs get no line */
            c->crc = p.cubinCrc;
            c->crc_known = 1;
        }
        if (c->crc == crc)
            return c;
    }
    return NULL;
}

/* The instruction's source file (dir/file unless file is absolute) and line;
 * "" and 0 when the cubin has no line table (-lineinfo missing) or is unknown. */
static void source_line(struct pcs_session *s, const CUpti_PCSamplingPCData *pc, char *file, size_t len,
                        long *line)
{
    file[0] = '\0';
    *line = 0;
    struct cubin *c = cubin_of(s, pc->cubinCrc);
    if (!c)
        return;
    CUpti_GetSassToSourceCorrelationParams p = {.size = CUpti_GetSassToSourceCorrelationParamsSize};
    p.cubin = c->bytes;
    p.cubinSize = c->size;
    p.functionName = pc->functionName;
    p.pcOffset = pc->pcOffset;
    if (s->api->sass_to_source(&p) == CUPTI_SUCCESS && p.fileName && p.fileName[0]) {
        int dir = p.dirName && p.dirName[0] && p.fileName[0] != '/';
        snprintf(file, len, "%s%s%s", dir ? p.dirName : "", dir ? "/" : "", p.fileName);
        *line = (long)p.lineNumber;
    }
    free(p.fileName); /* CUPTI allocates both with malloc */
    free(p.dirName);
}

static int add_row(struct pcs_result *out, const struct source_row *r)
{
    if (out->n == out->cap) {
        size_t cap = out->cap ? 2 * out->cap : 256;
        struct source_row *g = realloc(out->rows, cap * sizeof *g);
        if (!g)
            return -1;
        out->rows = g;
        out->cap = cap;
    }
    out->rows[out->n++] = *r;
    return 0;
}

/* The records of one buffer into rows. -1 when out of memory. */
static int consume(struct pcs_session *s, const CUpti_PCSamplingData *b, struct pcs_result *out)
{
    char file[4096];
    out->total_samples += b->totalSamples;
    out->dropped_samples += b->droppedSamples;
    out->other_samples += b->nonUsrKernelsTotalSamples;
    for (size_t i = 0; i < b->totalNumPcs && i < b->collectNumPcs; i++) {
        const CUpti_PCSamplingPCData *pc = &b->pPcData[i];
        if (!pc->functionName)
            continue;
        if (keep_cupti_name(s, pc->functionName) != 0)
            return -1;
        struct source_row row = {.pc_offset = pc->pcOffset};
        source_line(s, pc, file, sizeof file, &row.line);
        out->pcs_without_line += row.line == 0;
        if (!(row.function = intern(out, pc->functionName)) || !(row.file = intern(out, file)))
            return -1;
        for (size_t j = 0; j < pc->stallReasonCount; j++) {
            row.stall = reason_name(s, pc->stallReason[j].pcSamplingStallReasonIndex);
            row.samples = pc->stallReason[j].samples;
            if (row.samples == 0 || !row.stall)
                continue;
            if (!(row.stall = intern(out, row.stall)) || add_row(out, &row) != 0)
                return -1;
        }
    }
    return 0;
}

/* GetData until a call brings no PC and CUPTI says none remain. */
static enum profiler_status drain(struct pcs_session *s, CUcontext ctx, CUpti_PCSamplingData *b,
                                  struct pcs_result *out, char *err, size_t err_len)
{
    CUpti_PCSamplingGetDataParams p = {.size = CUpti_PCSamplingGetDataParamsSize};
    p.ctx = ctx;
    p.pcSamplingData = b;
    for (size_t i = 0; i < PCS_MAX_DRAINS; i++) {
        b->totalNumPcs = b->remainingNumPcs = 0;
        b->totalSamples = b->droppedSamples = 0;
        b->hardwareBufferFull = 0;
        CUptiResult r = s->api->pcs_get_data(&p);
        if (r != CUPTI_SUCCESS && b->hardwareBufferFull) {
            snprintf(err, err_len, "CUPTI: cuptiPCSamplingGetData: the hardware buffer filled up on device %d and "
                     "samples were lost; a longer sampling period (fewer samples) avoids it", s->device);
            return PROFILER_ERROR;
        }
        if (r != CUPTI_SUCCESS)
            return fail_at(s, r, "cuptiPCSamplingGetData", err, err_len);
        if (consume(s, b, out) != 0) {
            snprintf(err, err_len, "out of memory keeping the PC samples");
            return PROFILER_ERROR;
        }
        if (b->totalNumPcs == 0 && b->remainingNumPcs == 0)
            return PROFILER_OK;
    }
    snprintf(err, err_len, "CUPTI: cuptiPCSamplingGetData still had PCs after %d calls; giving up on this kernel",
             PCS_MAX_DRAINS);
    return PROFILER_ERROR;
}

static enum profiler_status enable(struct pcs_session *s, char *err, size_t err_len)
{
    CUpti_PCSamplingEnableParams ep = {.size = CUpti_PCSamplingEnableParamsSize};
    ep.ctx = s->ctx;
    CUptiResult r = s->api->pcs_enable(&ep);
    if (r != CUPTI_SUCCESS)
        return fail_at(s, r, "cuptiPCSamplingEnable", err, err_len);
    s->enabled = 1;
    return PROFILER_OK;
}

enum profiler_status pcs_attach(struct pcs_session *s, struct CUctx_st *ctx, char *err, size_t err_len)
{
    enum profiler_status st = PROFILER_OK;
    if (ctx)
        s->ctx = ctx;
    else
        st = profiler_current_context(s->api, s->device, &s->ctx, err, err_len);
    if (st == PROFILER_OK)
        st = enable(s, err, err_len);
    if (st == PROFILER_OK)
        st = read_reasons(s, s->ctx, err, err_len);
    if (st == PROFILER_OK &&
        (buffer_alloc(&s->config_buf, s->nreasons) != 0 || buffer_alloc(&s->data_buf, s->nreasons) != 0)) {
        snprintf(err, err_len, "out of memory for the PC sampling buffers");
        st = PROFILER_ERROR;
    }
    return st;
}

void pcs_pause(struct pcs_session *s)
{
    if (!s || !s->enabled)
        return;
    CUpti_PCSamplingDisableParams dp = {.size = CUpti_PCSamplingDisableParamsSize};
    dp.ctx = s->ctx;
    (void)s->api->pcs_disable(&dp); /* nothing is pending: every sample was drained */
    s->enabled = 0;
}

enum profiler_status pcs_sample(struct pcs_session *s, unsigned period_log2, int (*work)(void *ctx), void *ctx,
                                struct pcs_result *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    if (!s->ctx) {
        snprintf(err, err_len, "PC sampling was not attached to the context before the kernels loaded "
                 "(pcs_attach): its samples would all count as other modules'");
        return PROFILER_ERROR;
    }
    enum profiler_status st = s->enabled ? PROFILER_OK : enable(s, err, err_len);
    if (st == PROFILER_OK)
        st = configure(s, s->ctx, period_log2, &s->config_buf, err, err_len);
    if (st != PROFILER_OK)
        return st;
    CUpti_PCSamplingStartParams sp = {.size = CUpti_PCSamplingStartParamsSize};
    sp.ctx = s->ctx;
    CUptiResult r = s->api->pcs_start(&sp);
    if (r != CUPTI_SUCCESS)
        return fail_at(s, r, "cuptiPCSamplingStart", err, err_len);
    int launched = work(ctx);
    CUpti_PCSamplingStopParams tp = {.size = CUpti_PCSamplingStopParamsSize};
    tp.ctx = s->ctx;
    r = s->api->pcs_stop(&tp);
    if (launched != 0) {
        snprintf(err, err_len, "the kernel launch under PC sampling failed on device %d", s->device);
        return PROFILER_ERROR;
    }
    if (r != CUPTI_SUCCESS)
        return fail_at(s, r, "cuptiPCSamplingStop", err, err_len);
    return drain(s, s->ctx, &s->data_buf, out, err, err_len);
}

void pcs_result_free(struct pcs_result *r)
{
    for (size_t i = 0; i < r->nstrings; i++)
        free(r->strings[i]);
    free(r->strings);
    free(r->rows);
    memset(r, 0, sizeof *r);
}

void pcs_close(struct pcs_session *s)
{
    if (!s)
        return;
    pcs_pause(s);
    buffer_free(&s->config_buf);
    buffer_free(&s->data_buf);
    if (s->subscribed)
        (void)s->api->unsubscribe(s->sub); /* teardown: nothing left to undo */
    for (size_t i = 0; i < s->ncubins; i++)
        free(s->cubins[i].bytes);
    free(s->cubins);
    for (size_t i = 0; i < s->nnames; i++)
        free(s->cupti_names[i]);
    free(s->cupti_names);
    free_reasons(s);
    free(s);
}
