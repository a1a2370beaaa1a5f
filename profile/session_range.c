/* Range replay (session.h, session_range_*): one NVTX push/pop range of the
 * app, repeated (a loop's iteration), is the unit. Its first repeat learns
 * its launches (kernel, grid, block, in order); each later repeat is one
 * pass of the next one-pass config image, its kernels measured where they
 * run, as they run: no replay, no flush, the app's own cache state. A repeat
 * that launches otherwise than the first is refused, naming the launch, and
 * the rows fail with that. Once every image has had its repeat, one row per
 * launch of the first repeat holds the images' values joined; later repeats
 * are timed only. */
#include "profile/session.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile/mmprof.h"

/* The range without --nvtx-include: mmprof.h's iteration mark. */
#define RANGE_DEFAULT MMPROF_RANGE_DOMAIN "@" MMPROF_ITERATION "/"

struct range_kernel {
    long launch; /* its launch in the first repeat */
    char mangled[KERNEL_NAME_MAX], demangled[KERNEL_NAME_MAX];
    struct nvtx_stack nvtx;
    struct launch_desc d;
    double *raw; /* the images' values so far */
};

struct session_range {
    struct nvtx_include spec;
    size_t depth;       /* the open repeat's range's depth in the stack; 0 = none open */
    const struct nvtx_stack *owner; /* the stack (thread) whose range the open repeat is */
    long repeats;       /* repeats begun */
    size_t pos;         /* launches in the open repeat */
    int pass_open;
    int done;           /* the rows are written */
    char why[512];      /* why the rows fail, "" while none does */
    struct range_kernel *k; /* the first repeat's launches */
    size_t nk;
};

int session_range_open(struct profile_session *s, char *why, size_t why_len)
{
    if (s->set.replay != REPLAY_RANGE)
        return 0;
    struct profile_filter f;
    filter_init(&f);
    int rc = filter_add_nvtx(&f, s->set.nnvtx ? s->set.nvtx[0] : RANGE_DEFAULT, why, why_len);
    s->range = rc ? NULL : calloc(1, sizeof *s->range);
    if (!rc && !s->range) {
        snprintf(why, why_len, "out of memory for range replay");
        rc = 1;
    }
    if (!rc)
        s->range->spec = f.nvtx[0];
    filter_free(&f);
    return rc;
}

/* Whether the stack's innermost range opens a repeat: the spec's last range
 * in its domain, and the spec's path on the stack. */
static int opens_repeat(const struct nvtx_include *spec, const struct nvtx_stack *st)
{
    if (st->depth == 0 || st->depth > NVTX_STACK_MAX)
        return 0;
    const struct nvtx_entry *top = &st->e[st->depth - 1];
    return strcmp(top->domain, spec->domain) == 0 && strcmp(top->text, spec->ranges[spec->n - 1]) == 0 &&
           filter_nvtx_match(spec, st);
}

static size_t images(const struct profile_session *s)
{
    return s->prof && s->prof_status == PROFILER_OK ? profiler_configs(s->prof) : 0;
}

/* The rows of the first repeat's launches: the joined values, or failed with
 * why. */
static int write_rows(struct profile_session *s, const char *why)
{
    struct session_range *r = s->range;
    enum filter_verdict verdict = s->verdict;
    int rc = 0;
    for (size_t i = 0; i < r->nk; i++) {
        s->verdict = FILTER_PROFILE;
        s->status = why ? PROFILER_ERROR : PROFILER_OK;
        size_t n = why ? strlen(why) : 0; /* cut to the row's reason */
        n = n < sizeof s->err ? n : sizeof s->err - 1;
        memcpy(s->err, why ? why : "", n);
        s->err[n] = '\0';
        if (!why)
            metric_set_evaluate(&s->ms, r->k[i].raw, s->values);
        if (session_write_launch(s, &r->k[i].d, r->k[i].launch, SESSION_ROW) != 0)
            rc = -1;
    }
    s->verdict = verdict;
    r->done = 1;
    return rc;
}

/* The open repeat ends: its pass's values joined in, and, after the last
 * image, the rows. */
static void end_repeat(struct profile_session *s, const struct launch_ops *ops)
{
    struct session_range *r = s->range;
    r->depth = 0;
    if (r->repeats == 1 && !r->why[0] && r->nk == 0)
        snprintf(r->why, sizeof r->why, "the range's first repeat launched no kernel");
    if (!r->pass_open)
        return;
    r->pass_open = 0;
    char why[320] = "";
    if (r->pos != r->nk && !r->why[0])
        snprintf(r->why, sizeof r->why, "repeat %ld of the range launched %zu kernels where the first launched %zu",
                 r->repeats, r->pos, r->nk);
    int waited = ops->work(ops->ctx) == 0;
    enum profiler_status st = profiler_inplace_end(s->prof, r->pos, why, sizeof why);
    if (s->timing_pause)
        s->timing_pause(0);
    if ((!waited || st != PROFILER_OK) && !r->why[0])
        snprintf(r->why, sizeof r->why, "repeat %ld of the range: %s", r->repeats,
                 waited ? why : "waiting for its kernels failed");
    for (size_t i = 0; !r->why[0] && i < r->nk; i++) {
        if (profiler_inplace_values(s->prof, i, s->raw, why, sizeof why) != PROFILER_OK) {
            snprintf(r->why, sizeof r->why, "repeat %ld of the range: %s", r->repeats, why);
            break;
        }
        for (size_t j = 0; j < s->ms.nraw; j++)
            if (!isnan(s->raw[j])) /* this image's */
                r->k[i].raw[j] = s->raw[j];
    }
    if ((size_t)r->repeats == 1 + images(s) && !r->done && write_rows(s, r->why[0] ? r->why : NULL) != 0)
        fprintf(stderr, "mmprof profile: writing the range's rows failed\n");
}

/* A repeat begins: a pass of the next image, when one is left. */
static void begin_repeat(struct profile_session *s, const struct nvtx_stack *st)
{
    struct session_range *r = s->range;
    r->depth = st->depth;
    r->owner = st;
    r->pos = 0;
    r->repeats++;
    size_t image = (size_t)r->repeats - 2;
    if (r->repeats < 2 || image >= images(s) || r->done || r->why[0])
        return;
    char why[320];
    if (s->timing_pause) /* this repeat's launches go untimed; the others time the rows */
        s->timing_pause(1);
    if (profiler_inplace_begin(s->prof, image, r->nk, why, sizeof why) != PROFILER_OK) {
        snprintf(r->why, sizeof r->why, "repeat %ld of the range: %s", r->repeats, why);
        if (s->timing_pause)
            s->timing_pause(0);
    } else {
        r->pass_open = 1;
    }
}

void session_range_nvtx(struct profile_session *s, const struct nvtx_stack *st, const struct launch_ops *ops)
{
    struct session_range *r = s->range;
    if (!r)
        return;
    if (r->depth && st == r->owner && st->depth < r->depth)
        end_repeat(s, ops);
    else if (!r->depth && opens_repeat(&r->spec, st))
        begin_repeat(s, st);
}

/* The first repeat's launch, kept for its row. */
static void learn(struct profile_session *s, const struct launch_desc *d)
{
    struct session_range *r = s->range;
    struct range_kernel *grown = realloc(r->k, (r->nk + 1) * sizeof *grown);
    double *raw = malloc((s->ms.nraw ? s->ms.nraw : 1) * sizeof *raw);
    if (grown) { /* moved: each copy's pointers into itself follow it */
        r->k = grown;
        for (size_t i = 0; i < r->nk; i++) {
            grown[i].d.mangled = grown[i].mangled;
            grown[i].d.demangled = grown[i].demangled;
            grown[i].d.nvtx = &grown[i].nvtx;
        }
    }
    if (!grown || !raw) {
        free(raw);
        snprintf(r->why, sizeof r->why, "out of memory for the range's launches");
        return;
    }
    struct range_kernel *k = &r->k[r->nk++];
    k->launch = s->launches;
    snprintf(k->mangled, sizeof k->mangled, "%s", d->mangled);
    snprintf(k->demangled, sizeof k->demangled, "%s", d->demangled);
    k->nvtx = *d->nvtx;
    k->d = *d;
    k->d.mangled = k->mangled;
    k->d.demangled = k->demangled;
    k->d.nvtx = &k->nvtx;
    k->raw = raw;
    for (size_t j = 0; j < s->ms.nraw; j++)
        raw[j] = NAN;
}

enum filter_verdict session_range_verdict(struct profile_session *s, const struct launch_desc *d)
{
    struct session_range *r = s->range;
    if (!r->depth)
        return FILTER_OTHER_NVTX;
    if (r->repeats == 1) {
        if (!s->set.list_only)
            learn(s, d);
        return FILTER_PROFILE;
    }
    size_t pos = r->pos++;
    if (!r->pass_open || r->why[0])
        return FILTER_REPEAT;
    const struct launch_desc *want = pos < r->nk ? &r->k[pos].d : NULL;
    if (!want)
        snprintf(r->why, sizeof r->why, "repeat %ld of the range launched %s beyond the %zu kernels of its first "
                 "repeat", r->repeats, d->demangled, r->nk);
    else if (strcmp(want->mangled, d->mangled) != 0 || memcmp(want->grid, d->grid, sizeof d->grid) != 0 ||
             memcmp(want->block, d->block, sizeof d->block) != 0)
        snprintf(r->why, sizeof r->why, "repeat %ld of the range launched %s grid %u,%u,%u block %u,%u,%u as its "
                 "launch %zu where the first repeat launched %s grid %u,%u,%u block %u,%u,%u", r->repeats,
                 d->demangled, d->grid[0], d->grid[1], d->grid[2], d->block[0], d->block[1], d->block[2], pos + 1,
                 want->demangled, want->grid[0], want->grid[1], want->grid[2], want->block[0], want->block[1],
                 want->block[2]);
    return FILTER_REPEAT;
}

int session_range_finish(struct profile_session *s, const struct launch_ops *ops)
{
    struct session_range *r = s->range;
    if (!r)
        return 0;
    if (r->depth)
        end_repeat(s, ops);
    int rc = 0;
    if (!r->done && r->nk > 0) {
        char why[512];
        snprintf(why, sizeof why, "%s", r->why);
        if (!why[0])
            snprintf(why, sizeof why, "the range ran %ld times; range replay needs %zu (one to learn its kernels, "
                     "one per config image)", r->repeats, 1 + images(s));
        rc = write_rows(s, why);
    }
    for (size_t i = 0; i < r->nk; i++)
        free(r->k[i].raw);
    free(r->k);
    free(r);
    s->range = NULL;
    return rc;
}
