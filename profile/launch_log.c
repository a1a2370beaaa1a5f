/* launches.tsv (launch_log.h). */
#include "profile/launch_log.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LAUNCH_LOG_FIELDS 8

static void log_path(const char *dir, char *path, size_t len)
{
    run_path(path, len, dir, LAUNCHES_TSV);
}

int launch_log_open(const char *dir, char *why, size_t why_len)
{
    char path[4200];
    log_path(dir, path, sizeof path);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
    return fd;
}

int launch_log_create(const char *dir, char *why, size_t why_len)
{
    char path[4200];
    log_path(dir, path, sizeof path);
    FILE *f = fopen(path, "wx");
    if (!f || fputs(LAUNCH_LOG_HEADER, f) == EOF) {
        snprintf(why, why_len, "cannot create %s: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    return fclose(f) == 0 ? 0 : -1;
}

int launch_log_format(char *buf, size_t len, const struct launch_line *l)
{
    char ms[32] = "", name[1600];
    if (!isnan(l->gpu_ms))
        snprintf(ms, sizeof ms, "%.6f", l->gpu_ms);
    snprintf(name, sizeof name, "%s", l->kernel);
    for (char *c = name; *c; c++)
        if (*c == '\t' || *c == '\n' || *c == '\r')
            *c = ' ';
    int n = snprintf(buf, len, "%ld\t%ld\t%lu\t%s\t%s\t%u,%u,%u\t%u,%u,%u\t%s\n", l->pid, l->launch,
                     l->correlation, l->verdict, ms, l->grid[0], l->grid[1], l->grid[2], l->block[0],
                     l->block[1], l->block[2], name);
    return n < 0 || (size_t)n >= len ? -1 : n;
}

int launch_log_append(int fd, const struct launch_line *l)
{
    char line[LAUNCH_LOG_LINE_MAX];
    int n = launch_log_format(line, sizeof line, l);
    if (n < 0)
        return -1;
    return write(fd, line, (size_t)n) == (ssize_t)n ? 0 : -1;
}

static int parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno)
        return -1;
    *out = v;
    return 0;
}

static int parse_dim3(const char *s, unsigned d[3])
{
    char tail;
    return sscanf(s, "%u,%u,%u%c", &d[0], &d[1], &d[2], &tail) == 3 ? 0 : -1;
}

int launch_log_parse(char *line, struct launch_line *l)
{
    char *f[LAUNCH_LOG_FIELDS];
    for (int i = 0; i < LAUNCH_LOG_FIELDS - 1; i++) {
        char *tab = strchr(line, '\t');
        if (!tab)
            return -1;
        *tab = '\0';
        f[i] = line;
        line = tab + 1;
    }
    f[LAUNCH_LOG_FIELDS - 1] = line;
    long correlation;
    char *end;
    memset(l, 0, sizeof *l);
    if (parse_long(f[0], &l->pid) || parse_long(f[1], &l->launch) || parse_long(f[2], &correlation) ||
        correlation < 0 || !f[3][0] || parse_dim3(f[5], l->grid) || parse_dim3(f[6], l->block))
        return -1;
    l->correlation = (unsigned long)correlation;
    l->verdict = f[3];
    l->gpu_ms = f[4][0] ? strtod(f[4], &end) : NAN;
    if (f[4][0] && *end)
        return -1;
    l->kernel = f[7];
    return 0;
}

static struct launch_sum *sum_of(struct launch_summary *s, const char *kernel)
{
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->k[i].kernel, kernel) == 0)
            return &s->k[i];
    struct launch_sum *grown = realloc(s->k, (s->n + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    s->k = grown;
    struct launch_sum *k = &s->k[s->n];
    *k = (struct launch_sum){.kernel = strdup(kernel)};
    if (!k->kernel)
        return NULL;
    s->n++;
    return k;
}

static int add_ms(struct launch_sum *k, double ms)
{
    if ((size_t)k->timed == k->ms_cap) {
        size_t cap = k->ms_cap ? 2 * k->ms_cap : 16;
        double *grown = realloc(k->ms, cap * sizeof *grown);
        if (!grown)
            return -1;
        k->ms = grown;
        k->ms_cap = cap;
    }
    k->ms[k->timed++] = ms;
    k->total_ms += ms;
    return 0;
}

static int by_time(const void *a, const void *b)
{
    const struct launch_sum *x = a, *y = b;
    if (x->total_ms != y->total_ms)
        return x->total_ms < y->total_ms ? 1 : -1;
    return (x->launches < y->launches) - (x->launches > y->launches);
}

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double launch_log_median(const double *ms, size_t n)
{
    if (n == 0)
        return NAN;
    return n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
}

static int seen_pid(long *pids, size_t *npids, long pid)
{
    for (size_t i = 0; i < *npids; i++)
        if (pids[i] == pid)
            return 1;
    if (*npids < 64)
        pids[(*npids)++] = pid;
    return 0;
}

int launch_log_summarize(const char *dir, struct launch_summary *s, char *why, size_t why_len)
{
    memset(s, 0, sizeof *s);
    char path[4200], line[LAUNCH_LOG_LINE_MAX];
    log_path(dir, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_len, "cannot read %s: %s", path, strerror(errno));
        return 1;
    }
    long pids[64];
    size_t npids = 0, lineno = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        if (lineno == 1 && strncmp(line, "pid\t", 4) == 0)
            continue;
        struct launch_line l;
        struct launch_sum *k;
        if (launch_log_parse(line, &l) || !(k = sum_of(s, l.kernel)) || (!isnan(l.gpu_ms) && add_ms(k, l.gpu_ms))) {
            snprintf(why, why_len, "%s line %zu is not 'pid, launch, correlation, verdict, gpu_ms, grid, "
                     "block, kernel' (cut or edited)",
                     path, lineno);
            rc = 1;
            break;
        }
        s->processes += !seen_pid(pids, &npids, l.pid);
        k->launches++;
        s->launches++;
        int profiled = strcmp(l.verdict, "profiled") == 0, failed = strcmp(l.verdict, "failed") == 0;
        k->profiled += profiled;
        k->failed += failed;
        s->profiled += profiled;
        s->failed += failed;
        if (!isnan(l.gpu_ms)) {
            s->timed++;
            s->total_ms += l.gpu_ms;
        }
    }
    fclose(f);
    if (rc) {
        launch_log_summary_free(s);
        return rc;
    }
    for (size_t i = 0; i < s->n; i++)
        if (s->k[i].timed)
            qsort(s->k[i].ms, (size_t)s->k[i].timed, sizeof *s->k[i].ms, ascending);
    if (s->n)
        qsort(s->k, s->n, sizeof *s->k, by_time);
    return 0;
}

void launch_log_summary_free(struct launch_summary *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->k[i].kernel);
        free(s->k[i].ms);
    }
    free(s->k);
    memset(s, 0, sizeof *s);
}

void launch_log_print(FILE *out, const struct launch_summary *s, size_t max_rows)
{
    fprintf(out, "%9s %9s %12s %6s %11s %11s %11s  %s\n", "launches", "profiled", "gpu_ms", "share",
            "median_ms", "min_ms", "max_ms", "kernel");
    for (size_t i = 0; i < s->n && i < max_rows; i++) {
        const struct launch_sum *k = &s->k[i];
        if (k->timed)
            fprintf(out, "%9ld %9ld %12.4f %5.1f%% %11.4f %11.4f %11.4f  %s\n", k->launches, k->profiled,
                    k->total_ms, s->total_ms > 0 ? 100 * k->total_ms / s->total_ms : 0.0,
                    launch_log_median(k->ms, (size_t)k->timed), k->ms[0], k->ms[k->timed - 1], k->kernel);
        else
            fprintf(out, "%9ld %9ld %12s %6s %11s %11s %11s  %s\n", k->launches, k->profiled, "-", "-", "-", "-",
                    "-", k->kernel);
    }
    if (s->n > max_rows)
        fprintf(out, "... and %zu more kernels (" LAUNCHES_TSV " lists them all)\n", s->n - max_rows);
    if (s->timed < s->launches)
        fprintf(out, "%ld of %ld launches have no GPU time (no activity record came for them)\n",
                s->launches - s->timed, s->launches);
}
