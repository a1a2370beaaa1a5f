/* Reading the sources (inputs.h). */
#include "xcheck/inputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "rundir/run_files.h"
#include "common/kernel_name.h"
#include "xcheck/launch_pair.h"
#include "xcheck/ncu_csv.h"
#include "xcheck/ncu_launches.h"

#define ERR_LEN 2400

/* Calls fn on each comma-separated item of each value; stops at the first
 * that fails. */
static int each_item(const struct xc_args *args, int (*fn)(const char *item, void *ctx), void *ctx)
{
    for (size_t i = 0; i < args->n; i++) {
        char *copy = strdup(args->v[i]), *save = NULL;
        if (!copy)
            return -1;
        int rc = 0;
        for (char *tok = strtok_r(copy, ",", &save); tok && rc == 0; tok = strtok_r(NULL, ",", &save))
            rc = fn(tok, ctx);
        free(copy);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int first_item(const char *item, void *ctx)
{
    snprintf(ctx, 4096, "%s", item);
    return 1; /* stop */
}

/* dir's view, read when first named: a run given in two roles (--mmprof
 * and --timing) is read once. NULL with err. */
static const struct run_view *run_of(struct xc_inputs *in, const char *dir, char *err, size_t err_len)
{
    for (size_t i = 0; i < in->nruns; i++)
        if (strcmp(in->runs[i]->dir, dir) == 0)
            return in->runs[i];
    struct run_view **grown = realloc(in->runs, (in->nruns + 1) * sizeof *grown);
    struct run_view *v = malloc(sizeof *v);
    if (grown)
        in->runs = grown;
    if (!grown || !v) {
        free(v);
        snprintf(err, err_len, "out of memory reading %s", dir);
        return NULL;
    }
    if (run_view_load(dir, RUN_VIEW_RESULTS | RUN_VIEW_META_IF_ANY, v, err, err_len) != 0) {
        free(v);
        return NULL;
    }
    in->runs[in->nruns++] = v;
    return v;
}

struct run_ctx {
    struct xc_inputs *in;
    const struct str_list *metrics;
    struct xc_side *side;
    struct xc_statuses *st;
    int verbose;
    const char *option; /* named in errors: "", "--timing: " or "--timing-placements: " */
};

/* Each launch's own unprofiled duration and its clock as a sample of
 * activity (inputs.h). */
static int add_activity(const struct xc_launches *l, struct xc_side *activity)
{
    static const int one_kernel[2] = {1, 1};
    for (size_t i = 0; i < l->n; i++) {
        const double value[2] = {l->gpu_ms[i], l->hz[i]};
        struct xc_sample s = {l->key[i], {1, 1, 1}, value, one_kernel};
        if (l->gpu_ms[i] > 0 && xc_side_add(activity, &s) != 0)
            return -1;
    }
    return 0;
}

static int read_run(const char *dir, void *p)
{
    struct run_ctx *c = p;
    char err[ERR_LEN];
    size_t before = c->side ? c->side->n : 0;
    const struct run_view *v = run_of(c->in, dir, err, sizeof err);
    if (!v || xc_read_run(v, c->metrics, c->side, c->st, err, sizeof err) != 0) {
        msg_error("xcheck: %s%s", c->option, err);
        return -1;
    }
    if (c->st && c->in->launches.n == 0) {
        if (xc_run_launches(v, &c->in->launches) != 0 || add_activity(&c->in->launches, &c->in->activity) != 0) {
            msg_error("xcheck: out of memory reading %s", dir);
            return -1;
        }
        const char *mode = v->meta.root ? meta_str(&v->meta, "profiling.replay_mode") : NULL;
        c->in->activity_with_counters = c->in->launches.n > 0 && mode && strcmp(mode, "application") == 0;
        const char *timing = v->meta.root ? meta_str(&v->meta, "timing.kernel_timing") : NULL;
        c->in->activity_serial = timing && strcmp(timing, "serial") == 0;
    }
    if (c->verbose)
        printf("%s/" RESULTS_CSV ": read (%zu new variant-shape series)\n", dir, c->side ? c->side->n - before : 0);
    return 0;
}

/* An ncu source: "[VARIANTS@MxNxK:]CSV[,CSV...]". */
struct ncu_spec {
    char **variants; /* malloc'ed, as many as the runs hold launches */
    size_t nvariants, cap;
    int per_launch; /* a profile run's: each of ncu's launches paired (launch_pair.h), not named */
    struct xc_shape shape;
    const char *files; /* inside the spec */
};

static void spec_free(struct ncu_spec *s)
{
    for (size_t i = 0; i < s->nvariants; i++)
        free(s->variants[i]);
    free(s->variants);
    s->variants = NULL;
    s->nvariants = s->cap = 0;
}

static int spec_add_variant(struct ncu_spec *s, const char *name, size_t len)
{
    if (len == 0 || len >= XC_VARIANT_MAX)
        return -1;
    if (s->nvariants == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        char **grown = realloc(s->variants, cap * sizeof *grown);
        if (!grown)
            return -1;
        s->variants = grown;
        s->cap = cap;
    }
    return (s->variants[s->nvariants++] = strndup(name, len)) ? 0 : -1;
}

/* Without a prefix: the variants mmprof measured ok, in its order, at the
 * one shape the runs hold (what `mmprof launch` is given for a run's
 * variants); for a `mmprof profile` run, ncu's launches paired with the
 * launches it profiled, file by file (read_ncu). */
static int default_launch(const struct xc_inputs *in, const char *spec, struct ncu_spec *s)
{
    if (in->launches.n > 0) {
        s->per_launch = 1;
        s->shape = (struct xc_shape){1, 1, 1};
        return 0;
    }
    for (size_t i = 0; i < in->statuses.n; i++) {
        const struct xc_status *st = &in->statuses.s[i];
        if (!xc_shape_match(&st->shape, &in->statuses.s[0].shape)) {
            msg_error("xcheck: --ncu %s: the mmprof runs hold several shapes; say which variants launch ran at "
                      "which shape: --ncu VARIANTS@MxNxK:%s",
                      spec, spec);
            return -1;
        }
        /* a profiled launch ran under ncu whether or not mmprof's counters failed */
        int launched = strcmp(st->status, "ok") == 0 || st->variant[0] == '#';
        if (launched && spec_add_variant(s, st->variant, strlen(st->variant)) != 0) {
            msg_error("xcheck: --ncu %s: out of memory listing the runs' launches", spec);
            return -1;
        }
    }
    if (s->nvariants == 0) {
        msg_error("xcheck: --ncu %s: no mmprof run names the variants it holds; give them: --ncu "
                  "VARIANTS@MxNxK:%s",
                  spec, spec);
        return -1;
    }
    s->shape = in->statuses.s[0].shape;
    for (size_t i = 0; i < in->statuses.n && s->shape.k == 0; i++) /* a matmul's K, when one ran */
        s->shape = in->statuses.s[i].shape;
    return 0;
}

static int parse_spec(const struct xc_inputs *in, const char *spec, struct ncu_spec *s)
{
    memset(s, 0, sizeof *s);
    const char *colon = strchr(spec, ':');
    const char *at = colon ? memchr(spec, '@', (size_t)(colon - spec)) : NULL;
    if (!at) {
        s->files = spec;
        if (default_launch(in, spec, s) == 0)
            return 0;
        spec_free(s);
        return -1;
    }
    s->files = colon + 1;
    char shape[64];
    snprintf(shape, sizeof shape, "%.*s", (int)(colon - at - 1), at + 1);
    int bad = xc_shape_parse(shape, &s->shape) != 0;
    for (const char *p = spec; !bad && p < at;) {
        size_t len = strcspn(p, ",@");
        bad = spec_add_variant(s, p, len) != 0;
        p += len + 1;
    }
    if (bad || *s->files == '\0') {
        msg_error("xcheck: --ncu '%s': give [VARIANTS@MxNxK:]CSV[,CSV...], e.g. --ncu naive,best@1000x3000x700:"
                  "ncu.csv",
                  spec);
        spec_free(s);
        return -1;
    }
    return 0;
}

struct ncu_ctx {
    struct xc_inputs *in;
    struct xc_side *side;
    struct ncu_spec *spec;
    int verbose;
};

/* Names ncu's launches in path after the profile run's launches they pair
 * with (launch_pair.h): names[k] is mmprof's key of ncu's launch k, NULL
 * for a launch mmprof did not profile. 0, or -1 with err. */
static int name_launches(struct xc_inputs *in, const char *path, const char ***names, size_t *n, char *err,
                         size_t err_len)
{
    struct ncu_launches ncu;
    *names = NULL;
    *n = 0;
    if (ncu_launches_read(path, &ncu, err, err_len) != 0)
        return -1;
    *names = calloc(ncu.n ? ncu.n : 1, sizeof **names);
    if (!*names) {
        ncu_launches_free(&ncu);
        snprintf(err, err_len, "out of memory reading %s", path);
        return -1;
    }
    *n = ncu.n;
    for (size_t i = 0; i < in->launches.n; i++) {
        long k = launch_pair(in->launches.ref, i, &ncu);
        if (k >= 0 && !(*names)[k])
            (*names)[k] = in->launches.key[i];
    }
    int rc = 0;
    for (size_t k = 0; k < ncu.n && rc == 0; k++) {
        char line[700], base[256];
        if ((*names)[k])
            continue;
        kernel_short_name(ncu.l[k].kernel, base, sizeof base);
        snprintf(line, sizeof line,
                 "ncu #%zu\tnot compared: %.120s, a launch mmprof did not count (it counts a kernel's first; "
                 "--launches-per-kernel 0 -c 0 counts all)",
                 k + 1, base);
        rc = str_list_add(&in->unpaired, line, strlen(line));
    }
    ncu_launches_free(&ncu);
    if (rc != 0) {
        free(*names);
        *names = NULL;
        snprintf(err, err_len, "out of memory reading %s", path);
    }
    return rc;
}

static int read_ncu(const char *path, void *p)
{
    struct ncu_ctx *c = p;
    char err[ERR_LEN], shape[64];
    const char **names = (const char **)c->spec->variants;
    size_t nnames = c->spec->nvariants, n;
    if (c->spec->per_launch && name_launches(c->in, path, &names, &nnames, err, sizeof err) != 0) {
        msg_error("xcheck: %s", err);
        return -1;
    }
    int rc = xc_read_ncu(path, names, nnames, &c->spec->shape, &c->in->metrics, c->side, &n, err, sizeof err);
    if (c->spec->per_launch)
        free(names);
    if (rc != 0) {
        msg_error("xcheck: %s", err);
        return -1;
    }
    xc_shape_text(&c->spec->shape, shape, sizeof shape);
    if (c->verbose)
        printf("%s: %zu samples of %zu %s at %s\n", path, n, nnames,
               c->spec->per_launch ? "launch(es), paired with the profile run's" : "variant(s)", shape);
    return 0;
}

static int read_ncu_specs(struct xc_inputs *in, const struct xc_args *specs, struct xc_side *side, int verbose)
{
    for (size_t i = 0; i < specs->n; i++) {
        struct ncu_spec s;
        if (parse_spec(in, specs->v[i], &s) != 0)
            return -1;
        struct xc_args files = {{s.files}, 1};
        struct ncu_ctx c = {in, side, &s, verbose};
        int rc = each_item(&files, read_ncu, &c);
        spec_free(&s);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* The metric columns of the run first named. */
static int run_metric_names(struct xc_inputs *in, const char *dir, char *err, size_t err_len)
{
    const struct run_view *v = run_of(in, dir, err, err_len);
    return v ? xc_run_metric_names(v, &in->metrics, err, err_len) : -1;
}

static int default_metrics(const struct xc_sources *src, struct xc_inputs *in)
{
    char first[4096] = "", err[ERR_LEN];
    int rc;
    if (src->metrics)
        rc = xc_metrics_add_list(&in->metrics, src->metrics);
    else if (each_item(&src->mmprof, first_item, first), first[0])
        rc = run_metric_names(in, first, err, sizeof err);
    else if (each_item(&src->mmprof2, first_item, first), first[0])
        rc = run_metric_names(in, first, err, sizeof err);
    else {
        struct ncu_spec s;
        if (parse_spec(in, src->ncu.n ? src->ncu.v[0] : src->ncu2.v[0], &s) != 0)
            return -1;
        struct xc_args files = {{s.files}, 1};
        each_item(&files, first_item, first);
        spec_free(&s);
        rc = xc_ncu_metric_names(first, &in->metrics, err, sizeof err);
    }
    if (rc != 0) {
        msg_error("xcheck: %s", src->metrics ? "out of memory" : err);
        return -1;
    }
    if (in->metrics.n == 0) {
        msg_error("xcheck: no metrics to compare: name them with --metrics");
        return -1;
    }
    return 0;
}

int xc_inputs_load(const struct xc_sources *src, struct xc_inputs *in)
{
    memset(in, 0, sizeof *in);
    int self_ncu = src->ncu2.n > 0, self_mmprof = src->mmprof2.n > 0;
    in->label_a = self_ncu ? "ncu_1" : self_mmprof ? "mmprof_1" : "mmprof";
    in->label_b = self_ncu ? "ncu_2" : self_mmprof ? "mmprof_2" : "ncu";
    if (default_metrics(src, in) != 0) {
        xc_inputs_free(in);
        return -1;
    }
    xc_side_init(&in->a, in->metrics.n);
    xc_side_init(&in->b, in->metrics.n);
    xc_side_init(&in->timing, 1);
    xc_side_init(&in->placements, 1);
    xc_side_init(&in->activity, 2);
    struct run_ctx runs = {in, &in->metrics, self_ncu ? NULL : &in->a, &in->statuses, src->verbose, ""};
    struct run_ctx runs2 = {in, &in->metrics, &in->b, NULL, src->verbose, ""};
    struct run_ctx timing = {in, &in->timing_metric, &in->timing, NULL, src->verbose, "--timing: "};
    struct run_ctx placements = {in, &in->timing_metric, &in->placements, NULL, src->verbose,
                                 "--timing-placements: "};
    if (xc_metrics_add(&in->timing_metric, XC_TIMING_METRIC) != 0) {
        msg_error("xcheck: out of memory");
        xc_inputs_free(in);
        return -1;
    }
    if (each_item(&src->mmprof, read_run, &runs) != 0 || each_item(&src->mmprof2, read_run, &runs2) != 0 ||
        each_item(&src->timing, read_run, &timing) != 0 || each_item(&src->placements, read_run, &placements) != 0 ||
        read_ncu_specs(in, &src->ncu, self_ncu ? &in->a : &in->b, src->verbose) != 0 ||
        read_ncu_specs(in, &src->ncu2, &in->b, src->verbose) != 0) {
        xc_inputs_free(in);
        return -1;
    }
    return 0;
}

void xc_inputs_free(struct xc_inputs *in)
{
    str_list_free(&in->metrics);
    xc_statuses_free(&in->statuses);
    xc_side_free(&in->a);
    xc_side_free(&in->b);
    xc_side_free(&in->timing);
    xc_side_free(&in->placements);
    xc_side_free(&in->activity);
    xc_launches_free(&in->launches);
    str_list_free(&in->unpaired);
    str_list_free(&in->timing_metric);
    for (size_t i = 0; i < in->nruns; i++) {
        run_view_free(in->runs[i]);
        free(in->runs[i]);
    }
    free(in->runs);
    in->runs = NULL;
    in->nruns = 0;
}
