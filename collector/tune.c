#include "collector/tune.h"

#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "collector/cuda_check.h"
#include "collector/device.h"
#include "collector/measure.h"
#include "collector/workload.h"
#include "common/shape_text.h"
#include "common/util.h"
#include "model/best_config.h"
#include "kernels/launch.h"

/* One candidate tile at one shape. */
struct trial {
    const struct best_config *c;
    int ok;          /* verified and timed */
    int sticky;      /* the CUDA context was lost: stop */
    double rel_err;
    double ms, min_ms;
    char why[256];
};

/* Verifies and times `best` with c forced for s (the in-memory table
 * points s at c while the trial runs). */
static void run_trial(const struct tune_options *o, const struct variant *best, struct workload *w,
                      const struct best_config *c, struct trial *t)
{
    unsigned long long nonfinite = 0;
    int sticky = 0;
    struct timing_stats st;
    memset(t, 0, sizeof *t);
    t->c = c;
    t->rel_err = NAN;
    if (best_tune_set(&w->shape, c, 0, 0) != 0) {
        snprintf(t->why, sizeof t->why, "tune table full");
        return;
    }
    if (workload_verify(w, best, &t->rel_err, &nonfinite, &sticky, t->why, sizeof t->why) != 0) {
        t->sticky = sticky;
        return;
    }
    if (nonfinite || !(t->rel_err <= tolerance_for(best))) {
        snprintf(t->why, sizeof t->why, "wrong result: relative error %.3g, %llu NaN/Inf", t->rel_err, nonfinite);
        return;
    }
    if (time_variant(best, w, &o->timing, &st, t->why, sizeof t->why) != 0) {
        t->sticky = cuda_error_is_sticky(cudaDeviceSynchronize());
        return;
    }
    t->ok = 1;
    t->ms = st.median_ms;
    t->min_ms = st.min_ms;
    free(st.samples_ms); /* tune keeps the median only */
}

static double gflops(const struct shape *s, double ms)
{
    return 2.0 * s->m * s->n * s->k / (ms * 1e6);
}

/* All candidates at one shape; the winner goes into the table. Returns 0,
 * -1 when no candidate passed (the table then keeps no entry for s), or -2
 * when the CUDA context was lost (nothing more can run). */
static int tune_shape(const struct tune_options *o, const struct device_info *d, const struct shape *s)
{
    char why[512], shape[64];
    struct workload w;
    size_t n;
    const struct best_config *cs = best_configs(&n);
    const struct variant *best = registry_find("best");
    struct trial t, win = {0}; /* win.c NULL: none verified yet */
    if (workload_create(&w, FAMILY_MATMUL, s, o->seed, d->l2_bytes, why, sizeof why) != 0) {
        msg_error("%ldx%ldx%ld: %s", s->m, s->n, s->k, why);
        workload_destroy(&w);
        return -1;
    }
    printf("\n%s (MxNxK)\n", shape_text(shape, sizeof shape, s->m, s->n, s->k));
    printf("  %-21s %10s %10s %10s %10s\n", "config", "median_ms", "min_ms", "GFLOP/s", "rel_error");
    int lost = 0;
    for (size_t i = 0; i < n && !lost; i++) {
        run_trial(o, best, &w, &cs[i], &t);
        if (!t.ok) {
            printf("  %-21s failed: %s\n", cs[i].name, t.why);
            lost = t.sticky;
            continue;
        }
        printf("  %-21s %10.4f %10.4f %10.1f %10.2g\n", cs[i].name, t.ms, t.min_ms, gflops(s, t.ms), t.rel_err);
        if (!win.c || t.ms < win.ms)
            win = t;
    }
    workload_destroy(&w);
    if (lost) {
        msg_error("the CUDA context was lost; stopping");
        return -2;
    }
    if (!win.c) {
        msg_error("%ldx%ldx%ld: no configuration verified; best keeps its default there", s->m, s->n, s->k);
        return -1;
    }
    best_tune_set(s, win.c, win.ms, gflops(s, win.ms));
    printf("  chosen: %s (%.1f GFLOP/s)\n", win.c->name, gflops(s, win.ms));
    return 0;
}

/* Starts from the existing file, so shapes tuned before are kept. */
static void load_existing(const char *path)
{
    struct stat st;
    char why[512];
    best_tune_reset();
    if (stat(path, &st) != 0)
        return;
    if (best_tune_load(path, why, sizeof why) != 0) {
        msg_warn("%s; it will be rewritten", why);
        best_tune_reset();
    }
}

int tune_run(const struct tune_options *o)
{
    char why[512], path[4096];
    struct device_info d;
    int failed = 0;
    if (device_count(why, sizeof why) <= 0) {
        msg_error("%s; tune needs a GPU", why);
        return EXIT_RUNTIME;
    }
    if (device_open(o->device, &d, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    if (o->tune_file)
        snprintf(path, sizeof path, "%s", o->tune_file);
    else if (best_tune_default_path(d.name, path, sizeof path) != 0) {
        msg_error("no cache directory ($HOME and $XDG_CACHE_HOME unset): give --tune-file");
        return EXIT_RUNTIME;
    }
    /* best loads a tune table the first time it needs a tile: let that
     * happen now, before the table being built is filled, so it cannot
     * replace it half way */
    (void)variant_best_config(NULL);
    load_existing(path);
    size_t nconfigs;
    best_configs(&nconfigs);
    printf("mmprof tune: %s, %zu configurations of best per shape, input seed %llu\n", d.name, nconfigs,
           (unsigned long long)o->seed);
    for (size_t i = 0; i < o->nshapes; i++) {
        int rc = tune_shape(o, &d, &o->shapes[i]);
        failed |= rc != 0;
        if (rc == -2)
            return EXIT_RUNTIME; /* the table so far is not written: the GPU is in doubt */
    }
    if (o->dry_run) {
        printf("\n--dry-run: %s not written\n", path);
        return failed ? EXIT_RUNTIME : EXIT_OK;
    }
    if (best_tune_save(path, d.name, why, sizeof why) != 0) {
        msg_error("%s", why);
        return EXIT_RUNTIME;
    }
    printf("\ntune table written: %s (best reads it at launch; see model/best_config.h)\n", path);
    return failed ? EXIT_RUNTIME : EXIT_OK;
}
