#include "analysis/raw_rows.h"

#include <stdio.h>
#include <string.h>

#include "rundir/results.h"

struct table *raw_rows_read(const char *run_dir, const struct analysis *a, char *err, size_t err_len)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/results.csv", run_dir);
    struct table *t = results_read(path, err, err_len);
    if (!t)
        return NULL;
    int same = t->nrows == a->nrows;
    for (size_t i = 0; same && i < a->nrows; i++)
        same = strncmp(table_str(t, i, table_col(t, "variant")), a->rows[i].variant,
                       sizeof a->rows[i].variant - 1) == 0; /* a profiled kernel's name may be cut */
    if (!same) {
        /* a collect still appending rows, or a file replaced between the two reads */
        snprintf(err, err_len, "%s changed while it was read: try again once the run is finished", path);
        table_free(t);
        return NULL;
    }
    return t;
}
