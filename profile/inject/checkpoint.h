/* The context's device memory saved before a profiled launch and restored
 * before each replay pass and before the app's own launch, so a kernel that
 * writes its inputs computes what it would have without mmprof (CUPTI
 * Checkpoint API, whose header is C++ only: checkpoint.cu wraps it). */
#ifndef MMPROF_PROFILE_INJECT_CHECKPOINT_H
#define MMPROF_PROFILE_INJECT_CHECKPOINT_H

#include <cuda.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct checkpoint;

/* Saves ctx's device memory (the context must be idle); NULL with why. */
struct checkpoint *checkpoint_save(CUcontext ctx, char *why, size_t why_len);
/* 0, or -1 with why. */
int checkpoint_restore(struct checkpoint *c, char *why, size_t why_len);
void checkpoint_free(struct checkpoint *c);

#ifdef __cplusplus
}
#endif

#endif
