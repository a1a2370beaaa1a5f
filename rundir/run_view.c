/* Loading a run view: the directory checked, then each part asked for, in
 * the order results.csv, run.json, samples.csv, source.csv. */
#include "rundir/run_view.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/table.h"
#include "common/util.h"
#include "rundir/results.h"
#include "rundir/run_dir.h"
#include "rundir/run_files.h"
#include "rundir/samples.h"
#include "rundir/source_csv.h"

static int read_results(struct run_view *v, char *err, size_t err_len)
{
    char path[1100];
    struct stat st;
    if (run_path(path, sizeof path, v->dir, RESULTS_CSV) != 0 || stat(path, &st) != 0) {
        snprintf(err, err_len, "no " RESULTS_CSV " in '%s': run `mmprof collect` first, or pass its run directory",
                 v->dir);
        return -1;
    }
    v->results = results_read(path, err, err_len);
    return v->results ? 0 : -1;
}

static int read_meta(struct run_view *v, char *err, size_t err_len)
{
    char path[1100], why[512];
    run_path(path, sizeof path, v->dir, RUN_JSON); /* dir is at most 1023 characters */
    v->meta.root = run_json_load(path, why, sizeof why);
    if (!v->meta.root)
        snprintf(err, err_len, "%s: a run directory needs the " RUN_JSON " `mmprof collect` writes beside " RESULTS_CSV,
                 why);
    return v->meta.root ? 0 : -1;
}

static void read_source(struct run_view *v)
{
    v->source_status = RUN_SOURCE_ABSENT;
    if (source_csv_read(v->dir, &v->source, v->source_note, sizeof v->source_note) != 0)
        v->source_status = RUN_SOURCE_UNREADABLE;
    else if (v->source)
        v->source_status = RUN_SOURCE_READ;
}

static int read_parts(struct run_view *v, unsigned parts, char *err, size_t err_len)
{
    if ((parts & RUN_VIEW_RESULTS) && read_results(v, err, err_len) != 0)
        return -1;
    if ((parts & RUN_VIEW_META) && read_meta(v, err, err_len) != 0)
        return -1;
    if ((parts & RUN_VIEW_META_IF_ANY) && !(parts & RUN_VIEW_META)) {
        char path[1100];
        run_path(path, sizeof path, v->dir, RUN_JSON);
        if (access(path, F_OK) == 0 && read_meta(v, err, err_len) != 0)
            return -1;
    }
    if ((parts & RUN_VIEW_SAMPLES) && samples_read(v->dir, &v->samples, err, err_len) != 0)
        return -1;
    if (parts & RUN_VIEW_SOURCE)
        read_source(v);
    return 0;
}

int run_view_load(const char *dir, unsigned parts, struct run_view *v, char *err, size_t err_len)
{
    memset(v, 0, sizeof *v);
    v->source_status = RUN_SOURCE_ABSENT;
    if (run_dir_check(dir, err, err_len) != 0)
        return EXIT_USAGE;
    int n = snprintf(v->dir, sizeof v->dir, "%s", dir);
    if (n < 0 || (size_t)n >= sizeof v->dir) {
        snprintf(err, err_len, "run directory path is longer than %zu characters: pass a shorter path",
                 sizeof v->dir - 1);
        return EXIT_USAGE;
    }
    if (read_parts(v, parts, err, err_len) != 0) {
        run_view_free(v);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

void run_view_free(struct run_view *v)
{
    run_meta_free(&v->meta);
    table_free(v->results);
    samples_free(v->samples);
    source_table_free(v->source);
    v->results = NULL;
    v->samples = NULL;
    v->source = NULL;
}
