/* NVTX ranges from CUPTI's callbacks (nvtx_callbacks.h). */
#include "profile/inject/nvtx_callbacks.h"

#include <cupti_nvtx_cbid.h>
#include <generated_nvtx_meta.h>
#include <pthread.h>
#include <stdio.h>

#define DOMAINS_MAX 64

static struct {
    pthread_mutex_t lock;
    struct {
        nvtxDomainHandle_t handle;
        char name[NVTX_DOMAIN_MAX];
    } d[DOMAINS_MAX];
    size_t n;
} domains = {.lock = PTHREAD_MUTEX_INITIALIZER};

static const char *domain_name(nvtxDomainHandle_t d)
{
    for (size_t i = 0; i < domains.n; i++)
        if (domains.d[i].handle == d)
            return domains.d[i].name;
    return "?";
}

static const char *attrib_text(const nvtxEventAttributes_t *a)
{
    if (a && a->messageType == NVTX_MESSAGE_TYPE_ASCII && a->message.ascii)
        return a->message.ascii;
    return ""; /* registered and wide strings: an unnamed range */
}

void nvtx_callback(CUpti_CallbackId cbid, const CUpti_NvtxData *d, struct nvtx_stack *stack)
{
    switch (cbid) {
    case CUPTI_CBID_NVTX_nvtxRangePushA:
        nvtx_stack_push(stack, NULL, ((const nvtxRangePushA_params *)d->functionParams)->message);
        break;
    case CUPTI_CBID_NVTX_nvtxRangePushEx:
        nvtx_stack_push(stack, NULL,
                        attrib_text(((const nvtxRangePushEx_params *)d->functionParams)->eventAttrib));
        break;
    case CUPTI_CBID_NVTX_nvtxRangePop:
        nvtx_stack_pop(stack, NULL);
        break;
    case CUPTI_CBID_NVTX_nvtxDomainRangePushEx: {
        const nvtxDomainRangePushEx_params *p = d->functionParams;
        nvtx_stack_push(stack, domain_name(p->domain), attrib_text(p->core.eventAttrib));
        break;
    }
    case CUPTI_CBID_NVTX_nvtxDomainRangePop:
        nvtx_stack_pop(stack,
                       domain_name(((const nvtxDomainRangePop_params *)d->functionParams)->domain));
        break;
    case CUPTI_CBID_NVTX_nvtxDomainCreateA: {
        const nvtxDomainHandle_t *h = d->functionReturnValue;
        pthread_mutex_lock(&domains.lock);
        if (h && domains.n < DOMAINS_MAX) {
            domains.d[domains.n].handle = *h;
            snprintf(domains.d[domains.n].name, NVTX_DOMAIN_MAX, "%s",
                     ((const nvtxDomainCreateA_params *)d->functionParams)->name);
            domains.n++;
        }
        pthread_mutex_unlock(&domains.lock);
        break;
    }
    default:
        break;
    }
}

