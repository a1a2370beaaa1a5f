/* mmprof.h: declare what a CUDA kernel computes, for `mmprof profile`
 * (docs/profile.md). Header-only, C and C++, nothing to link: it is NVTX3
 * (header-only too, shipped with the CUDA toolkit). Without mmprof the ranges
 * cost an NVTX call that returns at once.
 *
 *   #include "mmprof.h"
 *   mmprof_declare_push("kind=tiled T=16 M=1024 N=1024 K=1024");
 *   tiled<<<grid, block>>>(a, b, c, 1024, 1024, 1024);   // declared
 *   mmprof_declare_pop();
 *
 *   mmprof_declare_push("flops=2.1e9 bytes=1.2e7");      // a kernel of no known kind
 *
 * The text is a declaration (profile/decl.h): kind= (a kinds.def row) with
 * T=/B=/RX=/RY=/ROWS= and M= N= K=, or variant=NAME with the shape, and/or
 * flops= (useful FLOPs) and bytes= (compulsory bytes). Every launch between
 * push and pop on this thread is declared. The ranges live in the NVTX domain
 * "mmprof", apart from the app's own ranges (--nvtx-include sees those).
 *
 *   mmprof_iteration_push(); ...one iteration of a loop... mmprof_iteration_pop();
 *
 * marks one repeat of a loop for `mmprof profile --replay-mode range`: each
 * repeat is one pass, its kernels measured where they run (a range
 * "iteration" in the NVTX domain "mmprof.range"). */
#ifndef MMPROF_H
#define MMPROF_H

#include <nvtx3/nvToolsExt.h>

#define MMPROF_NVTX_DOMAIN "mmprof"
#define MMPROF_RANGE_DOMAIN "mmprof.range"
#define MMPROF_ITERATION "iteration"

static inline nvtxDomainHandle_t mmprof_domain(void)
{
    /* One handle per translation unit: NVTX returns the same domain for the same name. */
    static nvtxDomainHandle_t domain;
    if (!domain)
        domain = nvtxDomainCreateA(MMPROF_NVTX_DOMAIN);
    return domain;
}

/* An ASCII range of text in domain. */
static inline void mmprof_range_push(nvtxDomainHandle_t domain, const char *text)
{
    nvtxEventAttributes_t a;
    a.version = NVTX_VERSION;
    a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    a.category = 0;
    a.colorType = NVTX_COLOR_UNKNOWN;
    a.color = 0;
    a.payloadType = NVTX_PAYLOAD_UNKNOWN;
    a.reserved0 = 0;
    a.payload.ullValue = 0;
    a.messageType = NVTX_MESSAGE_TYPE_ASCII;
    a.message.ascii = text;
    nvtxDomainRangePushEx(domain, &a);
}

/* Opens a declared region; declaration as above. */
static inline void mmprof_declare_push(const char *declaration)
{
    mmprof_range_push(mmprof_domain(), declaration);
}

/* Closes the innermost declared region of this thread. */
static inline void mmprof_declare_pop(void)
{
    nvtxDomainRangePop(mmprof_domain());
}

static inline nvtxDomainHandle_t mmprof_range_domain(void)
{
    static nvtxDomainHandle_t domain;
    if (!domain)
        domain = nvtxDomainCreateA(MMPROF_RANGE_DOMAIN);
    return domain;
}

/* Opens one iteration of a loop (range replay); iterations do not nest. */
static inline void mmprof_iteration_push(void)
{
    mmprof_range_push(mmprof_range_domain(), MMPROF_ITERATION);
}

/* Closes it. */
static inline void mmprof_iteration_pop(void)
{
    nvtxDomainRangePop(mmprof_range_domain());
}

#endif
