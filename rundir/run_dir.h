/* A finished run directory as the commands that read one (analyze, plot,
 * report, diff) see it: the same checks, and the same words when it is not
 * one, whichever command was given it. */
#ifndef MMPROF_COMMON_RUN_DIR_H
#define MMPROF_COMMON_RUN_DIR_H

#include <stddef.h>

struct cJSON;

/* 0 when run_dir is a directory; else -1 with "'RUN' is not a directory:
 * pass a run directory written by `mmprof collect` (...)" in err. */
int run_dir_check(const char *run_dir, char *err, size_t err_len);

/* run.json is a few KiB; a file past this is not one mmprof wrote. */
#define RUN_JSON_MAX_BYTES (16u * 1024 * 1024)

/* The root object of the run.json at path (free with cJSON_Delete), or NULL
 * with one sentence in err: "cannot open PATH: REASON", "cannot read PATH
 * (unreadable, or larger than 16 MiB)" or "PATH is not a JSON object
 * (truncated or hand-edited?)". Missing fields are the caller's to judge. */
struct cJSON *run_json_load(const char *path, char *err, size_t err_len);

#endif
