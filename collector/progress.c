#include "collector/progress.h"

#include <math.h>
#include <stdio.h>

#include "common/shape_text.h"
#include "common/util.h"

void progress_init(struct progress *p, size_t total, const struct device_info *d)
{
    p->total = total;
    p->done = 0;
    p->tty = stderr_is_tty();
    p->t0_ms = now_ms();
    p->ok = p->failed = p->skipped = 0;
    fprintf(stderr, "mmprof: %zu variant x size items on %s (%d SMs)\n", total, d->name, d->sm_count);
}

void progress_start(struct progress *p, const char *variant, const struct shape *s)
{
    if (!p->tty)
        return;
    char shape[64];
    fprintf(stderr, "\r\033[K[%zu/%zu %.0fs] %s %s ...", p->done + 1, p->total, (now_ms() - p->t0_ms) / 1e3, variant,
            shape_text(shape, sizeof shape, s->m, s->n, s->k));
    fflush(stderr);
}

void progress_phase(struct progress *p, const char *what)
{
    if (!p->tty)
        return;
    fprintf(stderr, "\r\033[K[%zu/%zu %.0fs] %s ...", p->done, p->total, (now_ms() - p->t0_ms) / 1e3, what);
    fflush(stderr);
}

void progress_row(struct progress *p, const struct result_row *r)
{
    char shape[64], rate[64] = "";
    p->done++;
    if (r->status == STATUS_OK)
        p->ok++;
    else if (r->status == STATUS_FAILED)
        p->failed++;
    else
        p->skipped++;
    shape_text(shape, sizeof shape, r->m, r->n, r->k);
    if (!isnan(r->gflops))
        snprintf(rate, sizeof rate, "%9.3f ms %8.1f GFLOP/s", r->runtime_ms, r->gflops);
    else if (!isnan(r->gbs))
        snprintf(rate, sizeof rate, "%9.3f ms %8.1f GB/s", r->runtime_ms, r->gbs);
    fprintf(stderr, "%s[%3zu/%zu] %-7s %-22s %-16s %s%s%s\n", p->tty ? "\r\033[K" : "", p->done, p->total,
            status_name(r->status), r->variant, shape, rate, r->status == STATUS_OK ? "" : "  ",
            r->status == STATUS_OK ? "" : r->reason);
}

void progress_done(struct progress *p, const char *dir)
{
    fprintf(stderr, "mmprof: %d ok, %d failed, %d skipped in %.1f s; run directory: %s\n", p->ok, p->failed,
            p->skipped, (now_ms() - p->t0_ms) / 1e3, dir);
}
