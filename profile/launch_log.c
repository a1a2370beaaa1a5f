/* launches.tsv (launch_log.h). */
#include "profile/launch_log.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void log_path(const char *dir, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", dir, LAUNCHES_TSV);
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

int launch_log_append(int fd, long pid, long launch, const char *verdict, double runtime_ms,
                      const char *kernel)
{
    char line[2048], ms[32] = "", name[1600];
    if (!isnan(runtime_ms))
        snprintf(ms, sizeof ms, "%.6f", runtime_ms);
    snprintf(name, sizeof name, "%s", kernel);
    for (char *c = name; *c; c++)
        if (*c == '\t' || *c == '\n' || *c == '\r')
            *c = ' ';
    int n = snprintf(line, sizeof line, "%ld\t%ld\t%s\t%s\t%s\n", pid, launch, verdict, ms, name);
    if (n < 0 || (size_t)n >= sizeof line)
        return -1;
    return write(fd, line, (size_t)n) == (ssize_t)n ? 0 : -1;
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

static int by_time(const void *a, const void *b)
{
    const struct launch_sum *x = a, *y = b;
    if (x->total_ms != y->total_ms)
        return x->total_ms < y->total_ms ? 1 : -1;
    return (x->launches < y->launches) - (x->launches > y->launches);
}

/* pid, launch, verdict, runtime, kernel from one line; 0 or -1. */
static int parse_line(char *line, long *pid, char **verdict, double *ms, char **kernel)
{
    char *f[5];
    for (int i = 0; i < 4; i++) {
        char *tab = strchr(line, '\t');
        if (!tab)
            return -1;
        *tab = '\0';
        f[i] = line;
        line = tab + 1;
    }
    f[4] = line;
    char *end;
    *pid = strtol(f[0], &end, 10);
    if (end == f[0] || *end)
        return -1;
    *verdict = f[2];
    *ms = f[3][0] ? strtod(f[3], &end) : NAN;
    if (f[3][0] && *end)
        return -1;
    *kernel = f[4];
    return 0;
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
    char path[4200], line[2048];
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
        long pid;
        char *verdict, *kernel;
        double ms;
        struct launch_sum *k;
        if (parse_line(line, &pid, &verdict, &ms, &kernel) || !(k = sum_of(s, kernel))) {
            snprintf(why, why_len, "%s line %zu is not 'pid, launch, verdict, runtime_ms, kernel' "
                     "(cut or edited)",
                     path, lineno);
            rc = 1;
            break;
        }
        s->processes += !seen_pid(pids, &npids, pid);
        k->launches++;
        s->launches++;
        int profiled = strcmp(verdict, "profiled") == 0, failed = strcmp(verdict, "failed") == 0;
        k->profiled += profiled;
        k->failed += failed;
        s->profiled += profiled;
        s->failed += failed;
        if (!isnan(ms)) {
            k->total_ms += ms;
            k->timed++;
        }
    }
    fclose(f);
    if (rc) {
        launch_log_summary_free(s);
        return rc;
    }
    if (s->n)
        qsort(s->k, s->n, sizeof *s->k, by_time);
    return 0;
}

void launch_log_summary_free(struct launch_summary *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->k[i].kernel);
    free(s->k);
    memset(s, 0, sizeof *s);
}

void launch_log_print(FILE *out, const struct launch_summary *s, size_t max_rows)
{
    fprintf(out, "%9s %9s %12s %12s  %s\n", "launches", "profiled", "total_ms", "mean_ms", "kernel");
    for (size_t i = 0; i < s->n && i < max_rows; i++) {
        const struct launch_sum *k = &s->k[i];
        if (k->timed)
            fprintf(out, "%9ld %9ld %12.4f %12.4f  %s\n", k->launches, k->profiled, k->total_ms,
                    k->total_ms / (double)k->timed, k->kernel);
        else
            fprintf(out, "%9ld %9ld %12s %12s  %s\n", k->launches, k->profiled, "-", "-", k->kernel);
    }
    if (s->n > max_rows)
        fprintf(out, "... and %zu more kernels (launches.tsv lists them all)\n", s->n - max_rows);
}
