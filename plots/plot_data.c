/* The charts' rows, one per analysis row, in the analysis's order: the few
 * numbers a chart draws, taken from the analysis in memory (the numbers come
 * from one place: analysis/); the device and roofs from the view's run.json,
 * its source.csv folded per kernel. */
#include "plots/plot_data.h"

#include "plots/chart_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/verdict.h"
#include "common/util.h"

static void fill_row(const struct analysis_row *a, struct plot_row *r)
{
    snprintf(r->variant, sizeof r->variant, "%.*s", (int)sizeof r->variant - 1, a->variant); /* cut as the charts label it */
    snprintf(r->family, sizeof r->family, "%s", a->family);
    snprintf(r->status, sizeof r->status, "%s", a->status);
    r->v = a->v;
    r->m = a->m;
    r->n = a->n;
    r->k = a->k;
    r->runtime_ms = a->ms.runtime_ms;
    r->gflop_s = a->ms.gflop_s;
    r->gb_s = a->ms.gb_s;
    r->bw_vs_copy_pct = a->bw_vs_copy_pct;
    r->cgma_theory = a->th.cgma;
    r->cgma_thread = a->ms.cgma_thread_flop_per_word;
    r->cgma_sector = a->ms.cgma_sector_flop_per_word;
    r->intensity[ROOF_L1] = a->ms.intensity_l1_flop_per_byte;
    r->intensity[ROOF_L2] = a->ms.intensity_l2_flop_per_byte;
    r->intensity[ROOF_DRAM] = a->ms.intensity_dram_flop_per_byte;
}

static int fill_rows(const struct analysis *a, struct plot_data *d, char *err, size_t err_len)
{
    d->rows = calloc(a->nrows ? a->nrows : 1, sizeof *d->rows);
    if (!d->rows) {
        snprintf(err, err_len, "out of memory for %zu rows", a->nrows);
        return EXIT_RUNTIME;
    }
    for (size_t i = 0; i < a->nrows; i++)
        fill_row(&a->rows[i], &d->rows[i]);
    d->nrows = a->nrows;
    return EXIT_OK;
}

/* The device's name and the roofs, from run.json. */
static void read_run_json(const struct run_view *v, struct plot_data *d)
{
    const char *name = meta_str(&v->meta, "device.name");
    snprintf(d->device, sizeof d->device, "%s", name ? name : "");
    const char *command = meta_str(&v->meta, "command");
    snprintf(d->made_by, sizeof d->made_by, "%s", command ? command : "");
    roofline_read(v->meta.root, &d->roofs);
}

/* Room left for "/plots/NAME.ext" in the charts' paths. */
static int check_dir(const char *run_dir, char *err, size_t err_len)
{
    if (strlen(run_dir) >= 1000) {
        snprintf(err, err_len, "run directory path is longer than 999 characters: pass a shorter path");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int plot_data_from(const struct run_view *v, const struct analysis *a, struct plot_data *d, char *err,
                   size_t err_len)
{
    memset(d, 0, sizeof *d);
    int rc = check_dir(v->dir, err, err_len);
    if (rc != EXIT_OK)
        return rc;
    snprintf(d->run_dir, sizeof d->run_dir, "%s", v->dir);
    read_run_json(v, d);
    analysis_fit_roofs(a, &d->roofs); /* the roofs analyze and the report hold kernels to */
    rc = fill_rows(a, d, err, err_len);
    if (rc == EXIT_OK)
        keys_assign(d);
    /* a missing or damaged source.csv costs its chart (source_note says why and what takes the
     * samples), not the others */
    if (rc == EXIT_OK)
        source_profile_load(v, &d->source, d->source_note, sizeof d->source_note);
    return rc;
}

void plot_data_free(struct plot_data *d)
{
    free(d->rows);
    d->rows = NULL;
    d->nrows = 0;
    source_profile_free(&d->source);
}
