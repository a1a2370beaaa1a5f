/* replay-K.tsv (replay_log.h). */
#include "profile/replay_log.h"

#include "common/file.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define REPLAY_LINE_MAX 16384

void replay_log_path(char *buf, size_t len, const char *dir, long image)
{
    snprintf(buf, len, "%s/" REPLAY_TSV_FMT, dir, image);
}

int replay_log_open(const char *dir, long image, char *why, size_t why_len)
{
    char path[4200];
    replay_log_path(path, sizeof path, dir, image);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        snprintf(why, why_len, "cannot open %s: %s", path, strerror(errno));
    return fd;
}

int replay_log_append(int fd, const struct replay_line *l, size_t nraw)
{
    char line[REPLAY_LINE_MAX];
    int n = snprintf(line, sizeof line, "%ld\t%ld\t%s\t%u,%u,%u\t%u,%u,%u\t", l->pid, l->launch, l->verdict,
                     l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2]);
    if (n < 0 || (size_t)n >= sizeof line)
        return -1;
    size_t used = (size_t)n;
    for (size_t i = 0; l->values && i < nraw; i++) {
        const char *sep = i ? "," : "";
        n = isfinite(l->values[i]) ? snprintf(line + used, sizeof line - used, "%s%.17g", sep, l->values[i])
                                   : snprintf(line + used, sizeof line - used, "%s", sep);
        if (n < 0 || used + (size_t)n >= sizeof line)
            return -1;
        used += (size_t)n;
    }
    size_t name = used + 1;
    n = snprintf(line + used, sizeof line - used, "\t%s\n", l->kernel);
    if (n < 0 || used + (size_t)n >= sizeof line)
        return -1;
    used += (size_t)n;
    for (char *c = line + name; c < line + used - 1; c++)
        if (*c == '\t' || *c == '\r' || *c == '\n')
            *c = ' ';
    return write(fd, line, used) == (ssize_t)used ? 0 : -1;
}

/* "a,b,,c" into nraw values; 0, or -1 when the count differs. */
static int parse_values(char *s, double *v, size_t nraw)
{
    for (size_t i = 0; i < nraw; i++)
        v[i] = NAN;
    if (!*s)
        return 0;
    size_t i = 0;
    for (char *p = s;; i++) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (i >= nraw)
            return -1;
        char *end;
        if (*p) {
            v[i] = strtod(p, &end);
            if (*end)
                return -1;
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    return i + 1 == nraw ? 0 : -1;
}

static int parse(char *line, struct replay_line *l, size_t nraw)
{
    char *f[7];
    memset(l, 0, sizeof *l);
    for (int i = 0; i < 6; i++) {
        char *tab = strchr(line, '\t');
        if (!tab)
            return -1;
        *tab = '\0';
        f[i] = line;
        line = tab + 1;
    }
    f[6] = line;
    char tail, *end;
    l->pid = strtol(f[0], &end, 10);
    if (*end || !*f[0])
        return -1;
    l->launch = strtol(f[1], &end, 10);
    if (*end || !*f[1] || !*f[2] || strlen(f[2]) >= sizeof l->verdict)
        return -1;
    snprintf(l->verdict, sizeof l->verdict, "%s", f[2]);
    if (sscanf(f[3], "%u,%u,%u%c", &l->grid[0], &l->grid[1], &l->grid[2], &tail) != 3 ||
        sscanf(f[4], "%u,%u,%u%c", &l->block[0], &l->block[1], &l->block[2], &tail) != 3)
        return -1;
    l->values = malloc((nraw ? nraw : 1) * sizeof *l->values);
    l->kernel = strdup(f[6]);
    return l->values && l->kernel && parse_values(f[5], l->values, nraw) == 0 ? 0 : -1;
}

/* parse() of one line into the slot, what it owns freed when it fails. */
static int parse_slot(char *line, void *item, void *ctx)
{
    struct replay_line *l = item;
    if (parse(line, l, *(const size_t *)ctx) == 0)
        return 0;
    free(l->values);
    free(l->kernel);
    return -1;
}

int replay_log_read(const char *dir, long image, size_t nraw, struct replay_line **lines, size_t *n,
                    char *why, size_t why_len)
{
    char path[4200];
    static char line[REPLAY_LINE_MAX];
    size_t bad = 0;
    replay_log_path(path, sizeof path, dir, image);
    int rc = file_read_records(path, line, sizeof line, (void **)lines, n, sizeof **lines, parse_slot, &nraw, &bad,
                               why, why_len); /* a missing file: the run saw no launch */
    if (rc == 2)
        snprintf(why, why_len, "%s line %zu is not 'pid, launch, verdict, grid, block, %zu values, kernel' "
                 "(cut or edited)", path, bad, nraw);
    if (rc) {
        replay_log_free(*lines, *n);
        *lines = NULL;
        *n = 0;
    }
    return rc ? 1 : 0;
}

void replay_log_free(struct replay_line *lines, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(lines[i].values);
        free(lines[i].kernel);
    }
    free(lines);
}
