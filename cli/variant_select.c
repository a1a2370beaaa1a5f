#define _DEFAULT_SOURCE /* strsep */
#include "cli/variant_select.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/suggest.h"

static int matches(const struct variant *v, const char *item)
{
    enum family f;
    if (strcmp(item, "all") == 0)
        return 1;
    if (family_parse(item, &f) == 0)
        return v->family == f;
    return fnmatch(item, v->name, 0) == 0;
}

static void unknown(const char *item, char *why, size_t why_len)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    const char *families[] = {"all", "matmul", "transpose"};
    struct suggest sg;
    char close[256];
    suggest_init(&sg, item);
    for (size_t i = 0; i < n; i++)
        suggest_offer(&sg, all[i].name);
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        suggest_offer(&sg, families[i]);
    suggest_format(&sg, close, sizeof close);
    if (close[0])
        snprintf(why, why_len, "unknown variant '%s'; closest: %s (see `mmprof list`)", item, close);
    else
        snprintf(why, why_len, "unknown variant '%s' (see `mmprof list`)", item);
}

int select_variants(const char *spec, const struct variant **out, size_t cap, char *why, size_t why_len)
{
    size_t n;
    const struct variant *all = registry_all(&n);
    char *copy = strdup(spec), *save = NULL;
    unsigned char *chosen = calloc(n, 1);
    int rc = 0;
    if (!copy || !chosen) {
        snprintf(why, why_len, "out of memory");
        rc = -1;
    }
    /* strsep, not strtok: "matmul," has an empty item, a typo to report */
    save = spec[0] ? copy : NULL;
    for (char *item; rc == 0 && save && (item = strsep(&save, ","));) {
        int hit = 0;
        if (item[0] == '\0') {
            snprintf(why, why_len, "--variants '%s': empty name between commas or at an end: remove the stray comma",
                     spec);
            rc = -1;
            break;
        }
        for (size_t i = 0; i < n; i++)
            if (matches(&all[i], item))
                chosen[i] = hit = 1;
        if (!hit) {
            unknown(item, why, why_len);
            rc = -1;
        }
    }
    size_t count = 0;
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (chosen[i] && count < cap)
            out[count++] = &all[i];
    if (rc == 0 && count == 0) {
        snprintf(why, why_len, "--variants '%s' selects nothing", spec);
        rc = -1;
    }
    free(copy);
    free(chosen);
    return rc == 0 ? (int)count : -1;
}
