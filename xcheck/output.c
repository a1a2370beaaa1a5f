/* The table and the files of a comparison (output.h). */
#include "xcheck/output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "common/util.h"

static int open_file(struct xc_output *o, struct atomic_file *a, const char *name)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", o->out_dir, name);
    if (atomic_open(a, path) != 0) {
        msg_error("xcheck: cannot create a file beside %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int xc_output_open(struct xc_output *o, const char *out_dir, const char *label_a, const char *label_b)
{
    memset(o, 0, sizeof *o);
    o->out_dir = out_dir;
    snprintf(o->label_a, sizeof o->label_a, "%s", label_a);
    snprintf(o->label_b, sizeof o->label_b, "%s", label_b);
    if (!out_dir)
        return 0;
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
        msg_error("xcheck: cannot create %s: %s", out_dir, strerror(errno));
        return -1;
    }
    if (open_file(o, &o->csv, "crosscheck.csv") != 0 || open_file(o, &o->not_compared, "not-compared.txt") != 0) {
        xc_output_abort(o);
        return -1;
    }
    xc_csv_header(o->csv.f, label_a, label_b);
    return 0;
}

void xc_output_setting(struct xc_output *o, const char *line)
{
    printf("%s\n", line);
    if (o->out_dir && !o->have_settings)
        o->have_settings = open_file(o, &o->settings, "settings.txt") == 0;
    if (o->have_settings)
        fprintf(o->settings.f, "%s\n", line);
}

void xc_output_header(struct xc_output *o)
{
    xc_print_header(stdout, o->label_a, o->label_b);
}

void xc_output_not_compared(struct xc_output *o, const char *variant, const char *shape, const char *why)
{
    xc_print_not_compared(stdout, variant, shape, why);
    if (o->out_dir)
        xc_print_not_compared(o->not_compared.f, variant, shape, why);
}

void xc_output_not_compared_line(struct xc_output *o, const char *line)
{
    printf("%s\n", line);
    if (o->out_dir)
        fprintf(o->not_compared.f, "%s\n", line);
}

void xc_output_row(struct xc_output *o, const struct xc_row *row)
{
    xc_print_row(stdout, row);
    if (o->out_dir)
        xc_csv_row(o->csv.f, row);
    xc_tally_row(&o->tally, row);
}

void xc_output_fail(struct xc_output *o, const char *variant, const char *shape, const char *why)
{
    fflush(stdout); /* in order with the table when both go to one terminal */
    fprintf(stderr, "FAIL %s/%s: %s\n", variant, shape, why);
    o->tally.failures++;
}

static int commit(struct atomic_file *a)
{
    if (atomic_finish(a) == 0 && atomic_commit(a) == 0)
        return 0;
    msg_error("xcheck: cannot write %s: %s", a->path, strerror(errno));
    atomic_abort(a);
    return -1;
}

int xc_output_close(struct xc_output *o)
{
    int written = 0;
    if (o->out_dir) {
        char path[4200], count[32];
        snprintf(path, sizeof path, "%s/failures", o->out_dir);
        snprintf(count, sizeof count, "%ld\n", o->tally.failures);
        char why[600];
        written = commit(&o->csv) | commit(&o->not_compared) | (o->have_settings ? commit(&o->settings) : 0);
        if (atomic_write(path, count, strlen(count), why, sizeof why) != 0) {
            msg_error("xcheck: %s", why);
            written = -1;
        }
    }
    fflush(stdout);
    int rc = xc_print_summary(stdout, &o->tally, o->out_dir);
    return written != 0 ? EXIT_RUNTIME : rc;
}

void xc_output_abort(struct xc_output *o)
{
    if (!o->out_dir)
        return;
    atomic_abort(&o->csv);
    atomic_abort(&o->not_compared);
    if (o->have_settings)
        atomic_abort(&o->settings);
}
