/* Paths in a run directory and the count of the readers' opens. */
#include "rundir/run_files.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

static const char *const counted[] = {RUN_JSON, RESULTS_CSV, SAMPLES_CSV, SOURCE_CSV, ANALYSIS_CSV, LAUNCHES_TSV};
enum { NCOUNTED = sizeof counted / sizeof counted[0] };
static atomic_ulong opens[NCOUNTED];

int run_path(char *buf, size_t len, const char *dir, const char *name)
{
    int n = snprintf(buf, len, "%s/%s", dir, name);
    return n >= 0 && (size_t)n < len ? 0 : -1;
}

void run_name(char *buf, size_t len, const char *dir)
{
    if (len == 0)
        return;
    size_t end = strlen(dir);
    while (end > 1 && dir[end - 1] == '/')
        end--;
    size_t start = end;
    while (start > 0 && dir[start - 1] != '/')
        start--;
    if (start == end) /* "/" */
        start = 0;
    size_t n = end - start;
    if (n < len) {
        memcpy(buf, dir + start, n);
        buf[n] = '\0';
        return;
    }
    size_t keep = len > 4 ? len - 4 : 0;
    memcpy(buf, dir + start, keep);
    snprintf(buf + keep, len - keep, "%s", len > 4 ? "..." : "");
}

static int counted_index(const char *name)
{
    for (int i = 0; i < NCOUNTED; i++)
        if (strcmp(counted[i], name) == 0)
            return i;
    return -1;
}

void run_file_opened(const char *path)
{
    const char *slash = strrchr(path, '/');
    int i = counted_index(slash ? slash + 1 : path);
    if (i >= 0)
        atomic_fetch_add(&opens[i], 1);
}

unsigned long run_file_opens(const char *name)
{
    int i = counted_index(name);
    return i >= 0 ? atomic_load(&opens[i]) : 0;
}

void run_file_opens_reset(void)
{
    for (int i = 0; i < NCOUNTED; i++)
        atomic_store(&opens[i], 0);
}
