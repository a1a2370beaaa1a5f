/* CUPTI's kernel records into activity.tsv (activity.h). The buffers are
 * CUPTI's to fill and ours to free; lines are written whole, many to one
 * write() on an O_APPEND descriptor, so processes never mix within a line. */
#include "profile/inject/activity.h"
#include "rundir/run_files.h"

#include "profile/activity_log.h"

#include <cupti_activity.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define ACTIVITY_BUFFER_BYTES (4u << 20)
#define ACTIVITY_ALIGN_BYTES 8
#define ACTIVITY_CHUNK_BYTES (64u << 10)

static struct {
    int fd;
    long pid;
    int enabled;
    CUpti_ActivityKind kind; /* KERNEL (serial timing) or CONCURRENT_KERNEL */
} act = {.fd = -1};

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records)
{
    *buffer = aligned_alloc(ACTIVITY_ALIGN_BYTES, ACTIVITY_BUFFER_BYTES);
    *size = *buffer ? ACTIVITY_BUFFER_BYTES : 0; /* 0: CUPTI drops records and counts them */
    *max_records = 0;
}

static void put(const char *chunk, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(act.fd, chunk + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            fprintf(stderr, "mmprof profile: writing %s failed (%s): launches go untimed\n", ACTIVITY_TSV,
                    strerror(errno));
            return;
        }
        done += (size_t)w;
    }
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size,
                                      size_t valid)
{
    (void)size;
    static char chunk[ACTIVITY_CHUNK_BYTES]; /* CUPTI hands buffers back one at a time */
    size_t used = 0;
    CUpti_Activity *rec = NULL;
    while (cuptiActivityGetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS) {
        if (rec->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL && rec->kind != CUPTI_ACTIVITY_KIND_KERNEL)
            continue;
        const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)rec;
        struct activity_record r = {act.pid, k->correlationId, k->start, k->end,
                                    {(unsigned)k->gridX, (unsigned)k->gridY, (unsigned)k->gridZ},
                                    {(unsigned)k->blockX, (unsigned)k->blockY, (unsigned)k->blockZ}};
        if (used + ACTIVITY_LOG_LINE_MAX > sizeof chunk) {
            put(chunk, used);
            used = 0;
        }
        int n = activity_log_format(chunk + used, sizeof chunk - used, &r);
        if (n > 0)
            used += (size_t)n;
    }
    if (used)
        put(chunk, used);
    size_t dropped = 0;
    if (cuptiActivityGetNumDroppedRecords(ctx, stream, &dropped) == CUPTI_SUCCESS && dropped)
        fprintf(stderr, "mmprof profile: CUPTI dropped %zu kernel records: those launches go untimed\n",
                dropped);
    free(buffer);
}

/* "cuptiActivityEnable(KERNEL)" and the like, for messages. */
static const char *kind_call(int enable)
{
    if (act.kind == CUPTI_ACTIVITY_KIND_KERNEL)
        return enable ? "cuptiActivityEnable(KERNEL)" : "cuptiActivityDisable(KERNEL)";
    return enable ? "cuptiActivityEnable(CONCURRENT_KERNEL)" : "cuptiActivityDisable(CONCURRENT_KERNEL)";
}

static int cupti_ok(CUptiResult r, const char *call, char *why, size_t why_len)
{
    if (r == CUPTI_SUCCESS)
        return 1;
    const char *s = "unknown";
    cuptiGetResultString(r, &s);
    snprintf(why, why_len, "%s failed (%s)", call, s);
    return 0;
}

int activity_start(const char *dir, long pid, enum kernel_timing timing, char *why, size_t why_len)
{
    char path[4200];
    run_path(path, sizeof path, dir, ACTIVITY_TSV);
    act.pid = pid;
    act.kind = timing == KERNEL_TIMING_CONCURRENT ? CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL : CUPTI_ACTIVITY_KIND_KERNEL;
    act.fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (act.fd < 0) {
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    if (!cupti_ok(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed),
                  "cuptiActivityRegisterCallbacks", why, why_len) ||
        !cupti_ok(cuptiActivityEnable(act.kind), kind_call(1), why, why_len)) {
        close(act.fd);
        act.fd = -1;
        return -1;
    }
    act.enabled = 1;
    return 0;
}

void activity_pause(int paused)
{
    if (!act.enabled)
        return;
    CUptiResult r = paused ? cuptiActivityDisable(act.kind) : cuptiActivityEnable(act.kind);
    if (r != CUPTI_SUCCESS)
        fprintf(stderr, "mmprof profile: %s failed: %s\n", kind_call(!paused),
                paused ? "the replays may lose their SASS counters" : "later launches go untimed");
}

void activity_flush(void)
{
    if (act.enabled && cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED) != CUPTI_SUCCESS)
        fprintf(stderr, "mmprof profile: cuptiActivityFlushAll failed: the last launches may go untimed\n");
}
