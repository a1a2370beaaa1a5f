#include "reports/report_load.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "common/util.h"
#include "analysis/raw_rows.h"

static int file_exists(const char *dir, const char *name)
{
    char path[1200];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

int report_load(struct report_ctx *c, const char *run_dir, char *err, size_t err_len)
{
    memset(c, 0, sizeof *c);
    c->run_dir = run_dir;
    int rc = analysis_load(run_dir, &c->a, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    if (c->a.nrows == 0) {
        snprintf(err, err_len, "%s/results.csv has no rows yet: nothing to report (a stopped collect: `mmprof "
                 "collect --resume %s` completes it)", run_dir, run_dir);
        analysis_free(&c->a);
        return EXIT_USAGE;
    }
    /* analysis.csv is part of a finished run; make it the one way `mmprof analyze` does */
    if (!file_exists(run_dir, "analysis.csv") && analysis_save_csv(&c->a, err, err_len) != 0) {
        analysis_free(&c->a);
        return EXIT_RUNTIME;
    }
    c->results = raw_rows_read(run_dir, &c->a, err, err_len);
    rc = c->results ? EXIT_OK : EXIT_USAGE;
    char why[512];
    if (rc == EXIT_OK && run_meta_load(run_dir, &c->meta, why, sizeof why) != 0) {
        snprintf(err, err_len, "%s: a run directory needs the run.json `mmprof collect` writes", why);
        rc = EXIT_USAGE;
    }
    if (rc != EXIT_OK) {
        report_unload(c);
        return rc;
    }
    roofline_read(c->meta.root, &c->roof);
    /* a damaged source.csv is said in its section, not a reason to write no report */
    if (source_profile_load(run_dir, &c->source, c->source_note, sizeof c->source_note) == 1)
        c->source_note[0] = '\0';
    return EXIT_OK;
}

void report_scan_plots(struct report_ctx *c)
{
    plots_scan(c->run_dir, &c->plots);
    char results[1200], stale[512];
    snprintf(results, sizeof results, "%s/results.csv", c->run_dir);
    if (plots_older_than(&c->plots, results, stale, sizeof stale) > 0)
        msg_warn("report: charts older than %s are embedded as they are (%s): `mmprof plot %s` redraws them, "
                 "then `mmprof report %s`",
                 results, stale, c->run_dir, c->run_dir);
}

void report_unload(struct report_ctx *c)
{
    analysis_free(&c->a);
    table_free(c->results);
    c->results = NULL;
    run_meta_free(&c->meta);
    source_profile_free(&c->source);
}
