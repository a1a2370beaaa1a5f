#include "analysis/run_info.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* run.json is small (a few KiB); anything past this is not ours. */
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

static void read_device(const cJSON *root, struct run_info *ri)
{
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(root, "device");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(dev, "name");
    const cJSON *sms = cJSON_GetObjectItemCaseSensitive(dev, "sm_count");
    if (cJSON_IsString(name) && name->valuestring)
        snprintf(ri->device_name, sizeof ri->device_name, "%s", name->valuestring);
    if (cJSON_IsNumber(sms) && sms->valuedouble >= 1)
        ri->sm_count = sms->valuedouble;
}

int run_info_read(const char *path, struct run_info *ri, char *err, size_t err_len)
{
    ri->device_name[0] = '\0';
    ri->sm_count = NAN;
    char *text = slurp(path, err, err_len);
    if (!text)
        return -1;
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsObject(root)) {
        snprintf(err, err_len, "%s is not a JSON object (truncated or hand-edited?)", path);
        cJSON_Delete(root);
        return -1;
    }
    read_device(root, ri);
    cJSON_Delete(root);
    return 0;
}
