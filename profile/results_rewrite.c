/* results.csv rewritten (results_rewrite.h). */
#include "profile/results_rewrite.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/csv_write.h"
#include "rundir/results.h"
#include "common/table.h"

void rewrite_num(char *cell, size_t len, double v)
{
    if (isfinite(v))
        snprintf(cell, len, "%.15g", v);
    else
        cell[0] = '\0';
}

static void put_cells(FILE *f, const char *const *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        csv_put_text(f, cells[i]);
    }
    fputc('\n', f);
}

static int write_table(const struct table *t, rewrite_row_fn edit, void *arg, const char *tmp, char *why,
                       size_t why_len)
{
    FILE *f = fopen(tmp, "w");
    const char **cells = calloc(t->ncols, sizeof *cells);
    char (*text)[REWRITE_CELL_MAX] = malloc(t->ncols * sizeof *text);
    int rc = !f || !cells || !text;
    if (!rc)
        put_cells(f, (const char *const *)t->header, t->ncols);
    for (size_t r = 0; !rc && r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++)
            cells[c] = t->cells[r][c];
        edit(t, r, cells, text, arg);
        put_cells(f, cells, t->ncols);
    }
    if (f && (fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0))
        rc = 1;
    if (f && fclose(f) != 0)
        rc = 1;
    if (rc)
        snprintf(why, why_len, "cannot write %s: %s", tmp, strerror(errno));
    free(cells);
    free(text);
    return rc;
}

int results_rewrite(const char *dir, rewrite_row_fn edit, void *arg, char *why, size_t why_len)
{
    char path[4200], tmp[4220];
    run_path(path, sizeof path, dir, RESULTS_CSV);
    snprintf(tmp, sizeof tmp, "%s.rewriting", path);
    struct table *t = results_read(path, why, why_len);
    if (!t)
        return 1;
    int rc = write_table(t, edit, arg, tmp, why, why_len);
    if (!rc && rename(tmp, path) != 0) {
        snprintf(why, why_len, "cannot replace %s: %s", path, strerror(errno));
        rc = 1;
    }
    if (rc)
        unlink(tmp);
    table_free(t);
    return rc;
}
