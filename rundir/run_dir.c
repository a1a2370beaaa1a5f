#include "rundir/run_dir.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "common/file.h"
#include "rundir/run_files.h"

int run_dir_check(const char *run_dir, char *err, size_t err_len)
{
    struct stat st;
    if (stat(run_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, err_len,
                 "'%s' is not a directory: pass a run directory written by `mmprof collect` "
                 "(results/<timestamp>-<gpu>)",
                 run_dir);
        return -1;
    }
    return 0;
}

cJSON *run_json_load(const char *path, char *err, size_t err_len)
{
    char *text;
    run_file_opened(path);
    enum file_read_status s = file_read_all(path, RUN_JSON_MAX_BYTES, &text, NULL, err, err_len);
    if (s != FILE_READ_OK) {
        /* "cannot open" (missing, no permission) as file_read_all says it;
         * anything after a successful open in one message. */
        if (s != FILE_READ_OPEN)
            snprintf(err, err_len, "cannot read %s (unreadable, or larger than 16 MiB)", path);
        return NULL;
    }
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsObject(root)) {
        snprintf(err, err_len, "%s is not a JSON object (truncated or hand-edited?)", path);
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}
