/* run.json as its readers see it (loaded by the run view, run_view.h): any
 * field by its dotted path ("device.name", "ceilings.measured.fp32_gflops").
 * A field the collector did not write reads as NULL / NaN: older runs and
 * runs without ceilings still make a report. */
#ifndef MMPROF_REPORTS_RUN_META_H
#define MMPROF_REPORTS_RUN_META_H

#include <stddef.h>

struct cJSON;

struct run_meta {
    struct cJSON *root;
};

void run_meta_free(struct run_meta *m);

const struct cJSON *meta_at(const struct run_meta *m, const char *path);
/* The string at path, or NULL. */
const char *meta_str(const struct run_meta *m, const char *path);
/* The number at path, or NaN. */
double meta_num(const struct run_meta *m, const char *path);
/* The value at path as text (string, number, true/false) in buf or the
 * document, or NULL when run.json has none. */
const char *meta_text(const struct run_meta *m, const char *path, char *buf, size_t len);

#endif
