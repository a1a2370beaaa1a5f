/* Launch replay (capture.h); the capture itself is capture_params.c's. */
#include "profile/inject/capture.h"

#include <string.h>

CUresult capture_replay(const struct capture *c)
{
    switch (c->api) {
    case CAPTURE_KERNEL_EX:
        return cuLaunchKernelEx(c->config, c->f, c->params, c->extra);
    case CAPTURE_COOPERATIVE:
        return cuLaunchCooperativeKernel(c->f, c->grid[0], c->grid[1], c->grid[2], c->block[0],
                                         c->block[1], c->block[2], c->smem_dynamic_bytes, c->stream,
                                         c->params);
    case CAPTURE_KERNEL:
        break;
    }
    return cuLaunchKernel(c->f, c->grid[0], c->grid[1], c->grid[2], c->block[0], c->block[1],
                          c->block[2], c->smem_dynamic_bytes, c->stream, c->params, c->extra);
}
