/* Joining cross-check directories (join.h). */
#include "xcheck/join.h"


#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/file.h"
#include "common/str_list.h"
#include "common/table.h"
#include "common/util.h"
#include "xcheck/output.h"
#include "xcheck/rows.h"
#include "xcheck/summary.h"

/* settings.txt and not-compared.txt are a few lines each. */
#define TEXT_MAX_BYTES (4u * 1024 * 1024)

#define FIX_JOIN "give the --out directory of a finished `mmprof xcheck` or scripts/ncu-crosscheck.sh, or its CSV"

/* Appends the lines of dir/name; a missing file adds none. */
static int read_lines(const char *dir, const char *name, struct str_list *l)
{
    char path[4200], *text = NULL, why[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    enum file_read_status st = file_read_all(path, TEXT_MAX_BYTES, &text, NULL, why, sizeof why);
    if (st == FILE_READ_OPEN && errno == ENOENT)
        return 0;
    if (st != FILE_READ_OK) {
        msg_error("xcheck: %s; %s", why, FIX_JOIN);
        return -1;
    }
    int rc = 0;
    for (char *p = text; *p && rc == 0;) {
        size_t len = strcspn(p, "\n");
        rc = str_list_add(l, p, len);
        p += len + (p[len] == '\n');
    }
    free(text);
    if (rc != 0)
        msg_error("xcheck: out of memory reading %s", path);
    return rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The failed-runs count of dir; a directory without one counts 0, said. */
static long read_failures(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/failures", dir);
    FILE *f = fopen(path, "r");
    long n = 0;
    if (!f || fscanf(f, "%ld", &n) != 1 || n < 0) {
        msg_warn("xcheck: %s has no failures count; counted as 0", dir);
        n = 0;
    }
    if (f)
        fclose(f);
    return n;
}

/* The labels of the two sides from a crosscheck.csv header, which must be
 * variant,shape,metric,A,B,rel_diff,limit,result,A_spread,B_spread,t. */
static int header_labels(const struct table *t, const char *path, char *la, char *lb, size_t len)
{
    static const char *const fixed[] = {"variant", "shape", "metric", NULL, NULL, "rel_diff", "limit", "result",
                                        NULL,      NULL,    "t"};
    int ok = t->ncols == XC_CSV_FIELDS;
    for (size_t c = 0; ok && c < XC_CSV_FIELDS; c++)
        ok = !fixed[c] || strcmp(t->header[c], fixed[c]) == 0;
    if (!ok) {
        msg_error("xcheck: %s line %zu: not the header of a cross-check table; %s", path, t->header_line, FIX_JOIN);
        return -1;
    }
    snprintf(la, len, "%s", t->header[3]);
    snprintf(lb, len, "%s", t->header[4]);
    return 0;
}

struct joined {
    struct table **t;
    struct str_list settings, not_compared;
    long failures;
    char label_a[128], label_b[128];
};

/* The comparison's CSV of one --join item: a CSV file of any name as it is
 * (no settings, not-compared lines or failures beside it), or a directory's
 * crosscheck.csv. 1 for a directory, 0 for a file. */
static int csv_path(const char *item, char *path, size_t len)
{
    struct stat st;
    if (stat(item, &st) == 0 && S_ISREG(st.st_mode)) {
        snprintf(path, len, "%s", item);
        return 0;
    }
    snprintf(path, len, "%s/crosscheck.csv", item);
    return 1;
}

static int load(const char *const *dirs, size_t ndirs, struct joined *j)
{
    for (size_t i = 0; i < ndirs; i++) {
        char path[4200], why[1200], la[128], lb[128];
        int is_dir = csv_path(dirs[i], path, sizeof path);
        if (!(j->t[i] = table_read(path, why, sizeof why))) {
            msg_error("xcheck: %s; %s", why, FIX_JOIN);
            return -1;
        }
        if (header_labels(j->t[i], path, la, lb, sizeof la) != 0)
            return -1;
        if (i == 0) {
            snprintf(j->label_a, sizeof j->label_a, "%s", la);
            snprintf(j->label_b, sizeof j->label_b, "%s", lb);
        } else if (strcmp(la, j->label_a) != 0 || strcmp(lb, j->label_b) != 0) {
            msg_error("xcheck: %s line 1: compares %s with %s, %s compares %s with %s; join cross-checks of the "
                      "same two sides",
                      path, la, lb, dirs[0], j->label_a, j->label_b);
            return -1;
        }
        if (!is_dir)
            continue;
        if (read_lines(dirs[i], "settings.txt", &j->settings) != 0 ||
            read_lines(dirs[i], "not-compared.txt", &j->not_compared) != 0)
            return -1;
        j->failures += read_failures(dirs[i]);
    }
    return 0;
}

/* Sorted, each line once: every part of a split check says the same. */
static void unique_sorted(struct str_list *l)
{
    if (l->n == 0)
        return;
    qsort(l->item, l->n, sizeof *l->item, cmp_str);
    size_t k = 1;
    for (size_t i = 1; i < l->n; i++) {
        if (strcmp(l->item[i], l->item[k - 1]) == 0)
            free(l->item[i]);
        else
            l->item[k++] = l->item[i];
    }
    l->n = k;
}

int xc_join(const char *const *dirs, size_t ndirs, const char *out)
{
    struct joined j = {0};
    struct xc_output o;
    int rc = EXIT_USAGE;
    j.t = calloc(ndirs, sizeof *j.t);
    if (!j.t || load(dirs, ndirs, &j) != 0)
        goto done;
    unique_sorted(&j.settings);
    rc = EXIT_RUNTIME;
    if (xc_output_open(&o, out, j.label_a, j.label_b) != 0)
        goto done;
    for (size_t i = 0; i < j.settings.n; i++)
        xc_output_setting(&o, j.settings.item[i]);
    xc_output_header(&o);
    for (size_t i = 0; i < j.not_compared.n; i++)
        xc_output_not_compared_line(&o, j.not_compared.item[i]);
    for (size_t i = 0; i < ndirs; i++) {
        for (size_t r = 0; r < j.t[i]->nrows; r++) {
            struct xc_row row;
            const char *cells[XC_CSV_FIELDS];
            for (int c = 0; c < XC_CSV_FIELDS; c++)
                cells[c] = j.t[i]->cells[r][c];
            if (xc_row_from_cells(cells, &row) != 0) {
                char path[4200];
                csv_path(dirs[i], path, sizeof path);
                msg_error("xcheck: %s line %zu: a field is longer than any the comparison writes; %s", path,
                          j.t[i]->row_line[r], FIX_JOIN);
                xc_output_abort(&o);
                rc = EXIT_USAGE;
                goto done;
            }
            xc_output_row(&o, &row);
        }
    }
    o.tally.failures += j.failures;
    rc = xc_output_close(&o);
done:
    for (size_t i = 0; j.t && i < ndirs; i++)
        table_free(j.t[i]);
    free(j.t);
    str_list_free(&j.settings);
    str_list_free(&j.not_compared);
    return rc;
}
