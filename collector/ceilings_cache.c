#include "collector/ceilings_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomic_file.h"
#include "common/file.h"

#define CACHE_FILE_MAX_BYTES (1 << 20)

/* What the measurement depends on besides the time: the GPU itself (its
 * UUID: PCI slots repeat across the nodes that share a home directory), its
 * driver and the clocks it may run at. */
static cJSON *key_json(const struct device_info *d, const char *driver)
{
    cJSON *k = cJSON_CreateObject();
    cJSON_AddStringToObject(k, "uuid", d->uuid);
    cJSON_AddStringToObject(k, "name", d->name);
    cJSON_AddStringToObject(k, "driver", driver ? driver : "");
    cJSON_AddNumberToObject(k, "sm_clock_max_mhz", d->sm_clock_max_mhz);
    cJSON_AddNumberToObject(k, "mem_clock_max_mhz", d->mem_clock_max_mhz);
    return k;
}

static int cache_path(const struct device_info *d, char *path, size_t len)
{
    char part[sizeof d->uuid];
    if (!d->uuid[0])
        return -1;
    file_name_part(part, sizeof part, d->uuid);
    char name[sizeof part + 32];
    snprintf(name, sizeof name, "ceilings-%s.json", part);
    return file_cache_path(name, path, len);
}

cJSON *ceilings_cache_load(const struct device_info *d, const char *driver, time_t now)
{
    char path[4096], *text = NULL;
    if (cache_path(d, path, sizeof path) != 0 ||
        file_read_all(path, CACHE_FILE_MAX_BYTES, &text, NULL, NULL, 0) != FILE_READ_OK)
        return NULL;
    cJSON *file = cJSON_Parse(text);
    free(text);
    cJSON *key = key_json(d, driver), *ceilings = NULL;
    const cJSON *measured = cJSON_GetObjectItemCaseSensitive(file, "measured_unix_s");
    const cJSON *kept = cJSON_GetObjectItemCaseSensitive(file, "ceilings");
    if (cJSON_Compare(key, cJSON_GetObjectItemCaseSensitive(file, "key"), 1) && cJSON_IsNumber(measured) &&
        cJSON_IsObject(kept) && cJSON_GetObjectItemCaseSensitive(kept, "measured") &&
        measured->valuedouble <= (double)now && (double)now - measured->valuedouble <= CEILINGS_CACHE_MAX_AGE_S) {
        ceilings = cJSON_Duplicate(kept, 1);
        cJSON_DeleteItemFromObjectCaseSensitive(ceilings, "reused");
        cJSON_DeleteItemFromObjectCaseSensitive(ceilings, "measured_unix_s");
        cJSON_AddNumberToObject(ceilings, "measured_unix_s", measured->valuedouble);
        cJSON_AddBoolToObject(ceilings, "reused", 1);
    }
    cJSON_Delete(key);
    cJSON_Delete(file);
    return ceilings;
}

void ceilings_cache_store(const struct device_info *d, const char *driver, const cJSON *ceilings, time_t now)
{
    char path[4096];
    if (!ceilings || cache_path(d, path, sizeof path) != 0 || file_mkdir_parent(path) != 0)
        return;
    cJSON *file = cJSON_CreateObject();
    cJSON_AddItemToObject(file, "key", key_json(d, driver));
    cJSON_AddNumberToObject(file, "measured_unix_s", (double)now);
    cJSON_AddItemToObject(file, "ceilings", cJSON_Duplicate(ceilings, 1));
    char *text = cJSON_Print(file);
    cJSON_Delete(file);
    if (text)
        (void)atomic_write(path, text, strlen(text), NULL, 0);
    free(text);
}
