#include "reports/run_meta.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/fmt.h"

/* run.json is a few KiB; a file past this is not one mmprof wrote. */
#define RUN_JSON_MAX_BYTES (16L * 1024 * 1024)

static char *slurp(const char *path, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    char *buf = size >= 0 && size <= RUN_JSON_MAX_BYTES ? malloc((size_t)size + 1) : NULL;
    int bad = !buf || fseek(f, 0, SEEK_SET) != 0 || fread(buf, 1, (size_t)size, f) != (size_t)size;
    fclose(f);
    if (bad) {
        snprintf(err, err_len, "cannot read %s (unreadable, or larger than 16 MiB)", path);
        free(buf);
        return NULL;
    }
    buf[size] = '\0';
    return buf;
}

int run_meta_load(const char *run_dir, struct run_meta *m, char *err, size_t err_len)
{
    char path[1200];
    m->root = NULL;
    snprintf(path, sizeof path, "%s/run.json", run_dir);
    char *text = slurp(path, err, err_len);
    if (!text)
        return -1;
    m->root = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsObject(m->root)) {
        snprintf(err, err_len, "%s is not a JSON object (truncated or hand-edited?)", path);
        run_meta_free(m);
        return -1;
    }
    return 0;
}

void run_meta_free(struct run_meta *m)
{
    cJSON_Delete(m->root);
    m->root = NULL;
}

const struct cJSON *meta_at(const struct run_meta *m, const char *path)
{
    const cJSON *node = m->root;
    char key[128];
    while (node && *path) {
        size_t len = strcspn(path, ".");
        if (len >= sizeof key)
            return NULL;
        memcpy(key, path, len);
        key[len] = '\0';
        node = cJSON_GetObjectItemCaseSensitive(node, key);
        path += len + (path[len] == '.');
    }
    return node;
}

const char *meta_str(const struct run_meta *m, const char *path)
{
    const cJSON *n = meta_at(m, path);
    return cJSON_IsString(n) && n->valuestring ? n->valuestring : NULL;
}

double meta_num(const struct run_meta *m, const char *path)
{
    const cJSON *n = meta_at(m, path);
    return cJSON_IsNumber(n) ? n->valuedouble : NAN;
}

const char *meta_text(const struct run_meta *m, const char *path, char *buf, size_t len)
{
    const cJSON *n = meta_at(m, path);
    if (cJSON_IsString(n) && n->valuestring && n->valuestring[0])
        return n->valuestring;
    if (cJSON_IsNumber(n))
        snprintf(buf, len, "%.10g", n->valuedouble);
    else if (cJSON_IsBool(n))
        snprintf(buf, len, "%s", cJSON_IsTrue(n) ? "yes" : "no");
    else
        snprintf(buf, len, "%s", FMT_NONE);
    return buf;
}
