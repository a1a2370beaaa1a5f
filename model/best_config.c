/* The `best` matmul's compiled-in tiles and the tune table (best_config.h). */
#include "model/best_config.h"

#include "common/file.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_TUNE_ENTRIES 256
#define LINE_LEN 512

static const struct best_config configs[] = {
#define BEST_CONFIG(id, bm_, bn_, bk_, wm_, wn_, stages_, opts_) \
    {#id, bm_, bn_, bk_, wm_, wn_, stages_, opts_},
#include "model/best_configs.def"
};

struct tune_entry {
    struct shape s;
    const struct best_config *c;
    double ms, gflops;
};

static struct {
    struct tune_entry e[MAX_TUNE_ENTRIES];
    size_t n;
    int loaded;   /* a file was read into e */
    int tried;    /* autoload ran (found a file or not) */
    char source[4096];
} table;

const struct best_config *best_configs(size_t *count)
{
    *count = sizeof configs / sizeof configs[0];
    return configs;
}

const struct best_config *best_config_find(const char *name)
{
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++)
        if (strcmp(configs[i].name, name) == 0)
            return &configs[i];
    return NULL;
}

const struct best_config *best_config_default(void)
{
    return &configs[0];
}

int best_config_threads(const struct best_config *c)
{
    return BEST_CONFIG_THREADS(c->bm, c->bn, c->wm, c->wn);
}

long best_config_smem_bytes(const struct best_config *c)
{
    return 4L * c->stages * c->bk * (c->bm + 4 + c->bn); /* A rows padded by 4 words */
}

long best_config_dynamic_smem_bytes(const struct best_config *c)
{
    long bytes = best_config_smem_bytes(c);
    return bytes <= SHARED_WITHOUT_OPT_IN_BYTES ? 0 : bytes;
}

static int same_shape(const struct shape *a, const struct shape *b)
{
    return a->m == b->m && a->n == b->n && a->k == b->k;
}

const struct best_config *best_config_for(const struct shape *s)
{
    for (size_t i = 0; i < table.n; i++)
        if (same_shape(&table.e[i].s, s))
            return table.e[i].c;
    return best_config_default();
}

int best_tune_set(const struct shape *s, const struct best_config *c, double ms, double gflops)
{
    size_t i = 0;
    while (i < table.n && !same_shape(&table.e[i].s, s))
        i++;
    if (i == MAX_TUNE_ENTRIES)
        return -1;
    table.e[i] = (struct tune_entry){*s, c, ms, gflops};
    if (i == table.n)
        table.n++;
    return 0;
}

void best_tune_reset(void)
{
    table.n = 0;
    table.loaded = table.tried = 0;
    table.source[0] = '\0';
}

const char *best_tune_source(void)
{
    return table.loaded ? table.source : NULL;
}

/* One non-comment line: "M N K config [ms gflops]". */
static int parse_line(const char *line, int lineno, const char *path, char *why, size_t why_len)
{
    long m, n, k;
    char name[64];
    double ms = 0, gflops = 0;
    int got = sscanf(line, "%ld %ld %ld %63s %lf %lf", &m, &n, &k, name, &ms, &gflops);
    if (got < 4 || m < 1 || n < 1 || k < 1) {
        snprintf(why, why_len, "%s:%d: expected \"M N K config\"", path, lineno);
        return -1;
    }
    const struct best_config *c = best_config_find(name);
    if (!c) {
        snprintf(why, why_len, "%s:%d: unknown configuration '%s' (this build has %s ...; rerun mmprof tune)",
                 path, lineno, name, configs[0].name);
        return -1;
    }
    struct shape s = {m, n, k};
    if (best_tune_set(&s, c, got >= 5 ? ms : 0, got >= 6 ? gflops : 0) != 0) {
        snprintf(why, why_len, "%s:%d: more than %d entries", path, lineno, MAX_TUNE_ENTRIES);
        return -1;
    }
    return 0;
}

int best_tune_load(const char *path, char *why, size_t why_len)
{
    char line[LINE_LEN];
    int lineno = 0, rc = 0;
    best_tune_reset();
    table.tried = 1;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_len, "cannot read tune file %s: %s", path, strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        const char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        rc = parse_line(p, lineno, path, why, why_len);
    }
    if (rc == 0 && ferror(f)) {
        snprintf(why, why_len, "error reading tune file %s", path);
        rc = -1;
    }
    fclose(f);
    if (rc != 0) {
        table.n = 0;
        return -1;
    }
    table.loaded = 1;
    snprintf(table.source, sizeof table.source, "%s", path);
    return 0;
}

int best_tune_default_path(const char *gpu_name, char *buf, size_t len)
{
    char gpu[128], name[160];
    file_name_part(gpu, sizeof gpu, gpu_name);
    snprintf(name, sizeof name, "tune-%s.txt", gpu);
    return file_cache_path(name, buf, len);
}

int best_tune_autoload(const char *gpu_name, char *why, size_t why_len)
{
    char path[4096];
    if (table.loaded || table.tried)
        return 0;
    table.tried = 1;
    const char *env = getenv("MMPROF_TUNE_FILE");
    if (env && env[0])
        return best_tune_load(env, why, why_len);
    if (best_tune_default_path(gpu_name, path, sizeof path) != 0)
        return 0;
    struct stat st;
    if (stat(path, &st) != 0)
        return 0; /* never tuned on this GPU: the default tile */
    return best_tune_load(path, why, why_len);
}

int best_tune_save(const char *path, const char *device, char *why, size_t why_len)
{
    if (file_mkdir_parent(path) != 0) {
        snprintf(why, why_len, "cannot create the directory of %s: %s", path, strerror(errno));
        return -1;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(why, why_len, "cannot write tune file %s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, "# mmprof tune table: the tile `best` uses per matmul shape (written by mmprof tune)\n");
    fprintf(f, "# device: %s\n", device ? device : "unknown");
    fprintf(f, "# m n k config median_ms gflops\n");
    for (size_t i = 0; i < table.n; i++) {
        const struct tune_entry *e = &table.e[i];
        fprintf(f, "%ld %ld %ld %s %.6g %.6g\n", e->s.m, e->s.n, e->s.k, e->c->name, e->ms, e->gflops);
    }
    if (fclose(f) != 0) {
        snprintf(why, why_len, "cannot write tune file %s: %s", path, strerror(errno));
        return -1;
    }
    table.loaded = 1;
    snprintf(table.source, sizeof table.source, "%s", path);
    return 0;
}
