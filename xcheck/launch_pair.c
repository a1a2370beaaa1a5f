/* mmprof's profiled launches paired with ncu's (launch_pair.h). */
#include "xcheck/launch_pair.h"

#include <string.h>

void launch_base_name(const char *s, char *out, size_t len)
{
    if (strncmp(s, "void ", 5) == 0)
        s += 5;
    size_t n = 0;
    int depth = 0;
    for (; *s && *s != '(' && *s != ';' && n + 1 < len; s++) {
        if (*s == '<')
            depth++;
        else if (*s == '>')
            depth--;
        else if (depth == 0 && *s == ':')
            n = 0; /* a namespace or class: keep what follows */
        else if (depth == 0 && *s != ' ')
            out[n++] = *s;
    }
    out[n] = '\0';
}

long launch_pair(const struct launch_ref *mine, size_t i, const struct ncu_launches *ncu)
{
    char want[256], name[256];
    if (!mine[i].kernel)
        return -1;
    launch_base_name(mine[i].kernel, want, sizeof want);
    if (mine[i].launch >= 1 && (size_t)mine[i].launch <= ncu->n) {
        launch_base_name(ncu->l[mine[i].launch - 1].kernel, name, sizeof name);
        if (strcmp(want, name) == 0)
            return mine[i].launch - 1;
    }
    size_t before = 0;
    for (size_t j = 0; j < i; j++) {
        if (!mine[j].kernel)
            continue;
        launch_base_name(mine[j].kernel, name, sizeof name);
        before += strcmp(name, want) == 0;
    }
    for (size_t k = 0; k < ncu->n; k++) {
        launch_base_name(ncu->l[k].kernel, name, sizeof name);
        if (strcmp(name, want) == 0 && before-- == 0)
            return (long)k;
    }
    return -1;
}
