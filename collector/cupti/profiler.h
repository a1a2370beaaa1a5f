/* Hardware counters of one kernel launch through the CUPTI Range Profiler (auto
 * range + user replay: one range per kernel, so elapsed-cycle metrics are the
 * kernel's alone) and the Profiler Host API.
 *
 *   profiler_open     once per run: checks the device, splits the metric set into
 *                     config images (config_plan.h), enables the Range Profiler
 *   profiler_measure_batch  the variants of one family x shape: one row each,
 *                     named "variant/MxNxK", replayed image by image, pass by
 *                     pass, every row in each pass: prepare() (L2 flush, input
 *                     restore), whose kernels' ranges are dropped, then work()
 *                     (one kernel launch + sync), whose kernel's range is the
 *                     row's; profiler_measure is a batch of one
 *   profiler_close
 *
 * Offline (no GPU, no driver): profiler_offline_check validates names and counts
 * passes for a chip name such as "GH100"; metrics_list_chip lists a chip's metrics.
 *
 * Every function that can fail returns a status and writes one sentence into err
 * naming the thing that failed and the fix. This header needs no CUPTI headers. */
#ifndef MMPROF_PROFILER_PROFILER_H
#define MMPROF_PROFILER_PROFILER_H

#include <stddef.h>
#include <stdio.h>

#include "collector/cupti/metric_set.h"

enum profiler_status {
    PROFILER_OK = 0,
    PROFILER_NO_DEVICE,               /* no driver, no GPU, or no such device index */
    PROFILER_INSUFFICIENT_PRIVILEGES, /* counters restricted to admin users */
    PROFILER_MULTIPLE_SUBSCRIBERS,    /* another profiler (ncu, nsys, DCGM) holds CUPTI/counters */
    PROFILER_UNSUPPORTED_CHIP,        /* GPU, chip name or configuration CUPTI cannot profile */
    PROFILER_BAD_METRIC,              /* a metric name the chip does not know */
    PROFILER_ERROR,                   /* anything else (message says what) */
};

/* "ok", "no_device", "insufficient_privileges", "multiple_subscribers",
 * "unsupported_chip", "bad_metric", "error" (for run.json). */
/* The CUPTI API version this build was compiled against (CUPTI_API_VERSION),
 * for run.json, so code outside cupti/ includes no CUPTI header. */
long profiler_cupti_api_version(void);
const char *profiler_status_name(enum profiler_status s);

/* 1 when the status only refuses profiling, so a run can go on timing kernels
 * without counters (privileges, another profiler, unsupported chip). */
int profiler_status_timing_continues(enum profiler_status s);

struct profiler;

/* How the metric set becomes config images. */
enum profiler_schedule {
    /* Default: greedy images, each taking only the passes of the metric that
     * opened it, so every counter is read whole (config_plan.h). */
    PROFILER_WHOLE_COUNTERS = 0,
    /* One image for the set, split over passes by CUPTI (some totals are then
     * scaled from part of the units and move between runs). */
    PROFILER_ONE_IMAGE,
    /* Images of one pass each (greedy, as the default, without letting CUPTI
     * split any): an application replay measures one image an app run, in
     * place. A metric that alone takes more than one pass is refused. */
    PROFILER_ONE_PASS_IMAGES,
};

/* "whole-counters" / "one-image" / "one-pass-images" (for run.json). */
const char *profiler_schedule_name(enum profiler_schedule how);

/* Makes cuda_device current (its primary context, the one the CUDA runtime uses
 * for the kernels) and prepares CUPTI for ms, which must outlive the profiler.
 * Checks for a device with cudaGetDeviceCount before any CUPTI target call:
 * those crash without a driver. */
enum profiler_status profiler_open(struct profiler **p, const struct metric_set *ms,
                                   int cuda_device, enum profiler_schedule how, char *err,
                                   size_t err_len);

/* Passes one range needs for the metric set, over all its config images (the
 * kernel is launched that often). */
size_t profiler_passes(const struct profiler *p);

/* Config images the metric set was split into. */
size_t profiler_configs(const struct profiler *p);

/* The CUDA device ordinal the profiler was opened on. */
int profiler_device(const struct profiler *p);

/* The chip name CUPTI reports, e.g. "GH100". */
const char *profiler_chip(const struct profiler *p);

/* Unit of column i: the metric table's, or CUPTI's for a Perfworks name the table
 * does not know (e.g. "l2_sector"). */
const char *profiler_column_unit(const struct profiler *p, size_t column);

/* Measures one row: for each config image, SetConfig, then for each pass
 * Start, prepare(ctx, cold_l2), work(ctx), Stop, until CUPTI has every pass,
 * then DecodeData and the evaluation of work's kernel's range; finally the
 * column values into column_values (ms->ncols values, NaN where a value could
 * not be evaluated). prepare may be NULL; it restores what work overwrote and,
 * when cold_l2 is 1, empties L2: cold_l2 is 0 for an image whose metrics all
 * count events the cache state cannot change (METRIC_EXACT,
 * common/metric_class.h), which spares its passes the flush. A callback
 * returns the number of kernels it launched (the same in every pass of an
 * image; work's must be 1: a launch that runs several kernels fails its row
 * with the count), or -1 to abort the measurement with PROFILER_ERROR.
 * range_name names the row in messages. */
enum profiler_status profiler_measure(struct profiler *p, const char *range_name,
                                      int (*prepare)(void *ctx, int cold_l2), int (*work)(void *ctx),
                                      void *ctx, double *column_values, char *err,
                                      size_t err_len);

/* One range of a batch. */
struct profiler_range {
    const char *name;            /* "variant/MxNxK", for messages */
    int (*prepare)(void *ctx, int cold_l2); /* before work in each pass (profiler_measure):
                                               kernels launched, or -1; may be NULL */
    int (*work)(void *ctx);      /* the row's kernel: kernels launched (1), or -1 */
    int expected_kernels;        /* prepare's and work's kernels together with a cold L2,
                                    if known (0 = unknown): sizes the passes, whose cost
                                    grows with it */
    int cold_l2_kernels;         /* of those, prepare's only when cold_l2 (the flush's) */
    void *ctx;
    double *column_values;       /* out: ms->ncols values, NaN where not evaluated */
    enum profiler_status status; /* out */
    char err[320];               /* out: why, when status is not PROFILER_OK */
};

/* Measures n rows as profiler_measure does, image-major: every row with the
 * first config image, then every row with the next, many ranges in each pass
 * (at most REPLAY_RANGES_MAX, profiler_measure.c). A Range Profiler object replays only the first image set on it, so
 * each image needs a fresh object, whose first Start costs about 170 ms on an
 * H100 (later Starts about 20 ms): a batch pays it once per image, not once
 * per range. A
 * range that fails keeps its own status and message and is skipped for later
 * images; the others go on. Returns PROFILER_OK, or the first failing range's
 * status. */
enum profiler_status profiler_measure_batch(struct profiler *p, struct profiler_range *ranges,
                                            size_t n);

/* One config image of the set (0 .. profiler_configs - 1) for one range, as
 * profiler_measure measures each: the raw values (ms->nraw, in ms->raw's
 * order, NaN outside the image) into raw_values, for a caller that runs
 * the work once per image and joins the images itself (metric_set_evaluate).
 * Only that image is ever set on the Range Profiler object, so the object
 * lives from the first range to the last. */
enum profiler_status profiler_measure_image(struct profiler *p, size_t image, const char *range_name,
                                            int (*prepare)(void *ctx, int cold_l2), int (*work)(void *ctx),
                                            void *ctx, double *raw_values, char *err, size_t err_len);

/* In place (application replay, PROFILER_ONE_PASS_IMAGES): the caller's own
 * kernels measured where they run, many in one pass of one config image.
 *   profiler_inplace_begin   SetConfig of image (it must take one pass) for
 *                            at most capacity ranges, then Start
 *   ... every kernel launched in the context is a range, in launch order ...
 *   profiler_inplace_end     Stop and decode; fails unless the pass holds
 *                            exactly `ranges` ranges (the kernels counted)
 *   profiler_inplace_values  range i's raw values (ms->nraw, NaN outside the
 *                            image), any number of times until the next begin
 * profiler_image_passes: the passes image takes (0: no such image);
 * profiler_image_cold_l2: 1 when its kernels are to be measured after an L2
 * flush (config_group_cold_l2), 0 when every count it holds is exact. */
size_t profiler_image_passes(const struct profiler *p, size_t image);
int profiler_image_cold_l2(const struct profiler *p, size_t image);
enum profiler_status profiler_inplace_begin(struct profiler *p, size_t image, size_t capacity, char *err,
                                            size_t err_len);
enum profiler_status profiler_inplace_end(struct profiler *p, size_t ranges, char *err, size_t err_len);
enum profiler_status profiler_inplace_values(struct profiler *p, size_t range, double *raw_values, char *err,
                                             size_t err_len);

/* PC sampling and the Range Profiler cannot be enabled on a context at once:
 * profiler_suspend disables the Range Profiler (the counters of measured rows
 * are kept), profiler_resume enables it again for the next measurement. */
void profiler_suspend(struct profiler *p);
enum profiler_status profiler_resume(struct profiler *p, char *err, size_t err_len);

void profiler_close(struct profiler *p);

/* The chip of cuda_device ("GH100"), e.g. for `mmprof info --metrics` on a GPU
 * machine. PROFILER_NO_DEVICE when there is none: use an offline chip name then.
 * It initialises and releases CUPTI's profiler: while a profiler is open, use
 * profiler_chip() instead. */
enum profiler_status profiler_device_chip(int cuda_device, char *chip, size_t chip_len,
                                          char *err, size_t err_len);

/* Validates every raw metric of ms for chip and counts the passes (over all
 * config images, of which *configs, when not NULL) as profiler_open would
 * schedule them, with the Profiler Host API alone: needs no GPU and no driver. */
enum profiler_status profiler_offline_check(const char *chip, const struct metric_set *ms,
                                            enum profiler_schedule how, size_t *passes,
                                            size_t *configs, char *err, size_t err_len);

/* `mmprof info --metrics [PATTERN]`: the chip's base metrics with type, unit and
 * description, filtered by pattern (substring, or glob with * ? [; NULL = all).
 * Offline: works without a GPU for any chip CUPTI knows ("GH100"). Errors go to
 * err, the listing to out. */
enum profiler_status metrics_list_chip(FILE *out, const char *chip, const char *pattern,
                                       char *err, size_t err_len);

#endif
