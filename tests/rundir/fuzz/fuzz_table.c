/* results.csv reader (common/table.c, libcsv): any bytes give a table whose
 * every row has the header's width, or NULL with a message. */
#include <math.h>
#include <string.h>

#include "common/table.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024] = "";
    const char *path = fuzz_write(0, "results.csv", data, size);
    struct table *t = table_read(path, err, sizeof err);
    if (!t) {
        FUZZ_CHECK(err[0] != '\0' && memchr(err, '\0', sizeof err));
        return 0;
    }
    FUZZ_CHECK(t->ncols > 0 && t->header);
    for (size_t c = 0; c < t->ncols; c++) {
        int found = table_col(t, t->header[c]);
        FUZZ_CHECK(found >= 0 && (size_t)found <= c && strcmp(t->header[found], t->header[c]) == 0);
    }
    double sum = 0;
    for (size_t r = 0; r < t->nrows; r++)
        for (size_t c = 0; c < t->ncols; c++) {
            FUZZ_CHECK(t->cells[r][c] != NULL);
            FUZZ_CHECK(table_str(t, r, (int)c) == t->cells[r][c]);
            double v = table_num(t, r, (int)c);
            if (!isnan(v))
                sum += v;
        }
    FUZZ_CHECK(*table_str(t, t->nrows, 0) == '\0' && isnan(table_num(t, 0, -1)));
    (void)sum;
    table_free(t);
    return 0;
}
