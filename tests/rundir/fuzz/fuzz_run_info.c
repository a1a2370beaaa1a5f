/* run.json reader of analysis/ (analysis/run_info.c, cJSON). */
#include <math.h>
#include <string.h>

#include "analysis/run_info.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024] = "";
    struct run_info ri;
    const char *path = fuzz_write(0, "run.json", data, size);
    if (run_info_read(path, &ri, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] != '\0');
        return 0;
    }
    FUZZ_CHECK(memchr(ri.device_name, '\0', sizeof ri.device_name) != NULL);
    FUZZ_CHECK(isnan(ri.sm_count) || ri.sm_count >= 1);
    return 0;
}
