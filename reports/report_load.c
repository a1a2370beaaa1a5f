#include "reports/report_load.h"

#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "rundir/run_files.h"
#include "analysis/kernel_facts.h"

int report_load(struct report_ctx *c, const char *run_dir, unsigned parts, char *err, size_t err_len)
{
    memset(c, 0, sizeof *c);
    c->run_dir = run_dir;
    int rc = analysis_load(run_dir, parts | RUN_VIEW_SOURCE, &c->view, &c->a, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    if (c->a.nrows == 0) {
        snprintf(err, err_len, "%s/" RESULTS_CSV " has no rows yet: nothing to report (a stopped collect: `mmprof "
                 "collect --resume %s` completes it)", run_dir, run_dir);
        report_unload(c);
        return EXIT_USAGE;
    }
    c->results = c->view.results;
    c->meta = c->view.meta;
    roofline_read(c->meta.root, &c->roof);
    /* a damaged source.csv is said in its section, not a reason to write no report: the kernels
     * then have no top stall */
    int stalls = source_profile_load(&c->view, &c->source, c->source_note, sizeof c->source_note);
    if (stalls == 1)
        c->source_note[0] = '\0';
    analysis_attach_with(&c->a, stalls == 0 ? &c->source : NULL, &c->roof);
    return EXIT_OK;
}

void report_scan_plots(struct report_ctx *c)
{
    char results[1200], stale[512];
    plots_scan(c->run_dir, &c->plots);
    run_path(results, sizeof results, c->run_dir, RESULTS_CSV);
    if (plots_older_than(&c->plots, results, stale, sizeof stale) > 0)
        msg_warn("report: charts older than %s are embedded as they are (%s): `mmprof plot %s` redraws them, "
                 "then `mmprof report %s`",
                 results, stale, c->run_dir, c->run_dir);
}

void report_unload(struct report_ctx *c)
{
    analysis_free(&c->a);
    source_profile_free(&c->source);
    run_view_free(&c->view);
    c->results = NULL;
    c->meta.root = NULL;
}
