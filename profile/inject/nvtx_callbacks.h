/* NVTX calls as CUPTI reports them (CUPTI_CB_DOMAIN_NVTX, with libcupti as
 * the app's NVTX injection): push and pop ranges, with their domains, onto
 * the calling thread's range stack. Domain handles are named when they are
 * created (nvtxDomainCreateA); a handle never seen created is "?". */
#ifndef MMPROF_PROFILE_INJECT_NVTX_CALLBACKS_H
#define MMPROF_PROFILE_INJECT_NVTX_CALLBACKS_H

#include <cupti_callbacks.h>

#include "profile/nvtx_stack.h"

/* One NVTX callback of the thread whose ranges are stack. */
void nvtx_callback(CUpti_CallbackId cbid, const CUpti_NvtxData *d, struct nvtx_stack *stack);

#endif
