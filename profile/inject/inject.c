/* libmmprof_inject.so: what the CUDA driver loads into the app when
 * `mmprof profile` sets CUDA_INJECTION64_PATH (docs/profile.md). It owns the
 * CUPTI callbacks: NVTX push/pop into each thread's range stack, every kernel
 * launch (runtime and driver API, cuLaunchKernelEx, cooperative, graph nodes)
 * handed to the session (profile/session.h) with the ops that restore
 * memory, flush L2 and replay it; every kernel's GPU time comes from CUPTI's
 * activity records (activity.h), never from the app's thread.
 *
 * Invariants: launches mmprof makes itself (flush, replays, graph nodes) run
 * with the thread's `busy` flag set and are never profiled or counted; one
 * launch at a time is in the session (a process-wide lock held from a
 * launch's ENTER to its EXIT callback); mmprof's own device memory (the
 * profiler's, the flush buffer, --memory-offset-mb's padding) is allocated
 * before the app's first allocation or launch; the app's memory
 * is restored to its state before the launch whenever a launch was replayed,
 * and a failed restore ends the app (its results would be wrong). */
#include "collector/l2_flush.h"
#include "collector/placement.h"
#include "profile/inject/activity.h"
#include "profile/inject/capture.h"
#include "profile/inject/checkpoint.h"
#include "profile/inject/demangle.h"
#include "profile/inject/graph_nodes.h"
#include "profile/inject/launch_facts.h"
#include "profile/inject/nvtx_callbacks.h"
#include "profile/mmprof.h"
#include "profile/session.h"
#include "common/trace.h"
#include "common/util.h"

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti_callbacks.h>
#include <cupti_driver_cbid.h>
#include <cupti_nvtx_cbid.h>
#include <generated_nvtx_meta.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GRAPH_KERNELS_MAX 256

struct thread_state {
    struct nvtx_stack nvtx;
    int busy;    /* inside mmprof's own CUDA calls */
    int pending; /* the app's launch is between its ENTER and EXIT callbacks */
    int holds_lock; /* this thread holds g.lock (lock_session) */
    double launch_call_t0_ms; /* the app's launch call began (its ENTER callback's end) */
    char mangled[KERNEL_NAME_MAX], demangled[KERNEL_NAME_MAX];
    struct launch_desc desc;
};

static _Thread_local struct thread_state tls;

static struct {
    pthread_mutex_t lock;
    struct profile_session session;
    int open;
    struct l2_flush_buf flush;
    int flush_ready;
    atomic_int placed;  /* place_before_app ran (once a process) */
    void *padding;       /* --memory-offset-mb less mmprof's own, held to the end */
    CUpti_SubscriberHandle subscriber;
} g = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* g.lock, noting that this thread holds it: a module loads (and CUPTI calls
 * on_resource) inside the calls made while it is held, on the same thread. */
static void lock_session(void)
{
    pthread_mutex_lock(&g.lock);
    tls.holds_lock = 1;
}

static void unlock_session(void)
{
    tls.holds_lock = 0;
    pthread_mutex_unlock(&g.lock);
}

/* What one replayed launch needs in the profiler's callbacks. */
struct replay {
    const struct capture *cap;
    CUcontext ctx;
    struct checkpoint *cp; /* saved before the first pass */
    long passes;           /* prepares so far */
    char why[320];
};

static void fatal_restore(const char *why)
{
    fprintf(stderr, "mmprof profile: %s; the app's device memory is no longer what it computed, "
            "so it is stopped\n",
            why);
    _exit(1);
}

/* The collector's flush, sized for the device's L2, allocated once. */
static int flush_ready(int device, char *why, size_t why_len)
{
    if (g.flush_ready)
        return 0;
    int l2 = 0;
    cudaError_t e = cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device);
    if (e != cudaSuccess) {
        snprintf(why, why_len, "cudaDeviceGetAttribute(L2 size) failed: %s", cudaGetErrorString(e));
        return -1;
    }
    if (l2_flush_buf_alloc(&g.flush, (size_t)l2, why, why_len) != 0)
        return -1;
    g.flush_ready = 1;
    return 0;
}

/* The app's first device allocation (or its first launch, when that comes
 * first): mmprof's own device memory goes before it, the profiler's and the
 * flush buffer, then padding up to --memory-offset-mb. Every buffer of the
 * app then sits at one offset from where it sits alone, as under ncu, whose
 * injection holds its memory from the start (138 MiB on an H200; collect's
 * --local-memory-offset-mb counts its own profiler the same way). Opened
 * lazily at the first profiled launch instead, the profiler and the flush
 * moved only the buffers the app allocated after that launch. Called with
 * the session's lock held and busy set; the app's context is current. */
static void place_before_app(CUcontext ctx)
{
    if (atomic_exchange(&g.placed, 1) || g.session.set.list_only)
        return;
    CUdevice dev = 0;
    char why[320] = "";
    size_t in_use_before = placement_in_use_bytes();
    if (cuCtxGetDevice(&dev) != CUDA_SUCCESS || in_use_before == 0)
        return; /* left to the first profiled launch, as without this */
    double t0 = now_ms();
    session_prepare(&g.session, (int)dev);
    if (cuCtxSetCurrent(ctx) != CUDA_SUCCESS || flush_ready((int)dev, why, sizeof why) != 0) {
        fprintf(stderr, "mmprof profile: before the app's first allocation: %s; mmprof's device memory "
                "goes where the first profiled launch finds room\n",
                why[0] ? why : "cuCtxSetCurrent failed");
        return;
    }
    size_t in_use_after = placement_in_use_bytes();
    size_t own_bytes = in_use_after > in_use_before ? in_use_after - in_use_before : 0;
    long offset_mib = g.session.set.memory_offset_mib;
    long padding_mib = placement_padding_mib(offset_mib, own_bytes);
    if (placement_offset_alloc("--memory-offset-mb's padding", padding_mib, &g.padding, why, sizeof why) != 0) {
        fprintf(stderr, "mmprof profile: %s; the app's buffers sit %ld MiB lower than asked\n", why, padding_mib);
        padding_mib = 0;
    }
    if (offset_mib > 0)
        fprintf(stderr, "mmprof profile: process %ld: %ld MiB held before the app's first allocation "
                "(profiler and L2 flush buffer %ld, padding %ld) for --memory-offset-mb %ld\n",
                g.session.pid, (long)(own_bytes >> 20) + padding_mib, (long)(own_bytes >> 20), padding_mib,
                offset_mib);
    trace_since("inject: profiler, flush buffer and padding before the app", t0);
}

/* Before each pass: memory as the app left it before the launch (the first
 * pass finds it so: the checkpoint was just saved), then L2 emptied unless
 * the pass counts only what the cache state cannot change. */
static int replay_prepare(void *ctx, int cold_l2)
{
    struct replay *r = ctx;
    if (r->passes++ > 0 && checkpoint_restore(r->cp, r->why, sizeof r->why) != 0)
        fatal_restore(r->why);
    return cold_l2 ? l2_flush_buf_run(&g.flush) : 0;
}

static int replay_work(void *ctx)
{
    struct replay *r = ctx;
    CUresult e = capture_replay(r->cap);
    if (e == CUDA_SUCCESS)
        e = cuCtxSynchronize();
    if (e != CUDA_SUCCESS) {
        snprintf(r->why, sizeof r->why, "the replayed launch failed (CUresult %d)", (int)e);
        return -1;
    }
    return 1;
}

/* tls.desc for a launch of cap named mangled, made by the call of CUPTI's
 * correlation id. */
static void describe(const struct capture *cap, const char *mangled, unsigned long correlation)
{
    struct launch_desc *d = &tls.desc;
    snprintf(tls.mangled, sizeof tls.mangled, "%s", mangled ? mangled : "?");
    demangle(tls.mangled, tls.demangled, sizeof tls.demangled);
    memset(d, 0, sizeof *d);
    d->mangled = tls.mangled;
    d->demangled = tls.demangled;
    memcpy(d->grid, cap->grid, sizeof d->grid);
    memcpy(d->block, cap->block, sizeof d->block);
    CUdevice dev = 0;
    struct launch_facts facts; /* unread facts stay 0: the row still has its counters */
    (void)launch_facts_read(cap->f, cap->block, cap->smem_dynamic_bytes, &facts);
    d->regs_per_thread = facts.regs_per_thread;
    d->smem_bytes = facts.static_smem_bytes + facts.dynamic_smem_bytes;
    d->local_bytes_per_thread = facts.local_bytes_per_thread;
    d->blocks_per_sm = facts.blocks_per_sm;
    d->theoretical_occupancy_pct = facts.theoretical_occupancy_pct;
    d->limiter = facts.limiter;
    if (cuStreamGetId(cap->stream, &d->stream_id) != CUDA_SUCCESS)
        d->stream_id = 0;
    if (cuCtxGetDevice(&dev) == CUDA_SUCCESS)
        d->device = (int)dev;
    d->nvtx = &tls.nvtx;
    d->correlation = correlation;
}

/* A launch that is not measured: why, as its row's reason. */
static void no_counters(const char *why)
{
    g.session.status = PROFILER_ERROR;
    snprintf(g.session.err, sizeof g.session.err, "%s", why);
}

/* The verdict on tls.desc's launch and, for one to profile, its counters:
 * the app's work so far finished, the flush ready (allocating it is no
 * kernel of a pass), device memory saved, the replays, the memory restored.
 * Without a flush or a checkpoint the launch is not measured: its DRAM bytes
 * would be a warm cache's, or the app's results wrong. The profiler is
 * opened on the runtime's primary context, which makes it current: the app's
 * context is made current again. */
static enum filter_verdict begin_launch(const struct capture *cap, CUcontext ctx)
{
    struct replay r = {.cap = cap, .ctx = ctx};
    struct launch_ops ops = {replay_prepare, replay_work, &r};
    char why[320] = "";
    enum filter_verdict v = session_begin(&g.session, &tls.desc);
    if (!session_wants_counters(&g.session))
        return v;
    if (cuCtxSynchronize() != CUDA_SUCCESS) {
        no_counters("cuCtxSynchronize before the replays failed: an earlier kernel of the app "
                    "failed");
        return v;
    }
    double t0 = now_ms();
    if (flush_ready(tls.desc.device, why, sizeof why) != 0 ||
        !(r.cp = checkpoint_save(ctx, why, sizeof why))) {
        no_counters(why);
        return v;
    }
    trace_since("inject: flush buffer + checkpoint save", t0);
    t0 = now_ms();
    activity_pause(1);
    session_measure(&g.session, &tls.desc, &ops);
    activity_pause(0);
    trace_since("inject: counters of the launch", t0);
    t0 = now_ms();
    if (g.session.status != PROFILER_OK && r.why[0])
        snprintf(g.session.err + strlen(g.session.err), sizeof g.session.err - strlen(g.session.err),
                 " (%s)", r.why);
    if (cuCtxSetCurrent(ctx) != CUDA_SUCCESS || cuCtxSynchronize() != CUDA_SUCCESS ||
        checkpoint_restore(r.cp, why, sizeof why) != 0)
        fatal_restore(why[0] ? why : "back in the app's context, cuCtxSynchronize failed");
    checkpoint_free(r.cp);
    trace_since("inject: restore + free", t0);
    return v;
}

/* An application replay's pass in place (session_inplace_before): L2
 * emptied and the flush waited for, so the app's launch that follows starts
 * on an empty L2 and is the pass's next range; then the app's launch waited
 * for, at its EXIT callback, so the pass's ranges stay in launch order. */
static int inplace_flush(void *ctx, int cold_l2)
{
    char why[320];
    int *device = ctx;
    double t0 = now_ms();
    int kernels = cold_l2 ? (flush_ready(*device, why, sizeof why) == 0 ? l2_flush_buf_run(&g.flush) : -1) : 0;
    int ok = kernels >= 0 && cuCtxSynchronize() == CUDA_SUCCESS;
    trace_since("inject: in place: L2 flush, waited for", t0);
    return ok ? kernels : -1;
}

static int inplace_wait(void *ctx)
{
    (void)ctx;
    double t0 = now_ms();
    int ok = cuCtxSynchronize() == CUDA_SUCCESS;
    trace_since("inject: in place: the app's launch waited for", t0);
    return ok ? 0 : -1;
}

static int inplace_device;
static const struct launch_ops inplace_ops = {inplace_flush, inplace_wait, &inplace_device};

/* The session's lock is held from a launch's ENTER to its EXIT callback:
 * the session holds one launch's verdict, counters and number until its row
 * is written, so launches from other threads wait (as under ncu, which
 * serialises kernels too). The driver launch of the app runs in between; it
 * makes no launch callback of its own on this thread. */
static void on_launch_enter(const CUpti_CallbackData *cb, const struct capture *cap)
{
    tls.busy = 1;
    lock_session();
    place_before_app(cb->context);
    describe(cap, cb->symbolName, cb->correlationId);
    if (g.session.range) { /* range replay: the repeat's pass holds it as it runs */
        session_begin(&g.session, &tls.desc);
    } else if (g.session.set.image >= 0) { /* application replay: in place */
        inplace_device = tls.desc.device;
        session_begin(&g.session, &tls.desc);
        session_inplace_before(&g.session, &tls.desc, &inplace_ops);
    } else {
        begin_launch(cap, cb->context);
    }
    tls.pending = 1;
    tls.busy = 0;
    tls.launch_call_t0_ms = now_ms();
}

static void on_launch_exit(void)
{
    trace_since("inject: the app's launch call (driver and CUPTI)", tls.launch_call_t0_ms);
    tls.busy = 1;
    if (session_end(&g.session, &tls.desc) != 0)
        fprintf(stderr, "mmprof profile: writing the row of %s failed\n", tls.desc.demangled);
    unlock_session(); /* taken in on_launch_enter */
    tls.pending = 0;
    tls.busy = 0;
}

/* A graph launch, node by node in dependency order: each kernel node is
 * handed to the session as a launch of its own and then run once, so the next
 * node finds what the graph would have left; then memory is put back as it
 * was before the graph and the app's graph launch runs. Nodes are not timed.
 * Non-kernel nodes (copies, memsets) are not run by this walk: a node after
 * one of them sees memory from before it. Every node's line carries the
 * graph launch's correlation id, as its activity record does. */
static void on_graph_launch(CUcontext ctx, CUgraphExec exec, CUstream stream, unsigned long correlation)
{
    static CUDA_KERNEL_NODE_PARAMS nodes[GRAPH_KERNELS_MAX];
    char why[320];
    tls.busy = 1;
    lock_session();
    if (session_inplace_end(&g.session) != 0) /* the nodes are replayed, not in a pass */
        fprintf(stderr, "mmprof profile: writing the rows of a pass's launches failed\n");
    long n = graph_nodes_kernels(exec, nodes, GRAPH_KERNELS_MAX, why, sizeof why);
    struct checkpoint *before = NULL;
    if (n < 0)
        fprintf(stderr, "mmprof profile: %s\n", why);
    else if (!g.session.set.list_only && !g.session.range && (cuCtxSynchronize() != CUDA_SUCCESS ||
                                          !(before = checkpoint_save(ctx, why, sizeof why))))
        fprintf(stderr, "mmprof profile: graph nodes not profiled: %s\n", why), n = -1;
    for (long i = 0; i < n; i++) {
        struct capture cap;
        if (!nodes[i].func && nodes[i].kern &&
            cuKernelGetFunction(&nodes[i].func, nodes[i].kern) != CUDA_SUCCESS) {
            fprintf(stderr, "mmprof profile: a graph node's kernel has no function in this "
                            "context; skipped\n");
            continue;
        }
        capture_node(&nodes[i], stream, &cap);
        const char *name = NULL;
        if (cuFuncGetName(&name, cap.f) != CUDA_SUCCESS)
            name = "?";
        describe(&cap, name, correlation);
        if (g.session.range) /* the graph's kernels run in the repeat's pass as the app launches it */
            session_begin(&g.session, &tls.desc);
        else
            begin_launch(&cap, ctx);
        if (!g.session.set.list_only && !g.session.range &&
            (capture_replay(&cap) != CUDA_SUCCESS || cuCtxSynchronize() != CUDA_SUCCESS))
            fprintf(stderr, "mmprof profile: graph node %s failed when run alone\n", tls.demangled);
        if (session_end(&g.session, &tls.desc) != 0)
            fprintf(stderr, "mmprof profile: writing the row of %s failed\n", tls.demangled);
    }
    if (before) {
        if (checkpoint_restore(before, why, sizeof why) != 0)
            fatal_restore(why);
        checkpoint_free(before);
    }
    unlock_session();
    tls.busy = 0;
}

/* --source: PC sampling is enabled on each context as it is created, before
 * any of its modules load (CUPTI attributes samples only to modules loaded
 * while it is enabled), and every module's cubin is kept for source lines.
 * Modules load also inside mmprof's own calls, so this runs whatever busy. */
static void on_resource(CUpti_CallbackId cbid, const CUpti_ResourceData *rd)
{
    int mine = !tls.holds_lock; /* else this thread is inside a launch it holds the lock for */
    if (mine)
        lock_session();
    if (cbid == CUPTI_CBID_RESOURCE_MODULE_LOADED && rd->resourceDescriptor) {
        const CUpti_ModuleResourceData *m = rd->resourceDescriptor;
        session_module_loaded(&g.session, m->pCubin, m->cubinSize);
    } else if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING) {
        int busy = tls.busy; /* the pass's counters go with the context: read them now */
        tls.busy = 1;
        if (session_inplace_end(&g.session) != 0 || session_range_finish(&g.session, &inplace_ops) != 0)
            fprintf(stderr, "mmprof profile: writing the rows of a pass's launches failed\n");
        tls.busy = busy;
    } else if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_CREATED && rd->context) {
        int busy = tls.busy;
        tls.busy = 1;
        session_attach_context(&g.session, rd->context);
        tls.busy = busy;
    }
    if (mine)
        unlock_session();
}

/* The app's device-memory allocations: the first is where place_before_app
 * runs. */
static const CUpti_CallbackId alloc_cbids[] = {
    CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2,          CUPTI_DRIVER_TRACE_CBID_cuMemAllocPitch_v2,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocManaged,      CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocAsync_ptsz,   CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync,
    CUPTI_DRIVER_TRACE_CBID_cuMemAllocFromPoolAsync_ptsz, CUPTI_DRIVER_TRACE_CBID_cuMemCreate,
};

static int is_allocation(CUpti_CallbackId cbid)
{
    for (size_t i = 0; i < sizeof alloc_cbids / sizeof alloc_cbids[0]; i++)
        if (alloc_cbids[i] == cbid)
            return 1;
    return 0;
}

/* An asynchronous allocation recorded into a graph being captured: mmprof's
 * synchronous allocations now would break the app's capture, so placement
 * waits for a later allocation or launch. */
static int allocation_in_capture(CUpti_CallbackId cbid, const void *params)
{
    CUstream stream;
    CUstreamCaptureStatus capturing = CU_STREAM_CAPTURE_STATUS_NONE;
    if (!capture_allocation_stream(cbid, params, &stream))
        return 0;
    return cuStreamIsCapturing(stream, &capturing) != CUDA_SUCCESS || capturing != CU_STREAM_CAPTURE_STATUS_NONE;
}

static void CUPTIAPI on_callback(void *userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                                 const void *data)
{
    if (domain == CUPTI_CB_DOMAIN_RESOURCE) {
        if (g.open)
            on_resource(cbid, data);
        return;
    }
    if (tls.busy || !g.open)
        return;
    if (domain == CUPTI_CB_DOMAIN_NVTX) {
        nvtx_callback(cbid, data, &tls.nvtx);
        if (g.session.range) { /* range replay: a repeat may begin or end here */
            tls.busy = 1;
            lock_session();
            session_range_nvtx(&g.session, &tls.nvtx, &inplace_ops);
            unlock_session();
            tls.busy = 0;
        }
        return;
    }
    if (domain != CUPTI_CB_DOMAIN_DRIVER_API)
        return;
    const CUpti_CallbackData *cb = data;
    struct capture cap;
    CUgraphExec exec;
    CUstream stream;
    if (is_allocation(cbid)) {
        if (cb->callbackSite == CUPTI_API_ENTER && !atomic_load(&g.placed) &&
            !allocation_in_capture(cbid, cb->functionParams)) {
            tls.busy = 1;
            lock_session();
            place_before_app(cb->context);
            unlock_session();
            tls.busy = 0;
        }
        return;
    }
    if (cb->callbackSite == CUPTI_API_EXIT) {
        if (graph_nodes_note_instantiate(cbid, cb->functionParams))
            return;
        if (tls.pending && capture_launch(cbid, cb->functionParams, &cap))
            on_launch_exit();
        return;
    }
    if (capture_launch(cbid, cb->functionParams, &cap)) {
        /* recorded into a graph, not run: it is profiled as a node when the graph launches
           (and a synchronisation or an event now would break the app's capture) */
        CUstreamCaptureStatus capturing = CU_STREAM_CAPTURE_STATUS_NONE;
        if (cuStreamIsCapturing(cap.stream, &capturing) != CUDA_SUCCESS ||
            capturing != CU_STREAM_CAPTURE_STATUS_NONE)
            return;
        on_launch_enter(cb, &cap);
    }
    else if (graph_nodes_launch(cbid, cb->functionParams, &exec, &stream))
        on_graph_launch(cb->context, exec, stream, cb->correlationId);
}

static const CUpti_CallbackId driver_cbids[] = {
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch,
    CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiate,
    CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiate_v2,
    CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithFlags,
    CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithParams,
    CUPTI_DRIVER_TRACE_CBID_cuGraphInstantiateWithParams_ptsz,
};

/* At exit: stop handling callbacks, end an application replay's open pass
 * (its launches' rows), and hand CUPTI's activity buffers back (the last
 * launches' times are in them), as CUPTI's samples do. The runtime's exit
 * handlers run after this one (registered before the driver loaded this
 * library); a context the app destroyed itself ended its pass then
 * (CONTEXT_DESTROY_STARTING). The process's end releases the rest. */
static void finish(void)
{
    pthread_mutex_lock(&g.lock);
    g.open = 0;
    tls.busy = 1;
    if (session_inplace_end(&g.session) != 0 || /* the last pass of an application replay */
        session_range_finish(&g.session, &inplace_ops) != 0) /* a range replay's rows */
        fprintf(stderr, "mmprof profile: writing the rows of the last launches failed\n");
    pthread_mutex_unlock(&g.lock);
    activity_flush();
}

static int cupti_ok(CUptiResult r, const char *call)
{
    if (r == CUPTI_SUCCESS)
        return 1;
    const char *s = "unknown";
    cuptiGetResultString(r, &s);
    fprintf(stderr, "mmprof profile: %s failed (%s)%s; the app runs unprofiled\n", call, s,
            r == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED
                ? ": another profiler (ncu, nsys, DCGM) is attached; run mmprof without it"
                : "");
    return 0;
}

/* The CUDA driver's entry point for injection libraries. Returns 1 whatever
 * happens: a failure leaves the app running unprofiled, with the reason on
 * stderr (mmprof then finds no rows and says so). */
int InitializeInjection(void);
int InitializeInjection(void)
{
    static int called;
    if (called++)
        return 1;
    struct profile_settings set;
    char why[512];
    if (settings_import(&set, why, sizeof why) != 0 ||
        session_open(&g.session, &set, (long)getpid(), why, sizeof why) != 0) {
        fprintf(stderr, "mmprof profile: %s; the app runs unprofiled\n", why);
        return 1;
    }
    if (!cupti_ok(cuptiSubscribe(&g.subscriber, on_callback, NULL), "cuptiSubscribe")) {
        session_close(&g.session);
        return 1;
    }
    if (set.image <= 0 && activity_start(set.dir, (long)getpid(), set.timing, why, sizeof why) != 0)
        fprintf(stderr, "mmprof profile: %s; launches go untimed\n", why);
    g.session.timing_pause = activity_pause;
    for (size_t i = 0; i < sizeof driver_cbids / sizeof driver_cbids[0]; i++)
        if (!cupti_ok(cuptiEnableCallback(1, g.subscriber, CUPTI_CB_DOMAIN_DRIVER_API, driver_cbids[i]),
                      "cuptiEnableCallback")) {
            session_close(&g.session);
            return 1;
        }
    for (size_t i = 0; !set.list_only && i < sizeof alloc_cbids / sizeof alloc_cbids[0]; i++)
        if (!cupti_ok(cuptiEnableCallback(1, g.subscriber, CUPTI_CB_DOMAIN_DRIVER_API, alloc_cbids[i]),
                      "cuptiEnableCallback(allocations)")) {
            session_close(&g.session);
            return 1;
        }
    if ((set.image >= 0 || set.replay == REPLAY_RANGE) &&
        !cupti_ok(cuptiEnableCallback(1, g.subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                                       CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING),
                                   "cuptiEnableCallback(context destroy)")) {
        session_close(&g.session);
        return 1;
    }
    if (set.source &&
        (!cupti_ok(cuptiEnableCallback(1, g.subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                       CUPTI_CBID_RESOURCE_CONTEXT_CREATED),
                   "cuptiEnableCallback(context created)") ||
         !cupti_ok(cuptiEnableCallback(1, g.subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                       CUPTI_CBID_RESOURCE_MODULE_LOADED),
                   "cuptiEnableCallback(module loaded)"))) {
        session_close(&g.session);
        return 1;
    }
    if (!cupti_ok(cuptiEnableDomain(1, g.subscriber, CUPTI_CB_DOMAIN_NVTX), "cuptiEnableDomain(NVTX)"))
        fprintf(stderr, "mmprof profile: NVTX ranges are not seen: --nvtx-include and mmprof.h "
                "declarations do not apply\n");
    g.open = 1;
    atexit(finish);
    return 1;
}
