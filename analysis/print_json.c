/* `--format json`: every analysis.csv column of every row, numbers as JSON
 * numbers and "not measured" as null. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/analysis.h"
#include "analysis/columns.h"

static int add_row(cJSON *rows, const struct analysis_row *r)
{
    size_t ncols;
    const struct column *cols = analysis_columns(&ncols);
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(rows, o)) {
        cJSON_Delete(o);
        return -1;
    }
    for (size_t c = 0; c < ncols; c++) {
        double v = cols[c].num ? cols[c].num(r) : 0;
        cJSON *item = !cols[c].num     ? cJSON_AddStringToObject(o, cols[c].name, cols[c].text(r))
                      : isfinite(v) ? cJSON_AddNumberToObject(o, cols[c].name, v)
                                    : cJSON_AddNullToObject(o, cols[c].name);
        if (!item)
            return -1;
    }
    return 0;
}

static cJSON *build(const struct analysis *a)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *rows = cJSON_AddArrayToObject(root, "rows");
    if (!rows || !cJSON_AddStringToObject(root, "run", a->run_dir) ||
        !cJSON_AddStringToObject(root, "device", a->run.device_name)) {
        cJSON_Delete(root);
        return NULL;
    }
    for (size_t i = 0; i < a->nrows; i++)
        if (add_row(rows, &a->rows[i]) != 0) {
            cJSON_Delete(root);
            return NULL;
        }
    return root;
}

int analysis_print_json(const struct analysis *a, FILE *f)
{
    cJSON *root = build(a);
    char *text = root ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!text)
        return -1;
    int rc = fprintf(f, "%s\n", text) < 0 ? -1 : 0;
    free(text);
    return rc;
}
