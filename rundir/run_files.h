/* The names of the files in a run directory, spelled here and nowhere else,
 * the one way to join a run directory and a name into a path, and a count of
 * how often the readers of rundir/ opened each file (what a command reads,
 * checked by tests: each file of a run once per command). */
#ifndef MMPROF_RUNDIR_RUN_FILES_H
#define MMPROF_RUNDIR_RUN_FILES_H

#include <stddef.h>

#define RUN_JSON "run.json"         /* the run's device, clocks, ceilings, arguments (run_json.h) */
#define RESULTS_CSV "results.csv"   /* one row per variant x size (results.h) */
#define SAMPLES_CSV "samples.csv"   /* every timed launch (samples.h) */
#define SOURCE_CSV "source.csv"     /* PC samples of `collect --source` (source_csv.h) */
#define ANALYSIS_CSV "analysis.csv" /* `mmprof analyze`'s rows (analysis/columns.c) */
#define LAUNCHES_TSV "launches.tsv" /* `mmprof profile`'s launch log (profile/launch_log.h) */
#define ACTIVITY_TSV "activity.tsv" /* CUPTI's kernel records while the app runs (profile/activity_log.h) */
#define REPLAY_TSV_FMT "replay-%ld.tsv" /* an application replay's run K (profile/replay_log.h) */
#define REPLAY_LOG_FMT "replay-%ld.log" /* that run's output */
#define PLOTS_DIR "plots"           /* `mmprof plot`'s charts */
#define REPORT_MD "report.md"       /* `mmprof report`'s page, Markdown */
#define REPORT_HTML "report.html"   /* and HTML */

/* dir/name into buf. 0, or -1 when it does not fit (buf holds it cut). */
int run_path(char *buf, size_t len, const char *dir, const char *name);

/* The run's name as a reader knows it, for titles: the last part of dir
 * (trailing slashes dropped), cut to len - 1 bytes with "..." at its end
 * when longer. A chart's title holds names, not paths, whose length
 * depends on where the checkout lies. */
void run_name(char *buf, size_t len, const char *dir);

/* Counts one open of path by a reader of rundir/ (the count is kept per
 * file name, the last part of path). */
void run_file_opened(const char *path);
/* How often a file of this name was opened since the last reset. */
unsigned long run_file_opens(const char *name);
void run_file_opens_reset(void);

#endif
