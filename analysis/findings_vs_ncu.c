/* mmprof's findings against ncu's rules, kernel by kernel
 * (findings_vs_ncu.h). A kernel agrees when mmprof's top finding names the
 * limiter of ncu's top rule or of ncu's SOL bottleneck. */
#include "analysis/findings_vs_ncu.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/findings.h"
#include "analysis/kernel_facts.h"
#include "analysis/roofline.h"
#include "common/util.h"
#include "rundir/launch_params.h"
#include "common/kernel_name.h"
#include "xcheck/launch_pair.h"
#include "xcheck/ncu_launches.h"

/* results.csv's launch=N of row (profile runs), or 0. */
static long launch_number(const struct run_view *v, size_t row)
{
    struct launch_params p;
    return launch_params_read(table_str(v->results, row, table_col(v->results, "params")), &p) == 0 ? p.launch : 0;
}

/* The kernel's name (base_name stops at its end), or a collect row's variant. */
static const char *kernel_name(const struct run_view *v, size_t row)
{
    struct launch_params p;
    if (launch_params_read(table_str(v->results, row, table_col(v->results, "params")), &p) == 0)
        return p.kernel;
    return table_str(v->results, row, table_col(v->results, "variant"));
}

struct tally {
    int kernels, agree, by_rule, by_sol, unpaired;
};

static void print_header(void)
{
    printf("%-5s %-17s %-21s %-14s %-23s %4s %-14s %-7s %s\n", "#", "kernel", "mmprof top finding", "limiter",
           "ncu top rule", "est%", "limiter", "ncu SOL", "agree");
}

/* One kernel's line; updates the tally. */
static void compare_one(const struct analysis_row *r, long launch, const struct ncu_launch *n, struct tally *t)
{
    char label[18], finding_err[256], est[16] = "-";
    struct finding found[FINDINGS_MAX];
    int nf = findings_for(r, found, FINDINGS_MAX, finding_err, sizeof finding_err);
    const char *id = nf > 0 ? found[0].id : "(none)";
    const char *mine = nf > 0 ? xc_limiter(id) : NULL;
    const char *rule_lim = n->top_limiter ? n->top_limiter : n->top_rule[0] ? "(not listed)" : "-";
    int by_rule = mine && n->top_limiter && strcmp(mine, n->top_limiter) == 0;
    int by_sol = mine && n->sol_limiter[0] && strcmp(mine, n->sol_limiter) == 0;
    if (isfinite(n->top_speedup_pct))
        snprintf(est, sizeof est, "%.0f", n->top_speedup_pct);
    printf("%-5ld %-17s %-21.21s %-14s %-23.23s %4s %-14s %-7s %s\n", launch,
           analysis_kernel_label(r, label, sizeof label - 1), id, mine ? mine : "-",
           n->top_rule[0] ? n->top_rule : "-", est, rule_lim, n->sol_limiter[0] ? n->sol_limiter : "-",
           by_rule || by_sol ? "yes" : "no");
    t->kernels++;
    t->agree += by_rule || by_sol;
    t->by_rule += by_rule;
    t->by_sol += by_sol;
}

/* The two exports of one app must list the same launches. */
static int same_launches(const struct ncu_launches *a, const struct ncu_launches *b, const char *pa, const char *pb)
{
    char x[256], y[256];
    if (a->n != b->n) {
        msg_error("xcheck: %s holds %zu launches, %s %zu: export both pages from one ncu report", pa, a->n, pb, b->n);
        return -1;
    }
    for (size_t i = 0; i < a->n; i++) {
        kernel_short_name(a->l[i].kernel, x, sizeof x);
        kernel_short_name(b->l[i].kernel, y, sizeof y);
        if (strcmp(x, y) != 0) {
            msg_error("xcheck: launch %zu is %s in %s but %s in %s: export both pages from one ncu report", i + 1, x,
                      pa, y, pb);
            return -1;
        }
    }
    return 0;
}

static int read_exports(const char *details, const char *raw, struct ncu_launches *d, struct ncu_launches *r)
{
    char err[2048];
    memset(d, 0, sizeof *d);
    memset(r, 0, sizeof *r);
    if (details && ncu_launches_read(details, d, err, sizeof err) != 0) {
        msg_error("xcheck: %s", err);
        return -1;
    }
    if (raw && ncu_launches_read(raw, r, err, sizeof err) != 0) {
        msg_error("xcheck: %s", err);
        return -1;
    }
    if (details && raw && same_launches(d, r, details, raw) != 0)
        return -1;
    return 0;
}

static int compare_run(const struct run_view *v, const struct analysis *a, const struct ncu_launches *ncu,
                       const char *ncu_path)
{
    struct tally t = {0};
    char mine[256], theirs[256];
    struct launch_ref *refs = malloc((a->nrows ? a->nrows : 1) * sizeof *refs);
    if (!refs) {
        msg_error("xcheck: out of memory pairing %s", ncu_path);
        return EXIT_RUNTIME;
    }
    for (size_t i = 0; i < a->nrows; i++) {
        long launch = launch_number(v, i);
        refs[i].kernel = analysis_row_on_gpu(&a->rows[i]) ? kernel_name(v, i) : NULL;
        refs[i].launch = launch > 0 ? launch : (long)i + 1; /* a collect run: rows in launch order */
    }
    print_header();
    for (size_t i = 0; i < a->nrows; i++) {
        const struct analysis_row *r = &a->rows[i];
        int first = analysis_row_on_gpu(r);
        for (size_t j = 0; j < i && first; j++)
            first = !(analysis_row_on_gpu(&a->rows[j]) && analysis_same_kernel(&a->rows[j], r));
        if (!first)
            continue;
        long launch = refs[i].launch, k = launch_pair(refs, i, ncu);
        if (k < 0) {
            kernel_short_name(refs[i].kernel, mine, sizeof mine);
            if ((size_t)launch <= ncu->n)
                kernel_short_name(ncu->l[launch - 1].kernel, theirs, sizeof theirs);
            else
                snprintf(theirs, sizeof theirs, "(none: the export holds %zu launches)", ncu->n);
            printf("%-5ld not paired: mmprof's launch is %.32s, ncu's %.40s, and no other of ncu's is\n", launch,
                   mine, theirs);
            t.unpaired++;
            continue;
        }
        compare_one(r, launch, &ncu->l[k], &t);
    }
    free(refs);
    printf("%d of %d kernels agree (%.0f %%): mmprof's top finding names the limiter of ncu's top rule (%d) or "
           "SOL (%d)",
           t.agree, t.kernels, t.kernels ? 100.0 * t.agree / t.kernels : 0.0, t.by_rule, t.by_sol);
    if (t.unpaired)
        printf("; %d not paired", t.unpaired);
    printf("\n");
    return t.kernels ? EXIT_OK : EXIT_USAGE;
}

int xc_findings_vs_ncu(const char *run, const char *details, const char *raw)
{
    struct ncu_launches d, r;
    if (read_exports(details, raw, &d, &r) != 0) {
        ncu_launches_free(&d);
        ncu_launches_free(&r);
        return EXIT_USAGE;
    }
    char err[1536];
    struct run_view v;
    struct analysis a;
    int rc = analysis_load(run, RUN_VIEW_SOURCE, &v, &a, err, sizeof err);
    if (rc != EXIT_OK) {
        msg_error("xcheck: %s", err);
    } else {
        struct roofline roof;
        roofline_read(v.meta.root, &roof);
        if (analysis_attach(&a, &v, &roof, err, sizeof err) != 0) {
            msg_error("xcheck: %s", err);
            rc = EXIT_USAGE;
        } else {
            if (details)
                printf("ncu: %s: %zu launches, details page\n", details, d.n);
            if (raw)
                printf("ncu: %s: %zu launches, raw page\n", raw, r.n);
            rc = compare_run(&v, &a, details ? &d : &r, details ? details : raw);
            if (rc != EXIT_OK)
                msg_error("xcheck: no kernel of %s could be paired with a launch of %s", run,
                          details ? details : raw);
        }
        analysis_free(&a);
        run_view_free(&v);
    }
    ncu_launches_free(&d);
    ncu_launches_free(&r);
    return rc;
}
