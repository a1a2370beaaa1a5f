/* CUPTI Checkpoint API behind a C interface (checkpoint.h). Host code only:
 * a .cu file because cupti_checkpoint.h declares its functions inside C++
 * namespaces. */
#include "profile/inject/checkpoint.h"

#include <cupti_checkpoint.h>
#include <cupti_result.h>
#include <stdio.h>
#include <stdlib.h>

using NV::Cupti::Checkpoint::CUpti_Checkpoint;

struct checkpoint {
    CUpti_Checkpoint cp;
};

static void say(CUptiResult r, const char *call, char *why, size_t why_len)
{
    const char *s = "unknown";
    cuptiGetResultString(r, &s);
    snprintf(why, why_len, "%s failed (%s): device memory cannot be saved and restored around the "
             "replays; profile fewer launches (-k, -c) or free device memory",
             call, s);
}

extern "C" struct checkpoint *checkpoint_save(CUcontext ctx, char *why, size_t why_len)
{
    struct checkpoint *c = (struct checkpoint *)calloc(1, sizeof *c);
    if (!c) {
        snprintf(why, why_len, "out of memory for a checkpoint");
        return NULL;
    }
    c->cp.structSize = CUpti_Checkpoint_STRUCT_SIZE;
    c->cp.ctx = ctx;
    c->cp.allowOverwrite = 0;
    c->cp.optimizations = 0; /* every block restored: the replays run the same kernel each time */
    CUptiResult r = NV::Cupti::Checkpoint::cuptiCheckpointSave(&c->cp);
    if (r != CUPTI_SUCCESS) {
        say(r, "cuptiCheckpointSave", why, why_len);
        free(c);
        return NULL;
    }
    return c;
}

extern "C" int checkpoint_restore(struct checkpoint *c, char *why, size_t why_len)
{
    CUptiResult r = NV::Cupti::Checkpoint::cuptiCheckpointRestore(&c->cp);
    if (r != CUPTI_SUCCESS) {
        say(r, "cuptiCheckpointRestore", why, why_len);
        return -1;
    }
    return 0;
}

extern "C" void checkpoint_free(struct checkpoint *c)
{
    if (!c)
        return;
    (void)NV::Cupti::Checkpoint::cuptiCheckpointFree(&c->cp); /* teardown: nothing to undo */
    free(c);
}
