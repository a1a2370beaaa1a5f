/* Loading a run directory for the charts. analysis.csv is the input; when
 * it is missing, older than results.csv, or lacks a column the charts
 * read, the analysis library writes it first (the numbers come from one
 * place: analysis/). */
#include "plots/plot_data.h"

#include "plots/chart_key.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/analysis.h"
#include "common/file.h"
#include "rundir/run_dir.h"
#include "rundir/run_out.h"
#include "common/table.h"
#include "common/util.h"
#include "plots/note.h"

/* The analysis.csv columns the charts read (names from analysis/columns.c). */
static const char *const text_columns[] = {"variant", "family", "status"};
enum num_col {
    C_M, C_N, C_K, C_RUNTIME, C_GFLOPS, C_GBS, C_BW_COPY, C_CGMA_THEORY, C_CGMA_THREAD, C_CGMA_SECTOR,
    C_INT_L1, C_INT_L2, C_INT_DRAM, C_COUNT
};
static const char *const num_columns[C_COUNT] = {
    "M", "N", "K", "runtime_ms", "gflop_per_s", "gb_per_s", "bw_vs_copy_pct",
    "theory_cgma_flop_per_word", "meas_cgma_thread_flop_per_word", "meas_cgma_sector_flop_per_word",
    "meas_intensity_l1_flop_per_byte", "meas_intensity_l2_flop_per_byte", "meas_intensity_dram_flop_per_byte"};

static int path_in(char *buf, size_t len, const char *dir, const char *file)
{
    int n = snprintf(buf, len, "%s/%s", dir, file);
    return n > 0 && (size_t)n < len ? 0 : -1;
}

static int lacks_columns(const struct table *t, const char **missing)
{
    for (size_t i = 0; i < sizeof text_columns / sizeof text_columns[0]; i++)
        if (table_col(t, text_columns[i]) < 0)
            return *missing = text_columns[i], 1;
    for (size_t i = 0; i < C_COUNT; i++)
        if (table_col(t, num_columns[i]) < 0)
            return *missing = num_columns[i], 1;
    return 0;
}

/* Why analysis.csv must be (re)written, or NULL when it is usable. */
static const char *needs_analysis(const char *run_dir)
{
    char a[1100], r[1100];
    struct stat sa;
    if (run_out_tracked(run_dir))
        return NULL; /* committed data: its analysis.csv as committed */
    path_in(a, sizeof a, run_dir, "analysis.csv");
    path_in(r, sizeof r, run_dir, "results.csv");
    if (stat(a, &sa) != 0)
        return "analysis.csv is missing";
    if (file_is_older(a, r, 0))
        return "analysis.csv is older than results.csv";
    return NULL;
}

/* Runs the analysis on the run directory and saves analysis.csv. */
static int write_analysis(const char *run_dir, const char *why, char *err, size_t err_len)
{
    struct analysis a;
    int rc = analysis_load(run_dir, &a, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    rc = analysis_save_csv(&a, err, err_len) == 0 ? EXIT_OK : EXIT_RUNTIME;
    analysis_free(&a);
    if (rc == EXIT_OK)
        plot_note("%s: wrote it from results.csv (as `mmprof analyze %s` does)", why, run_dir);
    return rc;
}

static struct table *read_analysis(const char *run_dir, const char **missing, char *err, size_t err_len)
{
    char path[1100], why[512];
    path_in(path, sizeof path, run_dir, "analysis.csv");
    struct table *t = table_read(path, why, sizeof why);
    if (!t)
        snprintf(err, err_len, "%s; run `mmprof analyze %s` to write it again", why, run_dir);
    *missing = NULL;
    if (t && lacks_columns(t, missing)) {
        table_free(t);
        t = NULL;
    }
    return t;
}

/* analysis.csv as a table, written first when it is missing, stale, or
 * from an mmprof that wrote fewer columns. A file that cannot be parsed is
 * an error, not rewritten: someone edited it by hand. */
static struct table *load_analysis(const char *run_dir, int *rc, char *err, size_t err_len)
{
    const char *why = needs_analysis(run_dir), *missing = NULL;
    char reason[160];
    struct table *t;
    if (!why) {
        if ((t = read_analysis(run_dir, &missing, err, err_len)) != NULL)
            return t;
        if (!missing) {
            *rc = EXIT_USAGE;
            return NULL;
        }
        snprintf(reason, sizeof reason, "analysis.csv has no '%s' column", missing);
        why = reason;
    }
    *rc = write_analysis(run_dir, why, err, err_len);
    if (*rc != EXIT_OK)
        return NULL;
    t = read_analysis(run_dir, &missing, err, err_len);
    if (!t && missing)
        snprintf(err, err_len,
                 "analysis.csv has no '%s' column even after the analysis wrote it: plots/ and analysis/ "
                 "disagree on the column names (a bug: report it)",
                 missing);
    *rc = t ? EXIT_OK : EXIT_RUNTIME;
    return t;
}

static void fill_row(const struct table *t, size_t i, struct plot_row *r)
{
    snprintf(r->variant, sizeof r->variant, "%s", table_str(t, i, table_col(t, "variant")));
    snprintf(r->family, sizeof r->family, "%s", table_str(t, i, table_col(t, "family")));
    snprintf(r->status, sizeof r->status, "%s", table_str(t, i, table_col(t, "status")));
    r->v = registry_find(r->variant);
    double v[C_COUNT];
    for (int c = 0; c < C_COUNT; c++)
        v[c] = table_num(t, i, table_col(t, num_columns[c]));
    r->m = isnan(v[C_M]) ? 0 : (long)v[C_M];
    r->n = isnan(v[C_N]) ? 0 : (long)v[C_N];
    r->k = isnan(v[C_K]) ? 0 : (long)v[C_K];
    r->runtime_ms = v[C_RUNTIME];
    r->gflop_s = v[C_GFLOPS];
    r->gb_s = v[C_GBS];
    r->bw_vs_copy_pct = v[C_BW_COPY];
    r->cgma_theory = v[C_CGMA_THEORY];
    r->cgma_thread = v[C_CGMA_THREAD];
    r->cgma_sector = v[C_CGMA_SECTOR];
    r->intensity[ROOF_L1] = v[C_INT_L1];
    r->intensity[ROOF_L2] = v[C_INT_L2];
    r->intensity[ROOF_DRAM] = v[C_INT_DRAM];
}

static int fill_rows(const struct table *t, struct plot_data *d, char *err, size_t err_len)
{
    d->rows = calloc(t->nrows ? t->nrows : 1, sizeof *d->rows);
    if (!d->rows) {
        snprintf(err, err_len, "out of memory for %zu rows", t->nrows);
        return EXIT_RUNTIME;
    }
    for (size_t i = 0; i < t->nrows; i++)
        fill_row(t, i, &d->rows[i]);
    d->nrows = t->nrows;
    return EXIT_OK;
}

/* The device's name and the roofs, from run.json. */
static int read_run_json(struct plot_data *d, char *err, size_t err_len)
{
    char path[1100];
    path_in(path, sizeof path, d->run_dir, "run.json");
    char why[1200];
    cJSON *root = run_json_load(path, why, sizeof why);
    if (!root) {
        snprintf(err, err_len, "%s: a run directory needs the run.json `mmprof collect` writes", why);
        return EXIT_USAGE;
    }
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "device"), "name");
    if (cJSON_IsString(name) && name->valuestring)
        snprintf(d->device, sizeof d->device, "%s", name->valuestring);
    const cJSON *command = cJSON_GetObjectItemCaseSensitive(root, "command");
    if (cJSON_IsString(command) && command->valuestring)
        snprintf(d->made_by, sizeof d->made_by, "%s", command->valuestring);
    roofline_read(root, &d->roofs);
    cJSON_Delete(root);
    return EXIT_OK;
}

static int check_dir(const char *run_dir, char *err, size_t err_len)
{
    if (run_dir_check(run_dir, err, err_len) != 0)
        return EXIT_USAGE;
    if ((size_t)snprintf(NULL, 0, "%s", run_dir) >= 1000) {
        snprintf(err, err_len, "run directory path is longer than 999 characters: pass a shorter path");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int plot_data_load(const char *run_dir, struct plot_data *d, char *err, size_t err_len)
{
    memset(d, 0, sizeof *d);
    int rc = check_dir(run_dir, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    snprintf(d->run_dir, sizeof d->run_dir, "%s", run_dir);
    rc = read_run_json(d, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    struct table *t = load_analysis(run_dir, &rc, err, err_len);
    if (!t)
        return rc;
    rc = fill_rows(t, d, err, err_len);
    table_free(t);
    if (rc == EXIT_OK)
        keys_assign(d);
    /* a missing or damaged source.csv costs its chart (source_note says why and what takes the
     * samples), not the others */
    if (rc == EXIT_OK)
        source_profile_load(run_dir, &d->source, d->source_note, sizeof d->source_note);
    return rc;
}

void plot_data_free(struct plot_data *d)
{
    free(d->rows);
    d->rows = NULL;
    d->nrows = 0;
    source_profile_free(&d->source);
}
