#include "rundir/run_meta.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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
        return NULL;
    return buf;
}
