/* One run directory as the reading commands (analyze, plot, report, diff,
 * xcheck, source) take it: each file the command asks for read once, by the
 * one reader of its format, and held until run_view_free. results.csv and
 * run.json, when asked for, must be there; samples.csv and source.csv are
 * optional (a run collected without them). A damaged source.csv costs only
 * what is drawn from it: the view keeps why, and loads the rest. */
#ifndef MMPROF_RUNDIR_RUN_VIEW_H
#define MMPROF_RUNDIR_RUN_VIEW_H

#include <stddef.h>

#include "rundir/run_meta.h"

/* What run_view_load reads: an OR of these. */
enum run_view_part {
    RUN_VIEW_RESULTS = 1 << 0, /* results.csv (results.h) */
    RUN_VIEW_META = 1 << 1,    /* run.json (run_meta.h) */
    RUN_VIEW_SAMPLES = 1 << 2, /* samples.csv when the run has one (samples.h) */
    RUN_VIEW_SOURCE = 1 << 3,  /* source.csv when the run has one (source_csv.h) */
    RUN_VIEW_META_IF_ANY = 1 << 4, /* run.json when the directory has one */
};

/* Where the view's source.csv stands. */
enum run_view_source { RUN_SOURCE_READ, RUN_SOURCE_ABSENT, RUN_SOURCE_UNREADABLE };

struct run_view {
    char dir[1024];
    struct run_meta meta;        /* run.json; root NULL when not asked for */
    struct table *results;       /* results.csv; NULL when not asked for */
    struct samples *samples;     /* samples.csv; NULL when not asked for or the run has none */
    struct source_table *source; /* source.csv; NULL unless source_status is RUN_SOURCE_READ */
    enum run_view_source source_status;
    char source_note[1200]; /* why source.csv could not be read (RUN_SOURCE_UNREADABLE) */
};

/* Reads the parts of dir. 0, or 2 (EXIT_USAGE) when dir is not a directory,
 * its path is too long, or a part asked for is missing or malformed; err
 * gets one sentence naming the file and the fix. v is empty after a failure. */
int run_view_load(const char *dir, unsigned parts, struct run_view *v, char *err, size_t err_len);
void run_view_free(struct run_view *v);

#endif
