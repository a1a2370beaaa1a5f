/* results.csv rewritten (results_rewrite.h). */
#include "rundir/results_rewrite.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomic_file.h"
#include "common/table.h"
#include "rundir/results.h"
#include "rundir/run_files.h"

static int write_table(const struct table *t, rewrite_row_fn edit, void *arg, FILE *f)
{
    const char **cells = calloc(t->ncols, sizeof *cells);
    char (*text)[REWRITE_CELL_MAX] = malloc(t->ncols * sizeof *text);
    if (!cells || !text) {
        free(cells);
        free(text);
        errno = ENOMEM;
        return -1;
    }
    results_put_cells(f, (const char *const *)t->header, t->ncols);
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++)
            cells[c] = t->cells[r][c];
        edit(t, r, cells, text, arg);
        results_put_cells(f, cells, t->ncols);
    }
    free(cells);
    free(text);
    return 0;
}

int results_rewrite(const char *dir, rewrite_row_fn edit, void *arg, char *why, size_t why_len)
{
    char path[4200];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    struct table *t = results_read(path, why, why_len);
    if (!t)
        return 1;
    struct atomic_file af;
    int rc = atomic_open(&af, path) != 0 || write_table(t, edit, arg, af.f) != 0 || atomic_finish(&af) != 0 ||
             atomic_commit(&af) != 0;
    if (rc) {
        atomic_abort(&af); /* keeps errno */
        snprintf(why, why_len, "cannot rewrite %s: %s", path, strerror(errno));
    }
    table_free(t);
    return rc;
}
