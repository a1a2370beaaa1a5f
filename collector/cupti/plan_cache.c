/* Config plans remembered between runs (plan_cache.h).
 *
 * File format, one group per line, in the plan's order:
 *   PASSES NAME NAME ...
 * with '#' comment lines. */
#include "collector/cupti/plan_cache.h"

#include <cupti_version.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector/cupti/split_safe.h"
#include "common/atomic_file.h"
#include "common/file.h"
#include "common/trace.h"

#define PLAN_FILE_MAX_BYTES (1 << 20)

/* FNV-1a over s, continuing from h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

static void hash_counter(const char *counter, void *h)
{
    *(uint64_t *)h = fnv1a(fnv1a(*(uint64_t *)h, counter), "\n");
}

/* plan-CHIP-HASH.txt, the hash over CUPTI's version, the counters CUPTI reads
 * whole in a split image on chip (split_safe.txt) and the names in order. */
static int plan_path(const char *chip, const char **names, size_t n, char *buf, size_t len)
{
    char version[32];
    snprintf(version, sizeof version, "cupti %d\n", CUPTI_API_VERSION);
    uint64_t h = fnv1a(0xcbf29ce484222325ULL, version);
    split_safe_foreach(chip, hash_counter, &h);
    for (size_t i = 0; i < n; i++) {
        h = fnv1a(h, names[i]);
        h = fnv1a(h, "\n");
    }
    char name[64];
    file_name_part(name, sizeof name, chip);
    char file[200];
    snprintf(file, sizeof file, "plan-%s-%016llx.txt", name, (unsigned long long)h);
    return file_cache_path(file, buf, len);
}

static size_t index_of(const char **names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return n;
}

static void free_groups(struct config_group *group, size_t ngroups)
{
    for (size_t k = 0; k < ngroups; k++) {
        free(group[k].names);
        free(group[k].index);
    }
    free(group);
}

/* The groups of text into plan: each of names exactly once, or -1. */
static int parse(char *text, struct config_plan *plan, const char **names, size_t n)
{
    struct config_group *group = calloc(n, sizeof *group);
    char *seen = calloc(n, 1);
    size_t ngroups = 0, placed = 0;
    int ok = group && seen;
    for (char *line = strtok(text, "\n"); ok && line; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        if (ngroups == n) {
            ok = 0;
            break;
        }
        struct config_group *g = &group[ngroups++];
        g->names = malloc(n * sizeof *g->names);
        g->index = malloc(n * sizeof *g->index);
        char *end;
        long passes = strtol(line, &end, 10);
        ok = g->names && g->index && end != line && passes >= 1;
        g->passes = (size_t)passes;
        for (char *tok = end; ok;) {
            tok += strspn(tok, " ");
            if (!*tok)
                break;
            size_t len = strcspn(tok, " ");
            char name[256];
            if (len >= sizeof name) {
                ok = 0;
                break;
            }
            memcpy(name, tok, len);
            name[len] = '\0';
            tok += len;
            size_t i = index_of(names, n, name);
            ok = i < n && !seen[i];
            if (ok) {
                seen[i] = 1;
                g->names[g->n] = names[i];
                g->index[g->n++] = i;
                placed++;
            }
        }
        ok = ok && g->n > 0;
    }
    free(seen);
    if (!ok || placed != n) {
        free_groups(group, ngroups);
        return -1;
    }
    plan->group = group;
    plan->ngroups = ngroups;
    return 0;
}

int plan_cache_load(struct config_plan *plan, const char *chip, const char **names, size_t n)
{
    char path[4096];
    char *text = NULL;
    if (n == 0 || plan_path(chip, names, n, path, sizeof path) != 0 ||
        file_read_all(path, PLAN_FILE_MAX_BYTES, &text, NULL, NULL, 0) != FILE_READ_OK)
        return -1;
    int rc = parse(text, plan, names, n);
    free(text);
    if (trace_on())
        fprintf(stderr, "mmprof-trace: config plan %s %s\n", rc == 0 ? "read from" : "unusable in", path);
    return rc;
}

void plan_cache_store(const struct config_plan *plan, const char *chip, const char **names,
                      size_t n)
{
    char path[4096];
    if (plan_path(chip, names, n, path, sizeof path) != 0 || file_mkdir_parent(path) != 0)
        return;
    struct atomic_file a;
    if (atomic_open(&a, path) != 0)
        return;
    fprintf(a.f, "# mmprof config plan for %s (CUPTI %d): the metrics of each config image,\n"
                 "# one image per line after its passes. Remade when it no longer builds so.\n",
            chip, CUPTI_API_VERSION);
    for (size_t k = 0; k < plan->ngroups; k++) {
        const struct config_group *g = &plan->group[k];
        fprintf(a.f, "%zu", g->passes);
        for (size_t j = 0; j < g->n; j++)
            fprintf(a.f, " %s", g->names[j]);
        fputc('\n', a.f);
    }
    if (atomic_finish(&a) != 0 || atomic_commit(&a) != 0)
        atomic_abort(&a);
}
