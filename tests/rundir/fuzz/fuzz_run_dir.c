/* A whole run directory through analysis: results.csv + run.json ->
 * the run view and its analysis -> every printer and analysis.csv (as `mmprof analyze` does).
 * Input: results.csv, optionally "\n#run.json\n" and run.json. */
#include <stdio.h>
#include <string.h>

#include "analysis/analysis.h"
#include "common/util.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *csv, *json;
    size_t csv_len, json_len;
    fuzz_split_run(data, size, &csv, &csv_len, &json, &json_len);
    fuzz_write(0, "results.csv", csv, csv_len);
    fuzz_write(1, "run.json", json, json_len);
    struct run_view v;
    struct analysis a;
    char err[1536] = "";
    int rc = analysis_load(fuzz_dir(), 0, &v, &a, err, sizeof err);
    if (rc != EXIT_OK) {
        FUZZ_CHECK((rc == EXIT_USAGE || rc == EXIT_RUNTIME) && err[0] != '\0');
        return 0;
    }
    FILE *null = fuzz_null();
    FUZZ_CHECK(analysis_write_csv(&a, null) == 0);
    analysis_print_table(&a, null);
    FUZZ_CHECK(analysis_print_json(&a, null) == 0);
    FUZZ_CHECK(analysis_save_csv(&a, err, sizeof err) == 0);
    analysis_free(&a);
    run_view_free(&v);
    return 0;
}
