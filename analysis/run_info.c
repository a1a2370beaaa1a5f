#include "analysis/run_info.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>

#include "rundir/run_dir.h"

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
    cJSON *root = run_json_load(path, err, err_len);
    if (!root)
        return -1;
    read_device(root, ri);
    cJSON_Delete(root);
    return 0;
}
