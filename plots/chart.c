/* The charts plots/charts.def lists, with their builders, and writing a
 * chart's .dat and .gp. */
#include "plots/chart.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "plots/template.h"

static const struct chart_spec specs[] = {
#define CHART(name_, section_, what_, caption_) {#name_, what_, chart_##name_},
#include "plots/charts.def"
};

const struct chart_spec *chart_specs(size_t *count)
{
    *count = sizeof specs / sizeof specs[0];
    return specs;
}

const char *chart_color(size_t i)
{
    /* matplotlib's "tab10": distinguishable, and readable on white */
    static const char *const colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                         "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
    return colors[i % (sizeof colors / sizeof colors[0])];
}

int chart_point(size_t i)
{
    /* filled circle, square, triangles, diamond, pentagon; then open ones */
    static const int points[] = {7, 5, 9, 11, 13, 15, 6, 4, 8, 10, 12, 14};
    return points[i % (sizeof points / sizeof points[0])];
}

void plot_clause(struct strbuf *plot, const char *text)
{
    if (plot->len)
        sb_puts(plot, ", \\\n         ");
    sb_puts(plot, text);
}

struct strbuf *job_var(struct chart_job *job, const char *key)
{
    for (size_t i = 0; i < job->nvars; i++)
        if (strcmp(job->keys[i], key) == 0)
            return &job->values[i];
    if (job->nvars == CHART_VARS_MAX) { /* reported by chart_write; the text goes to a scratch slot */
        job->too_many = 1;
        return &job->values[CHART_VARS_MAX - 1];
    }
    job->keys[job->nvars] = key;
    return &job->values[job->nvars++];
}

void job_variant(struct chart_job *job, const char *name)
{
    sb_printf(&job->variants, "%s%s", job->variants.len ? ", " : "", name);
}

static void job_init(struct chart_job *job)
{
    memset(job, 0, sizeof *job);
}

static void job_free(struct chart_job *job)
{
    sb_free(&job->dat);
    sb_free(&job->variants);
    for (size_t i = 0; i < CHART_VARS_MAX; i++)
        sb_free(&job->values[i]);
}

static int job_oom(const struct chart_job *job)
{
    int oom = job->dat.oom || job->variants.oom;
    for (size_t i = 0; i < job->nvars; i++)
        oom |= job->values[i].oom;
    return oom;
}

/* "a, b, c, ..." as comment lines of at most ~100 characters. */
static void wrap_comment(const char *list, struct strbuf *out)
{
    size_t col = 0;
    for (const char *p = list; *p;) {
        const char *end = strstr(p, ", ");
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (col > 0 && col + len > 100) {
            sb_puts(out, ",\n#   ");
            col = 0;
        } else if (col > 0)
            sb_puts(out, ", ");
        sb_putn(out, p, len);
        col += len + 2;
        p += len + (end ? 2 : 0);
    }
}

static int fill_common(const struct chart_spec *s, const struct plot_data *d, const struct chart_job *job,
                       const char *formats, struct strbuf *header, struct strbuf *terminal, char *err,
                       size_t err_len)
{
    struct strbuf variants;
    sb_init(&variants);
    wrap_comment(job->variants.len ? sb_str(&job->variants) : "(none)", &variants);
    char w[16], h[16];
    snprintf(w, sizeof w, "%d", PLOT_WIDTH);
    snprintf(h, sizeof h, "%d", PLOT_HEIGHT);
    const struct tvar hv[] = {{"NAME", s->name}, {"WHAT", s->what}, {"RUN", d->run_dir},
                              {"DEVICE", d->device[0] ? d->device : "device not recorded"},
                              {"VARIANTS", sb_str(&variants)}, {"FORMATS", formats}};
    const struct tvar tv[] = {{"WIDTH", w}, {"HEIGHT", h}, {"FONT", PLOT_FONT}};
    int rc = template_fill(template_text("header"), hv, sizeof hv / sizeof hv[0], header, err, err_len);
    if (rc == 0)
        rc = template_fill(template_text("terminal"), tv, sizeof tv / sizeof tv[0], terminal, err, err_len);
    sb_free(&variants);
    return rc;
}

/* The chart's template with the common and the chart's own placeholders. */
static int fill_script(const struct chart_spec *s, const struct plot_data *d, struct chart_job *job,
                       const char *formats, struct strbuf *gp, char *err, size_t err_len)
{
    struct strbuf header, terminal;
    sb_init(&header);
    sb_init(&terminal);
    int rc = fill_common(s, d, job, formats, &header, &terminal, err, err_len);
    struct tvar vars[CHART_VARS_MAX + 3];
    size_t n = 0;
    for (size_t i = 0; i < job->nvars; i++)
        vars[n++] = (struct tvar){job->keys[i], sb_str(&job->values[i])};
    vars[n++] = (struct tvar){"HEADER", sb_str(&header)};
    vars[n++] = (struct tvar){"TERMINAL", sb_str(&terminal)};
    vars[n++] = (struct tvar){"NAME", s->name};
    const char *text = template_text(s->name);
    if (rc == 0 && !text) {
        snprintf(err, err_len, "no template %s.gp.in compiled in (a build problem: rebuild mmprof)", s->name);
        rc = -1;
    }
    if (rc == 0)
        rc = template_fill(text, vars, n, gp, err, err_len);
    sb_free(&header);
    sb_free(&terminal);
    return rc;
}

static int write_file(const char *dir, const char *name, const char *ext, const struct strbuf *b, char *err,
                      size_t err_len)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
    return atomic_write(path, sb_str(b), b->len, err, err_len);
}

/* A skipped chart must not leave an earlier plot's files looking current. */
static void remove_old(const char *dir, const char *name)
{
    static const char *const exts[] = {"gp", "dat", "png", "svg"};
    char path[1200];
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
        snprintf(path, sizeof path, "%s/%s.%s", dir, name, exts[i]);
        unlink(path);
    }
}

int chart_write(const struct chart_spec *s, const struct plot_data *d, const char *dir, const char *formats,
                char *err, size_t err_len)
{
    struct chart_job job;
    job_init(&job);
    int rc = s->build(d, &job);
    if (rc == CHART_SKIP) {
        snprintf(err, err_len, "%s", job.skip);
        remove_old(dir, s->name);
    }
    struct strbuf gp;
    sb_init(&gp);
    if (rc == CHART_DRAW && fill_script(s, d, &job, formats, &gp, err, err_len) != 0)
        rc = -1;
    if (rc == CHART_DRAW && job.too_many) {
        snprintf(err, err_len, "the %s chart needs more than %d placeholders (a bug: raise CHART_VARS_MAX)", s->name,
                 CHART_VARS_MAX);
        rc = -1;
    }
    if (rc == CHART_DRAW && (job_oom(&job) || gp.oom)) {
        snprintf(err, err_len, "out of memory while writing the %s chart", s->name);
        rc = -1;
    }
    if (rc == CHART_DRAW &&
        (write_file(dir, s->name, "dat", &job.dat, err, err_len) != 0 ||
         write_file(dir, s->name, "gp", &gp, err, err_len) != 0)) {
        remove_old(dir, s->name); /* no .dat without its .gp (a full disk) */
        rc = -1;
    }
    sb_free(&gp);
    job_free(&job);
    return rc;
}
