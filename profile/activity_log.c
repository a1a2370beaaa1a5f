/* activity.tsv (activity_log.h). */
#include "profile/activity_log.h"

#include "common/file.h"
#include "rundir/run_files.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int activity_log_format(char *buf, size_t len, const struct activity_record *r)
{
    int n = snprintf(buf, len, "%ld\t%lu\t%" PRIu64 "\t%" PRIu64 "\t%u,%u,%u\t%u,%u,%u\n", r->pid,
                     r->correlation, r->start_ns, r->end_ns, r->grid[0], r->grid[1], r->grid[2],
                     r->block[0], r->block[1], r->block[2]);
    return n < 0 || (size_t)n >= len ? -1 : n;
}

int activity_log_parse(const char *line, struct activity_record *r)
{
    char tail;
    memset(r, 0, sizeof *r);
    int got = sscanf(line, "%ld\t%lu\t%" SCNu64 "\t%" SCNu64 "\t%u,%u,%u\t%u,%u,%u%c", &r->pid, &r->correlation,
                     &r->start_ns, &r->end_ns, &r->grid[0], &r->grid[1], &r->grid[2], &r->block[0],
                     &r->block[1], &r->block[2], &tail);
    return got == 10 && r->end_ns >= r->start_ns ? 0 : -1;
}

static int parse_record(char *line, void *item, void *ctx)
{
    (void)ctx;
    return activity_log_parse(line, item);
}

int activity_log_read(const char *dir, struct activity_record **out, size_t *n, char *why,
                      size_t why_len)
{
    char path[4200], line[ACTIVITY_LOG_LINE_MAX + 2];
    size_t bad = 0;
    run_path(path, sizeof path, dir, ACTIVITY_TSV);
    int rc = file_read_records(path, line, sizeof line, (void **)out, n, sizeof **out, parse_record, NULL, &bad,
                               why, why_len);
    if (rc == 2)
        snprintf(why, why_len, "%s line %zu is not 'pid, correlation, start_ns, end_ns, grid, block' "
                 "(cut or edited)", path, bad);
    if (rc) {
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc ? 1 : 0;
}
