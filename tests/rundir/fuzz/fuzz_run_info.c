/* run.json read (rundir/run_dir.c, cJSON) and what analysis/ takes of it (analysis/run_info.c). */
#include <math.h>
#include <string.h>

#include "analysis/run_info.h"
#include "rundir/run_dir.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024] = "";
    struct run_info ri;
    const char *path = fuzz_write(0, "run.json", data, size);
    struct run_meta m = {run_json_load(path, err, sizeof err)};
    if (!m.root) {
        FUZZ_CHECK(err[0] != '\0');
        return 0;
    }
    run_info_of(&m, &ri);
    run_meta_free(&m);
    FUZZ_CHECK(memchr(ri.device_name, '\0', sizeof ri.device_name) != NULL);
    FUZZ_CHECK(isnan(ri.sm_count) || ri.sm_count >= 1);
    return 0;
}
