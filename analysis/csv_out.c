/* analysis.csv: written whole to a temporary file in the run directory and
 * renamed over the old one, so plots/ and reports/ never read half a file. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/columns.h"
#include "common/atomic_file.h"
#include "common/csv_write.h"
#include "rundir/run_files.h"
#include "rundir/run_out.h"

static void put_row(FILE *f, const struct analysis_row *r, const struct column *cols, size_t ncols)
{
    for (size_t c = 0; c < ncols; c++) {
        if (c)
            fputc(',', f);
        if (cols[c].num)
            csv_put_num(f, cols[c].num(r));
        else
            csv_put_text(f, cols[c].text(r));
    }
    fputc('\n', f);
}

int analysis_write_csv(const struct analysis *a, FILE *f)
{
    size_t ncols;
    const struct column *cols = analysis_columns(&ncols);
    for (size_t c = 0; c < ncols; c++)
        fprintf(f, "%s%s", c ? "," : "", cols[c].name);
    fputc('\n', f);
    for (size_t i = 0; i < a->nrows; i++)
        put_row(f, &a->rows[i], cols, ncols);
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

int analysis_save_csv(const struct analysis *a, char *err, size_t err_len)
{
    char path[1100];
    struct atomic_file af;
    if (run_out_tracked(a->run_dir))
        return 0; /* committed data: its analysis.csv stays as committed */
    run_path(path, sizeof path, a->run_dir, ANALYSIS_CSV);
    if (atomic_open(&af, path) != 0) {
        snprintf(err, err_len, "cannot create a file in %s: %s (is the run directory writable?)", a->run_dir,
                 strerror(errno));
        return -1;
    }
    if (analysis_write_csv(a, af.f) != 0 || atomic_finish(&af) != 0 || atomic_commit(&af) != 0) {
        atomic_abort(&af); /* keeps errno */
        snprintf(err, err_len, "cannot write %s: %s (disk full or read-only?)", path, strerror(errno));
        return -1;
    }
    return 0;
}
