/* Auto range + user replay, once per config image: SetConfig, then per pass
 * Start, and for each range of the batch prepare (the L2 flush, for an image
 * that needs it: config_group_cold_l2) and work (the kernel), then Stop; until CUPTI
 * has every pass; then DecodeData and the evaluation of that image's metrics.
 *
 * Every kernel launch in a pass is a range of its own (auto range): the
 * flush's kernels get ranges too, and are dropped when decoding, so each
 * row's counters cover its kernel alone, from its first to its last cycle, as
 * ncu's do (a user range would also hold the launch overhead and the wait, and
 * inflate every metric divided by elapsed cycles: docs/fidelity.md). Auto range
 * names are launch indices, not names: the callbacks report how many kernels
 * they launched, and a range's place in the counter data follows from those
 * counts, checked against CUPTI's total. Start and Stop cost far more than a
 * seed-sized kernel, so a pass holds many ranges of a batch; the first Start of
 * an image's object grows with the ranges a pass may hold, so a replay holds at
 * most REPLAY_RANGES_MAX. */
#include "collector/cupti/profiler.h"

#include "collector/cupti/cupti_error.h"
#include "collector/cupti/profiler_impl.h"
#include "common/trace.h"
#include "common/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The ranges one replay covers: ranges[idx[0..m)], and the kernels each
 * one's prepare and work launched in the first pass (every later pass must
 * launch the same: CUPTI replays a fixed sequence of kernels). */
struct replay_set {
    struct profiler_range *ranges;
    const size_t *idx;
    size_t m;
    int *prepare_kernels;
    int *work_kernels;
    int cold_l2; /* the image's metrics need an empty L2 (config_group_cold_l2) */
};

/* Auto ranges a pass may hold for a row that says nothing of its kernels,
 * or that is replayed alone: the flush's kernel, the kernel, and room
 * for a library call that launches a few (its row then fails with the count,
 * rather than the whole batch with CUPTI's dropped ranges). Rows that give
 * expected_kernels get just that: CUPTI's Start grows with the ranges a pass
 * may hold (on an H100 at 2048^3, 3.0 s over a run's 10 passes at 8 per row;
 * the run took 8.5 s, and 7.0 s at 3 per row). */
#define KERNELS_PER_RANGE_MAX 8

static struct profiler_range *set_range(const struct replay_set *s, size_t j)
{
    return &s->ranges[s->idx[j]];
}

static size_t pass_capacity(const struct replay_set *s)
{
    if (s->m == 1)
        return KERNELS_PER_RANGE_MAX;
    size_t capacity = 0;
    for (size_t j = 0; j < s->m; j++) {
        const struct profiler_range *rg = set_range(s, j);
        int k = rg->expected_kernels - (s->cold_l2 ? 0 : rg->cold_l2_kernels);
        capacity += rg->expected_kernels > 0 && k > 0 ? (size_t)k : KERNELS_PER_RANGE_MAX;
    }
    return capacity;
}

/* Whether g's counters depend on what L2 holds when the kernel starts:
 * anything but an exact event count (DRAM and L2 totals, elapsed cycles and
 * what is divided by them, bank conflicts, which follow timing). Exact counts
 * (requests, sectors, SASS-patched bytes and instructions) need no flush:
 * collect's 44 rows at 2048^3 then replayed 3 of the default set's 5 images
 * (one-pass images then) as one replay of 44 ranges each instead of two of 48
 * and 40, and the flushes of the batch took 110 ms instead of 229 (H100); the
 * default set's one-pass image (l1tex__t_bytes and the sectors) still does. */
static enum profiler_status fail_at(struct profiler *p, CUptiResult r, const char *call,
                                    char *err, size_t err_len)
{
    struct failure_site site = {call, p->device, p->chip};
    return cupti_fail(p->api, r, &site, err, err_len);
}

CUptiResult profiler_configure(struct profiler *p, const struct config_group *g, size_t capacity,
                               const char **call)
{
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params ci = {
        .structSize = CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
    ci.pRangeProfilerObject = p->rp;
    ci.counterDataSize = g->counter_data_size;
    ci.pCounterData = g->counter_data;
    *call = "cuptiRangeProfilerCounterDataImageInitialize";
    CUptiResult r = p->api->rp_counter_data_image_initialize(&ci);
    if (r != CUPTI_SUCCESS)
        return r;

    CUpti_RangeProfiler_SetConfig_Params sc = {.structSize = CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
    sc.pRangeProfilerObject = p->rp;
    sc.configSize = g->image_size;
    sc.pConfig = g->image;
    sc.counterDataImageSize = g->counter_data_size;
    sc.pCounterDataImage = g->counter_data;
    sc.range = CUPTI_AutoRange;
    sc.replayMode = CUPTI_UserReplay;
    sc.maxRangesPerPass = capacity;
    sc.numNestingLevels = 1;
    sc.minNestingLevel = 1;
    sc.passIndex = 0;
    sc.targetNestingLevel = 0;
    *call = "cuptiRangeProfilerSetConfig";
    return p->api->rp_set_config(&sc);
}

enum profiler_status profiler_object_for(struct profiler *p, struct config_group *g, size_t capacity, char *err,
                                         size_t err_len)
{
    enum profiler_status st;
    if (p->rp_image && p->rp_image != g) {
        profiler_disable_range_profiler(p);
        if ((st = profiler_enable_range_profiler(p, err, err_len)) != PROFILER_OK)
            return st;
    }
    return profiler_size_counter_data(p, g, capacity, err, err_len);
}

/* A Range Profiler object replays the first config image set on it whatever
 * later SetConfig calls pass (seen on GH100: the ranges of every later image
 * held the first image's counters, or evaluated empty), so another image gets
 * a fresh object. Its first Start costs far more than later ones on the same
 * object (docs/profile.md): a batch pays it once per image, not per range.
 * CUPTI documents no way to start a second replay on one object other than
 * SetConfig again; should this CUPTI refuse that, a fresh object (Disable +
 * Enable, as at open) is the documented starting state: retry once so. */
static enum profiler_status begin_replay(struct profiler *p, struct config_group *g,
                                         const struct replay_set *s, int replayed_before, char *err,
                                         size_t err_len)
{
    size_t capacity = pass_capacity(s);
    const char *call;
    enum profiler_status st;
    if ((st = profiler_object_for(p, g, capacity, err, err_len)) != PROFILER_OK)
        return st;
    CUptiResult r = profiler_configure(p, g, capacity, &call);
    if (r != CUPTI_SUCCESS && replayed_before && cupti_status_of(r) == PROFILER_ERROR) {
        profiler_disable_range_profiler(p);
        if ((st = profiler_enable_range_profiler(p, err, err_len)) != PROFILER_OK ||
            (st = profiler_size_counter_data(p, g, capacity, err, err_len)) != PROFILER_OK)
            return st;
        r = profiler_configure(p, g, capacity, &call);
    }
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, call, err, err_len);
    p->rp_image = g;
    return PROFILER_OK;
}

/* Stops a pass that failed half way (its results are discarded). */
static void abandon_pass(struct profiler *p)
{
    CUpti_RangeProfiler_Stop_Params stop = {.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = p->rp;
    (void)p->api->rp_stop(&stop); /* best effort: the measurement already failed */
}

/* Every pass must launch what the first did: the ranges are matched to rows
 * by position. */
static enum profiler_status same_kernels(size_t pass, const struct profiler_range *rg,
                                         const char *what, int *first, int now, char *err,
                                         size_t err_len)
{
    if (pass == 0) {
        *first = now;
        return PROFILER_OK;
    }
    if (now == *first)
        return PROFILER_OK;
    snprintf(err, err_len, "range %s: its %s launched %d kernel(s) in pass %zu and %d in pass 1; "
             "every pass must replay the same launches",
             rg->name, what, now, pass + 1, *first);
    return PROFILER_ERROR;
}

/* Row j of the set inside a started pass: prepare, then work, each in ranges
 * of their own kernels. On failure the pass is abandoned. */
static enum profiler_status one_range(struct profiler *p, size_t pass, const struct replay_set *s,
                                      size_t j, char *err, size_t err_len)
{
    struct profiler_range *rg = set_range(s, j);
    double t0 = now_ms();
    int kernels = rg->prepare ? rg->prepare(rg->ctx, s->cold_l2) : 0;
    trace_since("profiler: prepare", t0);
    if (kernels < 0) {
        abandon_pass(p);
        snprintf(err, err_len, "range %s: preparing pass %zu (L2 flush / input restore) failed",
                 rg->name, pass + 1);
        return PROFILER_ERROR;
    }
    enum profiler_status st = same_kernels(pass, rg, "preparation", &s->prepare_kernels[j],
                                           kernels, err, err_len);
    if (st != PROFILER_OK) {
        abandon_pass(p);
        return st;
    }
    t0 = now_ms();
    kernels = rg->work(rg->ctx);
    trace_since("profiler: work", t0);
    if (kernels < 0) {
        abandon_pass(p);
        snprintf(err, err_len, "range %s: the kernel launch failed in pass %zu", rg->name,
                 pass + 1);
        return PROFILER_ERROR;
    }
    st = same_kernels(pass, rg, "launch", &s->work_kernels[j], kernels, err, err_len);
    if (st != PROFILER_OK)
        abandon_pass(p);
    return st;
}

/* One pass over every range of the set: returns 1 in *done when CUPTI has all
 * passes. */
static enum profiler_status run_pass(struct profiler *p, size_t pass, const struct replay_set *s,
                                     int *done, char *err, size_t err_len)
{
    CUpti_RangeProfiler_Start_Params start = {.structSize = CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
    start.pRangeProfilerObject = p->rp;
    double t0 = now_ms();
    CUptiResult r = p->api->rp_start(&start);
    trace_since("profiler: start", t0);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerStart", err, err_len);

    t0 = now_ms();
    for (size_t j = 0; j < s->m; j++) {
        enum profiler_status st = one_range(p, pass, s, j, err, err_len);
        if (st != PROFILER_OK)
            return st;
    }
    trace_since("profiler: ranges of the pass", t0);

    CUpti_RangeProfiler_Stop_Params stop = {.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = p->rp;
    t0 = now_ms();
    r = p->api->rp_stop(&stop);
    trace_since("profiler: stop", t0);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerStop", err, err_len);
    *done = stop.isAllPassSubmitted != 0;
    return PROFILER_OK;
}

/* Kernels the set launched in a pass, flush included. */
static size_t kernels_in_pass(const struct replay_set *s)
{
    size_t total = 0;
    for (size_t j = 0; j < s->m; j++)
        total += (size_t)s->prepare_kernels[j] + (size_t)s->work_kernels[j];
    return total;
}

/* Decodes the replay and checks it holds one range per kernel launched. A
 * batch of one whose launch reported one kernel but ran several (a library
 * call) learns the true count here, so its row can say so. */
static enum profiler_status decode(struct profiler *p, const struct config_group *g,
                                   const struct replay_set *s, char *err, size_t err_len)
{
    const char *first = set_range(s, 0)->name;
    CUpti_RangeProfiler_DecodeData_Params dd = {.structSize = CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    dd.pRangeProfilerObject = p->rp;
    CUptiResult r = p->api->rp_decode_data(&dd);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerDecodeData", err, err_len);
    if (dd.numOfRangeDropped > 0) {
        snprintf(err, err_len, "range %s%s: CUPTI dropped %zu range(s) while decoding; nothing "
                 "was measured",
                 first, s->m > 1 ? " and the rest of its batch" : "", dd.numOfRangeDropped);
        return PROFILER_ERROR;
    }

    CUpti_RangeProfiler_GetCounterDataInfo_Params gi = {
        .structSize = CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
    gi.pCounterDataImage = g->counter_data;
    gi.counterDataImageSize = g->counter_data_size;
    r = p->api->rp_get_counter_data_info(&gi);
    if (r != CUPTI_SUCCESS)
        return fail_at(p, r, "cuptiRangeProfilerGetCounterDataInfo", err, err_len);
    size_t want = kernels_in_pass(s);
    if (gi.numTotalRanges != want && s->m == 1 &&
        gi.numTotalRanges > (size_t)s->prepare_kernels[0]) {
        s->work_kernels[0] = (int)(gi.numTotalRanges - (size_t)s->prepare_kernels[0]);
        want = gi.numTotalRanges;
    }
    if (gi.numTotalRanges != want) {
        snprintf(err, err_len, "range %s%s: the counter data holds %zu kernel ranges where the "
                 "launches counted %zu",
                 first, s->m > 1 ? " and the rest of its batch" : "", gi.numTotalRanges, want);
        return PROFILER_ERROR;
    }
    return PROFILER_OK;
}

static CUptiResult evaluate(struct profiler *p, const struct config_group *g, size_t range,
                            const char **names, size_t n, double *values)
{
    CUpti_Profiler_Host_EvaluateToGpuValues_Params ev = {
        .structSize = CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
    ev.pHostObject = g->host.obj;
    ev.pCounterDataImage = g->counter_data;
    ev.counterDataImageSize = g->counter_data_size;
    ev.rangeIndex = range;
    ev.ppMetricNames = names;
    ev.numMetrics = n;
    ev.pMetricValues = values;
    return p->api->host_evaluate_to_gpu_values(&ev);
}

size_t profiler_evaluate_group(struct profiler *p, const struct config_group *g, size_t range, double *raw,
                               CUptiResult *first)
{
    if (evaluate(p, g, range, g->names, g->n, p->scratch) == CUPTI_SUCCESS) {
        size_t valued = 0;
        for (size_t j = 0; j < g->n; j++) {
            raw[g->index[j]] = p->scratch[j];
            valued += !isnan(p->scratch[j]);
        }
        return valued;
    }
    size_t ok = 0;
    for (size_t j = 0; j < g->n; j++) {
        CUptiResult r = evaluate(p, g, range, &g->names[j], 1, &raw[g->index[j]]);
        if (r == CUPTI_SUCCESS) {
            ok += !isnan(raw[g->index[j]]);
        } else {
            raw[g->index[j]] = NAN;
            if (*first == CUPTI_SUCCESS)
                *first = r;
        }
    }
    return ok;
}

/* All passes of one config image for the set: CUPTI says when it has every
 * pass; it should take exactly the passes the image needs. More would mean a
 * replay that never ends, fewer a config that was not applied: both are errors
 * rather than silently wrong counters. */
static enum profiler_status replay(struct profiler *p, struct config_group *g,
                                   const struct replay_set *s, char *err, size_t err_len)
{
    const char *name = set_range(s, 0)->name;
    double t0 = now_ms();
    enum profiler_status st = begin_replay(p, g, s, p->measures > 0, err, err_len);
    p->measures++;
    trace_since("profiler: enable + set config", t0);
    if (st != PROFILER_OK)
        return st;
    size_t pass = 0;
    for (int done = 0; !done; pass++) {
        t0 = now_ms();
        if (pass == g->passes) {
            snprintf(err, err_len, "range %s: CUPTI still wants passes after the %zu the config "
                     "needs",
                     name, g->passes);
            return PROFILER_ERROR;
        }
        st = run_pass(p, pass, s, &done, err, err_len);
        trace_since("profiler: pass", t0);
        if (st != PROFILER_OK)
            return st;
    }
    if (pass != g->passes) {
        snprintf(err, err_len, "range %s: CUPTI finished after %zu of the %zu passes the config "
                 "needs",
                 name, pass, g->passes);
        return PROFILER_ERROR;
    }
    t0 = now_ms();
    st = decode(p, g, s, err, err_len);
    trace_since("profiler: decode", t0);
    return st;
}

/* The set with image g, then each range's evaluation into its raw values
 * (raw + idx * nraw). A replay failure is returned (the set's ranges are
 * untouched); an image none of whose metrics evaluates for a range means its
 * counters are not in the data: that range fails, with the reason. */
static enum profiler_status measure_image(struct profiler *p, struct config_group *g,
                                          const struct replay_set *s, double *raw, char *err,
                                          size_t err_len)
{
    enum profiler_status st = replay(p, g, s, err, err_len);
    if (st != PROFILER_OK)
        return st;
    double t0 = now_ms();
    size_t range = 0; /* the row's first kernel range: its flush's come before */
    for (size_t j = 0; j < s->m; j++) {
        struct profiler_range *rg = set_range(s, j);
        range += (size_t)s->prepare_kernels[j];
        if (s->work_kernels[j] != 1) {
            /* Counters of several kernels do not add up to one row's: ratios,
             * averages and peaks would mix them. */
            rg->status = PROFILER_ERROR;
            snprintf(rg->err, sizeof rg->err, "range %s: its launch ran %d kernels; a row holds "
                     "the counters of exactly one",
                     rg->name, s->work_kernels[j]);
        } else {
            CUptiResult first = CUPTI_SUCCESS;
            size_t valued = profiler_evaluate_group(p, g, range, &raw[s->idx[j] * p->ms->nraw], &first);
            if (valued == 0 && first != CUPTI_SUCCESS) {
                rg->status = fail_at(p, first, "cuptiProfilerHostEvaluateToGpuValues", rg->err,
                                     sizeof rg->err);
            } else if (valued == 0) {
                /* CUPTI evaluated without error but gave no value: seen when an
                   object replayed an earlier image (begin_replay) */
                rg->status = PROFILER_ERROR;
                snprintf(rg->err, sizeof rg->err, "range %s: CUPTI gave no value for any metric "
                         "of config image %s; its counters are not in the data",
                         rg->name, g->names[0]);
            }
        }
        range += (size_t)s->work_kernels[j];
    }
    trace_since("profiler: evaluate", t0);
    return PROFILER_OK;
}

/* The ranges a replay may hold: an object's first Start grows with the
 * ranges a pass may hold, so replays of 48 ranges cost collect less than one
 * replay per family and image (measured in docs/fidelity.md, "Speed"). */
#define REPLAY_RANGES_MAX 48

/* ranges[idx[0..m)] with image g in one replay; should that fail, one replay
 * per range, so that a failing launch costs only its own values and its
 * message names it. */
static void measure_chunk(struct profiler *p, struct config_group *g, int cold_l2,
                          struct profiler_range *ranges, size_t *idx, int *kernels, size_t n,
                          size_t m, double *raw)
{
    struct replay_set all = {ranges, idx, m, kernels, kernels + n, cold_l2};
    char err[sizeof ranges->err];
    enum profiler_status st = measure_image(p, g, &all, raw, err, sizeof err);
    if (st == PROFILER_OK)
        return;
    if (m == 1) {
        ranges[idx[0]].status = st;
        snprintf(ranges[idx[0]].err, sizeof ranges[idx[0]].err, "%s", err);
        return;
    }
    for (size_t j = 0; j < m; j++) {
        struct replay_set one = {ranges, &idx[j], 1, kernels, kernels + n, cold_l2};
        struct profiler_range *rg = &ranges[idx[j]];
        st = measure_image(p, g, &one, raw, rg->err, sizeof rg->err);
        if (st != PROFILER_OK)
            rg->status = st;
    }
}

/* The ranges still measurable with image g, in replays of at most
 * REPLAY_RANGES_MAX ranges on one Range Profiler object. */
static void measure_ranges_with(struct profiler *p, struct config_group *g,
                                struct profiler_range *ranges, size_t *idx, int *kernels,
                                size_t n, double *raw)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (ranges[i].status == PROFILER_OK)
            idx[m++] = i;
    int cold_l2 = config_group_cold_l2(g);
    for (size_t first = 0; first < m;) {
        size_t end = first + 1;
        struct replay_set chunk = {ranges, &idx[first], 1, kernels, kernels + n, cold_l2};
        while (end < m) {
            chunk.m = end + 1 - first;
            if (pass_capacity(&chunk) > REPLAY_RANGES_MAX)
                break;
            end++;
        }
        measure_chunk(p, g, cold_l2, ranges, &idx[first], kernels + first, n, end - first, raw);
        first = end;
    }
}

/* The batch with images image0 .. image0 + nimages - 1 (modulo the plan),
 * raw values into raw (n * nraw, NaN where not measured). */
static void measure_images(struct profiler *p, struct profiler_range *ranges, size_t n, size_t image0,
                           size_t nimages, double *raw, size_t *idx, int *kernels)
{
    for (size_t i = 0; i < n * p->ms->nraw; i++)
        raw[i] = NAN;
    for (size_t j = 0; j < nimages; j++)
        measure_ranges_with(p, &p->plan.group[(image0 + j) % p->plan.ngroups], ranges, idx, kernels, n, raw);
}

enum profiler_status profiler_measure_batch(struct profiler *p, struct profiler_range *ranges,
                                            size_t n)
{
    const struct metric_set *ms = p->ms;
    double *raw = malloc((n ? n : 1) * ms->nraw * sizeof *raw);
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    int *kernels = malloc(2 * (n ? n : 1) * sizeof *kernels); /* prepare's, then work's */
    for (size_t i = 0; i < n; i++) {
        struct profiler_range *r = &ranges[i];
        r->err[0] = '\0';
        r->status = raw && idx && kernels ? PROFILER_OK : PROFILER_ERROR;
        if (r->status != PROFILER_OK)
            snprintf(r->err, sizeof r->err, "out of memory for %zu metric values", n * ms->nraw);
        for (size_t c = 0; c < ms->ncols; c++)
            r->column_values[c] = NAN;
    }
    if (raw && idx && kernels) {
        /* Image-major: one Range Profiler object per image for the whole
         * batch, starting with the image whose object is still live (the
         * previous batch's last): a batch after the first then creates one
         * object fewer (~0.17 s; `profile` measures a batch per launch). */
        size_t first = 0;
        for (size_t k = 0; k < p->plan.ngroups; k++)
            if (&p->plan.group[k] == p->rp_image)
                first = k;
        measure_images(p, ranges, n, first, p->plan.ngroups, raw, idx, kernels);
        for (size_t i = 0; i < n; i++)
            if (ranges[i].status == PROFILER_OK)
                metric_set_evaluate(ms, &raw[i * ms->nraw], ranges[i].column_values);
    }
    free(raw);
    free(idx);
    free(kernels);
    for (size_t i = 0; i < n; i++)
        if (ranges[i].status != PROFILER_OK)
            return ranges[i].status;
    return PROFILER_OK;
}

enum profiler_status profiler_measure(struct profiler *p, const char *range_name,
                                      int (*prepare)(void *ctx, int cold_l2), int (*work)(void *ctx),
                                      void *ctx, double *column_values, char *err,
                                      size_t err_len)
{
    struct profiler_range r = {.name = range_name, .prepare = prepare, .work = work, .ctx = ctx,
                               .column_values = column_values};
    enum profiler_status st = profiler_measure_batch(p, &r, 1);
    if (st != PROFILER_OK)
        snprintf(err, err_len, "%s", r.err);
    return st;
}

enum profiler_status profiler_measure_image(struct profiler *p, size_t image, const char *range_name,
                                            int (*prepare)(void *ctx, int cold_l2), int (*work)(void *ctx),
                                            void *ctx, double *raw_values, char *err, size_t err_len)
{
    if (image >= p->plan.ngroups) {
        for (size_t i = 0; i < p->ms->nraw; i++)
            raw_values[i] = NAN;
        snprintf(err, err_len, "config image %zu asked for, the metric set has %zu on %s: the runs of an "
                 "application replay must use one metric set and chip", image, p->plan.ngroups, p->chip);
        return PROFILER_ERROR;
    }
    double unused;
    size_t idx;
    int kernels[2];
    struct profiler_range r = {.name = range_name, .prepare = prepare, .work = work, .ctx = ctx,
                               .column_values = &unused};
    measure_images(p, &r, 1, image, 1, raw_values, &idx, kernels);
    if (r.status != PROFILER_OK)
        snprintf(err, err_len, "%s", r.err);
    return r.status;
}
