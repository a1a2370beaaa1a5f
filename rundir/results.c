#include "rundir/results.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/csv_write.h"
#include "common/table.h"
#include "rundir/run_files.h"

const char *status_name(enum result_status s)
{
    switch (s) {
    case STATUS_OK:
        return "ok";
    case STATUS_FAILED:
        return "failed";
    case STATUS_SKIPPED:
        return "skipped";
    }
    return "?";
}

void row_reason(struct result_row *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
}

void result_row_init(struct result_row *r)
{
    memset(r, 0, sizeof *r);
    r->rel_error = r->runtime_ms = r->min_ms = r->max_ms = NAN;
    r->flops = r->bytes_compulsory = r->gflops = r->gbs = NAN;
    r->h2d_ms = r->d2h_ms = r->total_ms = NAN;
    r->theoretical_occupancy_pct = NAN;
    r->limiter = "";
    r->params = "";
}

static void put_count(FILE *f, long v, int measured)
{
    if (measured)
        fprintf(f, "%ld", v);
}

size_t results_fixed_count(void)
{
#define ONE(c) +1
    return 0 RESULTS_FIXED_COLUMNS(ONE);
#undef ONE
}

/* A row goes to the file whole or not at all: built in memory, written
 * straight to the descriptor (stdio's buffer is empty between rows) and
 * fsync'd, so a crash or kill after this loses nothing measured; a write the
 * disk cannot take whole (ENOSPC, EFBIG, EIO) is cut off again, so
 * results.csv holds whole rows only and --resume needs to mend nothing. */
static int put_row(FILE *f, const char *row, size_t len, int sync)
{
    struct stat st;
    int fd = fileno(f);
    if (fflush(f) != 0 || fstat(fd, &st) != 0)
        return -1;
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, row + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = ENOSPC;
            break;
        }
        done += (size_t)w;
    }
    if (done == len && (!sync || fsync(fd) == 0))
        return 0;
    int e = errno;
    int cut = ftruncate(fd, st.st_size); /* the write's error is the one to report */
    (void)cut;
    errno = e;
    return -1;
}

/* The row that write_row (a function writing to a FILE) makes, put whole. */
typedef void (*row_writer)(FILE *m, const void *arg);

static int append_row(FILE *f, row_writer write_row, const void *arg, int sync)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return -1;
    write_row(m, arg);
    int rc = fclose(m) == 0 ? put_row(f, buf, len, sync) : -1;
    free(buf);
    return rc;
}

struct cells_arg {
    const char *const *cells;
    size_t n;
};

void results_put_cells(FILE *f, const char *const *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        csv_put_text(f, cells[i]);
    }
    fputc('\n', f);
}

static void write_cells(FILE *f, const void *arg)
{
    const struct cells_arg *a = arg;
    results_put_cells(f, a->cells, a->n);
}

int results_append_cells(FILE *f, const char *const *cells, size_t n)
{
    struct cells_arg a = {cells, n};
    return append_row(f, write_cells, &a, 1);
}

int results_write_header(FILE *f, const char *const *metric_names, size_t nmetrics)
{
    const char *sep = "";
#define HEAD(c) fprintf(f, "%s%s", sep, #c), sep = ",";
    RESULTS_FIXED_COLUMNS(HEAD)
#undef HEAD
    for (size_t i = 0; i < nmetrics; i++) {
        fputc(',', f);
        csv_put_text(f, metric_names[i]);
    }
    fputc('\n', f);
    return fflush(f) == 0 ? 0 : -1;
}

static void write_result(FILE *f, const void *arg)
{
    const struct result_row *r = arg;
    int gpu = r->threads_per_block > 0;
    csv_put_text(f, r->variant);
    fputc(',', f);
    csv_put_text(f, r->family);
    fprintf(f, ",%ld,%ld,%ld,", r->m, r->n, r->k);
    csv_put_text(f, r->params);
    fprintf(f, ",%s,", status_name(r->status));
    csv_put_text(f, r->reason);
    const double timing[] = {r->rel_error, r->runtime_ms, r->min_ms, r->max_ms};
    for (size_t i = 0; i < sizeof timing / sizeof timing[0]; i++) {
        fputc(',', f);
        csv_put_num(f, timing[i]);
    }
    fputc(',', f);
    put_count(f, r->runs, r->runs > 0);
    const double rates[] = {r->flops, r->bytes_compulsory, r->gflops, r->gbs,
                            r->h2d_ms, r->d2h_ms, r->total_ms};
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        fputc(',', f);
        csv_put_num(f, rates[i]);
    }
    fputc(',', f);
    put_count(f, r->threads_per_block, gpu);
    fputc(',', f);
    put_count(f, r->grid_blocks, gpu);
    fputc(',', f);
    put_count(f, r->regs_per_thread, gpu);
    fputc(',', f);
    put_count(f, r->smem_bytes_per_block, gpu);
    fputc(',', f);
    put_count(f, r->blocks_per_sm, gpu);
    fputc(',', f);
    csv_put_num(f, r->theoretical_occupancy_pct);
    fputc(',', f);
    csv_put_text(f, r->limiter ? r->limiter : "");
    for (size_t i = 0; i < r->nmetrics; i++) {
        fputc(',', f);
        csv_put_num(f, r->metrics ? r->metrics[i] : NAN);
    }
    fputc('\n', f);
}

int results_append(FILE *f, const struct result_row *r)
{
    return append_row(f, write_result, r, 1);
}

int results_append_unsynced(FILE *f, const struct result_row *r)
{
    return append_row(f, write_result, r, 0);
}

int results_sync(FILE *f)
{
    return fflush(f) == 0 && fsync(fileno(f)) == 0 ? 0 : -1;
}

/* "--resume DIR" advice for the directory holding path. */
static void run_dir_of(const char *path, char *dir, size_t len)
{
    snprintf(dir, len, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, len, ".");
}

/* The columns every reader needs; the rest (timing, counters) may be absent
 * in a run that did not measure them, or in a hand-made file. */
static int check_header(const struct table *t, const char *path, char *err, size_t err_len)
{
    static const char *const needed[] = {"variant", "family", "M", "N", "K", "status"};
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (table_col(t, needed[i]) < 0) {
            snprintf(err, err_len, "%s line %zu: no '%s' column, so not a results.csv written by `mmprof "
                     "collect` (or its header was cut): restore the file or collect the run again",
                     path, t->header_line, needed[i]);
            return -1;
        }
    return 0;
}

struct table *results_read(const char *path, char *err, size_t err_len)
{
    char why[1200], dir[1100];
    run_file_opened(path);
    struct table *t = table_read(path, why, sizeof why);
    run_dir_of(path, dir, sizeof dir);
    if (!t) {
        snprintf(err, err_len, "%s; restore the file, complete a stopped run with `mmprof collect "
                 "--resume %s`, or collect it again", why, dir);
        return NULL;
    }
    if (check_header(t, path, err, err_len) != 0) {
        table_free(t);
        return NULL;
    }
    if (t->last_line_open) {
        size_t line = t->nrows ? t->row_line[t->nrows - 1] : t->header_line;
        if (t->nrows)
            snprintf(err, err_len, "%s line %zu is cut short (no newline at its end): a collect stopped "
                     "while writing it; `mmprof collect --resume %s` completes the run",
                     path, line, dir);
        else
            snprintf(err, err_len, "%s line %zu, the header, is cut short (no newline at its end): "
                     "restore the file or collect the run again", path, line);
        table_free(t);
        return NULL;
    }
    return t;
}
