/* launches.tsv's GPU times from activity.tsv (launch_times.h). */
#include "profile/launch_times.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile/activity_log.h"
#include "profile/launch_log.h"

struct slot {
    struct activity_record r;
    int used;
};

static int by_call(const void *a, const void *b)
{
    const struct activity_record *x = &((const struct slot *)a)->r, *y = &((const struct slot *)b)->r;
    if (x->pid != y->pid)
        return x->pid < y->pid ? -1 : 1;
    if (x->correlation != y->correlation)
        return x->correlation < y->correlation ? -1 : 1;
    return (x->start_ns > y->start_ns) - (x->start_ns < y->start_ns);
}

/* The first unused record of l's call with l's grid and block, or NULL. */
static struct slot *record_of(struct slot *s, size_t n, const struct launch_line *l)
{
    size_t lo = 0, hi = n;
    while (lo < hi) { /* the first record of (pid, correlation) */
        size_t mid = (lo + hi) / 2;
        if (s[mid].r.pid < l->pid || (s[mid].r.pid == l->pid && s[mid].r.correlation < l->correlation))
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = lo; i < n && s[i].r.pid == l->pid && s[i].r.correlation == l->correlation; i++)
        if (!s[i].used && memcmp(s[i].r.grid, l->grid, sizeof l->grid) == 0 &&
            memcmp(s[i].r.block, l->block, sizeof l->block) == 0)
            return &s[i];
    return NULL;
}

static struct slot *load(const char *dir, size_t *n, char *why, size_t why_len)
{
    struct activity_record *rec;
    if (activity_log_read(dir, &rec, n, why, why_len) != 0)
        return NULL;
    struct slot *s = calloc(*n ? *n : 1, sizeof *s);
    if (!s) {
        snprintf(why, why_len, "out of memory for %zu activity records", *n);
        free(rec);
        return NULL;
    }
    for (size_t i = 0; i < *n; i++)
        s[i].r = rec[i];
    free(rec);
    qsort(s, *n, sizeof *s, by_call);
    return s;
}

/* Copies in to out, each line with its time; 0, or 1 with why. */
static int rewrite(FILE *in, FILE *out, struct slot *s, size_t n, const char *path, long *timed,
                   char *why, size_t why_len)
{
    char line[LAUNCH_LOG_LINE_MAX], copy[LAUNCH_LOG_LINE_MAX];
    size_t lineno = 0;
    while (fgets(line, sizeof line, in)) {
        lineno++;
        if (lineno == 1 && strncmp(line, "pid\t", 4) == 0) {
            fputs(LAUNCH_LOG_HEADER, out);
            continue;
        }
        line[strcspn(line, "\n")] = '\0';
        snprintf(copy, sizeof copy, "%s", line);
        struct launch_line l;
        if (launch_log_parse(copy, &l) != 0) {
            snprintf(why, why_len, "%s line %zu is not a " LAUNCHES_TSV " line (cut or edited)", path, lineno);
            return 1;
        }
        struct slot *r = isnan(l.gpu_ms) ? record_of(s, n, &l) : NULL;
        if (r) {
            r->used = 1;
            l.gpu_ms = (double)(r->r.end_ns - r->r.start_ns) / 1e6;
        }
        *timed += !isnan(l.gpu_ms);
        if (launch_log_format(line, sizeof line, &l) < 0 || fputs(line, out) == EOF) {
            snprintf(why, why_len, "cannot rewrite %s line %zu", path, lineno);
            return 1;
        }
    }
    return 0;
}

int launch_times_join(const char *dir, long *timed, char *why, size_t why_len)
{
    char path[4200], tmp[4220], activity[4200];
    long timed_lines = 0;
    run_path(path, sizeof path, dir, LAUNCHES_TSV);
    snprintf(tmp, sizeof tmp, "%s.joining", path);
    run_path(activity, sizeof activity, dir, ACTIVITY_TSV);
    size_t n = 0;
    struct slot *s = load(dir, &n, why, why_len);
    if (!s)
        return 1;
    FILE *in = fopen(path, "r"), *out = in ? fopen(tmp, "w") : NULL;
    int rc = 1;
    if (!in || !out)
        snprintf(why, why_len, "cannot %s: %s", in ? "write " LAUNCHES_TSV "'s new copy" : "read " LAUNCHES_TSV,
                 strerror(errno));
    else
        rc = rewrite(in, out, s, n, path, &timed_lines, why, why_len);
    if (in)
        fclose(in);
    if (out && fclose(out) != 0 && !rc) {
        snprintf(why, why_len, "cannot write %s: %s", tmp, strerror(errno));
        rc = 1;
    }
    if (!rc && rename(tmp, path) != 0) {
        snprintf(why, why_len, "cannot replace %s: %s", path, strerror(errno));
        rc = 1;
    }
    if (rc)
        unlink(tmp);
    else if (unlink(activity) != 0 && errno != ENOENT)
        rc = 1, snprintf(why, why_len, "cannot remove %s: %s", activity, strerror(errno));
    free(s);
    if (timed)
        *timed = timed_lines;
    return rc;
}
