/* The `report` subcommand: options, then the page head, the sections in
 * order, and both files renamed into place together. */
#include "reports/report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/run_args.h"
#include "common/atomic_file.h"
#include "common/util.h"
#include "plots/baseline.h"
#include "plots/gnuplot.h"
#include "plots/plot_charts.h"
#include "plots/plot_data.h"
#include "rundir/run_out.h"
#include "reports/cells.h"
#include "reports/fmt.h"
#include "reports/report_load.h"
#include "reports/sections.h"
#include "rundir/run_files.h"

static const struct section *const sections[] = {
    &sec_kernels, &sec_env, &sec_baseline, &sec_seed000, &sec_seed001, &sec_seed002, &sec_seed003,
    &sec_seed004, &sec_cgma, &sec_findings, &sec_versus, &sec_next, &sec_source, &sec_skipped,
};
enum { NSECTIONS = sizeof sections / sizeof sections[0] };

const struct section *const *report_sections(size_t *count)
{
    *count = NSECTIONS;
    return sections;
}

static void count_status(const struct report_ctx *c, size_t *ok, size_t *skipped, size_t *failed)
{
    *ok = *skipped = *failed = 0;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const char *s = c->a.rows[i].status;
        *(strcmp(s, "ok") == 0 ? ok : strcmp(s, "skipped") == 0 ? skipped : failed) += 1;
    }
}

static const struct analysis_row *fastest_matmul(const struct report_ctx *c)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        if (row_is_ok(r) && !isnan(r->ms.gflop_s) && (!best || r->ms.gflop_s > best->ms.gflop_s))
            best = r;
    }
    return best;
}

/* A profile run's kernel with the largest share of GPU time. */
static const struct analysis_row *hottest_kernel(const struct report_ctx *c)
{
    const struct analysis_row *best = NULL;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct analysis_row *r = &c->a.rows[i];
        if (isfinite(r->time_share_pct) && (!best || r->time_share_pct > best->time_share_pct))
            best = r;
    }
    return best;
}

/* The numbers a reader wants before any table. */
static void key_numbers(struct report_ctx *c)
{
    char sms[64], fp32[FMT_LEN], dram[FMT_LEN], rows[96], fast[400], rate[FMT_LEN], size[48];
    size_t ok, skipped, failed;
    count_status(c, &ok, &skipped, &failed);
    snprintf(sms, sizeof sms, "%.0f · CC %s", meta_num(&c->meta, "device.sm_count"),
             meta_str(&c->meta, "device.cc") ? meta_str(&c->meta, "device.cc") : FMT_NONE);
    if (ctx_is_profile(c)) {
        double launches = 0; /* a row times its kernel's later launches too (analysis_row.row_launches) */
        for (size_t i = 0; i < c->a.nrows; i++)
            launches += c->a.rows[i].row_launches;
        snprintf(rows, sizeof rows, "%.0f · %zu / %zu", launches, ok, skipped + failed);
    }
    else
        snprintf(rows, sizeof rows, "%zu / %zu / %zu", ok, skipped, failed);
    const struct analysis_row *b = ctx_is_profile(c) ? hottest_kernel(c) : fastest_matmul(c);
    struct shape s = b ? row_shape(b) : (struct shape){0, 0, 0};
    char name[81];
    if (b && ctx_is_profile(c))
        snprintf(fast, sizeof fast, "`%s`, %s of GPU time", analysis_kernel_label(b, name, sizeof name - 1),
                 fmt_pct(rate, b->time_share_pct));
    else if (b)
        snprintf(fast, sizeof fast, "%s `%s %s`", fmt_rate_g(rate, b->ms.gflop_s, "FLOP/s"), b->variant,
                 shape_label(size, sizeof size, &s));
    else
        snprintf(fast, sizeof fast, "%s", FMT_NONE);
    const char *gpu = meta_str(&c->meta, "device.name");
    int measured = c->roof.has_measured;
    struct doc_card cards[] = {
        {"GPU", gpu ? gpu : FMT_NONE},
        {"SM count", sms},
        {measured ? "FP32 ceiling (measured)" : "FP32 ceiling",
         fmt_rate_g(fp32, roofline_fp32_gflops(&c->roof), "FLOP/s")},
        {measured ? "DRAM ceiling (measured)" : "DRAM ceiling",
         fmt_rate_g(dram, roofline_bw_gbs(&c->roof, ROOF_DRAM), "B/s")},
        {ctx_is_profile(c) ? "Hottest kernel" : "Fastest matmul", fast},
        {ctx_is_profile(c) ? "Launches · counted / failed" : "Rows ok / skipped / failed", rows},
        {"Hardware counters", "none: cells marked " CELL_ESTIMATE_MARK " are estimates (see Device and environment)"},
    };
    size_t n = sizeof cards / sizeof cards[0];
    doc_cards(&c->doc, cards, ctx_has_counters(c) ? n - 1 : n);
}

/* How many distinct registry variants the run's rows are. */
/* One of labs 000-004's sections (anchors "lab000" ... "lab004"). */
static int section_is_lab(const struct section *s)
{
    return strncmp(s->anchor, "lab", 3) == 0;
}

static size_t declared_variants(const struct report_ctx *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->a.nrows; i++) {
        const struct variant *v = c->a.rows[i].v;
        size_t j = 0;
        while (v && j < i && c->a.rows[j].v != v)
            j++;
        n += v && j == i;
    }
    return n;
}

/* A section appears when the run has what its tables need, or when a chart
 * of it was drawn: every chart is shown under its own section; a profile
 * run's seed sections only when it declared two seed variants or more. */
static size_t present_sections(const struct report_ctx *c, const struct section **out, int *tables)
{
    size_t n = 0;
    for (size_t i = 0; i < NSECTIONS; i++) {
        if (ctx_is_profile(c) && section_is_lab(sections[i]) && declared_variants(c) < 2)
            continue; /* an app's run holds no lab experiment: one declared kernel is no comparison */
        int own = sections[i]->present(c);
        if (own || plots_of_section(&c->plots, sections[i]->anchor) > 0) {
            tables[n] = own;
            out[n++] = sections[i];
        }
    }
    return n;
}

const char *section_title(const struct section *s, const struct report_ctx *c)
{
    return ctx_is_profile(c) && s->profile_title ? s->profile_title : s->title;
}

static void write_section(struct report_ctx *c, const struct section *s, int tables)
{
    doc_heading(&c->doc, 2, s->anchor, "%s", section_title(s, c));
    if (tables)
        s->write(c);
    else
        doc_para(&c->doc, "This run has none of the rows this section's tables compare; its chart below shows the "
                          "rows it has.");
    plots_embed(&c->plots, &c->doc, s->anchor); /* the charts the section did not place itself */
}

static void write_document(struct report_ctx *c)
{
    const struct section *todo[NSECTIONS];
    int tables[NSECTIONS];
    struct doc_link toc[NSECTIONS];
    size_t n = present_sections(c, todo, tables);
    char title[256], subtitle[1400], footer[1200];
    const char *gpu = meta_str(&c->meta, "device.name");
    const char *when = meta_str(&c->meta, "updated_utc") ? meta_str(&c->meta, "updated_utc")
                                                         : meta_str(&c->meta, "created_utc");
    const char *app = meta_str(&c->meta, "app.path");
    if (ctx_is_profile(c) && app)
        snprintf(title, sizeof title, "Kernels of %s on %s", strrchr(app, '/') ? strrchr(app, '/') + 1 : app,
                 gpu ? gpu : "an unnamed GPU");
    else
        snprintf(title, sizeof title, "Dense matrix kernels on %s", gpu ? gpu : "an unnamed GPU");
    snprintf(subtitle, sizeof subtitle, "mmprof report of run `%s`%s%s", c->run_dir, when ? ", collected " : "",
             when ? when : "");
    snprintf(footer, sizeof footer, "Written by mmprof %s from `%s` (" RESULTS_CSV ", " ANALYSIS_CSV ", " RUN_JSON ", plots/).",
             MMPROF_VERSION, c->run_dir);
    doc_begin(&c->doc, title, subtitle);
    key_numbers(c);
    for (size_t i = 0; i < n; i++)
        toc[i] = (struct doc_link){todo[i]->anchor, section_title(todo[i], c)};
    doc_toc(&c->doc, toc, n);
    for (size_t i = 0; i < n; i++)
        if (section_is_lab(todo[i])) {
            doc_para(&c->doc, "Labs 000–004 are the five course lab reports this suite reproduces: each \"(lab "
                              "00N)\" section re-measures its lab's tables on this run.");
            break;
        }
    if (c->plots.n == 0)
        doc_note(&c->doc, "This run has no charts: `%s/" PLOTS_DIR "/` holds none that `mmprof plot` draws. Run `mmprof "
                          "plot %s`, then `mmprof report %s` again to include them.",
                 c->run_dir, c->run_dir, c->run_dir);
    for (size_t i = 0; i < n; i++)
        write_section(c, todo[i], tables[i]);
    doc_end(&c->doc, footer);
}

/* dir/name's temporary (common/atomic_file.h), with the report's messages. */
static int open_one(struct atomic_file *a, const char *dir, const char *name, char *err, size_t err_len)
{
    char path[1200];
    if (run_path(path, sizeof path, dir, name) != 0 || (atomic_open(a, path) != 0 && errno == ENAMETOOLONG)) {
        snprintf(err, err_len, "path of %s in '%s' is too long: use a shorter run directory path", name, dir);
        return -1;
    }
    if (!a->f) {
        snprintf(err, err_len, "cannot write in '%s': %s (check the directory's permissions)", dir, strerror(errno));
        return -1;
    }
    return 0;
}

static int finish_one(struct atomic_file *a, char *err, size_t err_len)
{
    if (atomic_finish(a) == 0)
        return 0;
    snprintf(err, err_len, "cannot write %s: %s (disk full?)", a->path, strerror(errno));
    return -1;
}

static int commit_one(struct atomic_file *a, char *err, size_t err_len)
{
    char tmp[sizeof a->tmp];
    snprintf(tmp, sizeof tmp, "%s", a->tmp);
    if (atomic_commit(a) == 0)
        return 0;
    snprintf(err, err_len, "cannot rename %s to %s: %s", tmp, a->path, strerror(errno));
    return -1;
}

/* Both files are written in full under temporary names, then renamed: a
 * failure leaves the previous report (if any) untouched. */
static int write_files(struct report_ctx *c, char *err, size_t err_len)
{
    struct atomic_file md, html;
    if (open_one(&md, c->run_dir, REPORT_MD, err, err_len) != 0)
        return -1;
    if (open_one(&html, c->run_dir, REPORT_HTML, err, err_len) != 0) {
        atomic_abort(&md);
        return -1;
    }
    c->doc = (struct doc){md.f, html.f, 0};
    write_document(c);
    int rc = c->doc.failed ? -1 : 0;
    if (rc != 0)
        snprintf(err, err_len, "out of memory while building the report");
    if (rc == 0)
        rc = finish_one(&md, err, err_len) == 0 && finish_one(&html, err, err_len) == 0 ? 0 : -1;
    if (rc == 0)
        rc = commit_one(&md, err, err_len) == 0 && commit_one(&html, err, err_len) == 0 ? 0 : -1;
    if (rc != 0) {
        atomic_abort(&md);
        atomic_abort(&html);
    }
    return rc;
}

/* The overlay chart of the run (c) against the baseline (A): "" in note
 * when drawn, else why not. */
static void draw_overlay(const struct report_ctx *c, const struct run_view *va, const struct diff_run *A, char *note,
                         size_t note_len)
{
    struct plot_data run, base;
    note[0] = '\0';
    int rc = plot_data_from(&c->view, &c->a, &run, note, note_len);
    if (rc == EXIT_OK && (rc = plot_data_from(va, &A->a, &base, note, note_len)) == EXIT_OK) {
        rc = plot_roofline_baseline(&run, &base, note, note_len);
        plot_data_free(&base);
    }
    plot_data_free(&run);
    if (rc != 0 && note[0] == '\0')
        snprintf(note, note_len, "gnuplot failed");
}

/* The comparison with the baseline (A, read from baseline_dir into va) and
 * its overlay chart, drawn before the report scans RUN/plots. The run's side
 * (B) is the report's own view. */
static int load_baseline(struct report_ctx *c, const char *baseline_dir, struct run_view *va, struct diff_run *A,
                         struct diff_run *B, struct diff_result *r, char *err, size_t err_len)
{
    char why[2000];
    int rc = diff_run_load(baseline_dir, va, A, why, sizeof why);
    if (rc != EXIT_OK) {
        snprintf(err, err_len, "--baseline: %s", why);
        return rc;
    }
    if ((rc = diff_run_from(&c->view, B, err, err_len)) != EXIT_OK) {
        diff_run_free(A);
        run_view_free(va);
        return rc;
    }
    if (diff_result_build(A, B, DIFF_DEFAULT_THRESHOLD_PCT, NULL, 0, r) != 0) {
        snprintf(err, err_len, "out of memory comparing %s with the baseline %s", c->run_dir, baseline_dir);
        diff_run_free(A);
        diff_run_free(B);
        run_view_free(va);
        return EXIT_RUNTIME;
    }
    draw_overlay(c, va, A, c->baseline_chart_note, sizeof c->baseline_chart_note);
    c->baseline = r;
    return EXIT_OK;
}

/* Every chart drawn afresh when gnuplot is there, so that none is missing
 * or older than the run; without it (or in a run directory it cannot write,
 * which the report then says) the report shows RUN/plots as it is. The
 * baseline's overlay follows (load_baseline), or its old files go. */
static void draw_charts(struct report_ctx *c)
{
    char gnuplot[4096];
    if (access(c->run_dir, W_OK) == 0 && gnuplot_find(gnuplot, sizeof gnuplot) == 0)
        plot_charts(&c->view, &c->a, "png", 1); /* what it could not draw, the report says it lacks */
}

int report_write(const char *run_dir, const char *baseline_dir, char *err, size_t err_len)
{
    struct report_ctx c;
    struct run_view va;
    struct diff_run A, B;
    struct diff_result r;
    int rc = report_load(&c, run_dir, baseline_dir ? RUN_VIEW_SAMPLES : 0, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    /* the baseline first: a baseline that cannot be read leaves the run as it was */
    if (baseline_dir)
        rc = load_baseline(&c, baseline_dir, &va, &A, &B, &r, err, err_len);
    else
        plot_roofline_baseline_remove(run_dir);
    if (rc == EXIT_OK)
        draw_charts(&c);
    if (rc == EXIT_OK) {
        report_scan_plots(&c);
        rc = write_files(&c, err, err_len) == 0 ? EXIT_OK : EXIT_RUNTIME;
    }
    if (c.baseline) {
        diff_result_free(&r);
        diff_run_free(&A);
        diff_run_free(&B);
        run_view_free(&va);
    }
    report_unload(&c);
    return rc;
}
