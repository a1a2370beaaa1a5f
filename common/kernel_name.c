/* Short kernel names (kernel_name.h). */
#include "common/kernel_name.h"

#include <string.h>

char *kernel_short_name(const char *demangled, char *out, size_t len)
{
    const char *s = demangled;
    if (strncmp(s, "void ", 5) == 0)
        s += 5;
    size_t n = 0;
    int depth = 0;
    for (const char *p = s; *p && n + 6 < len; p++) {
        if ((*p == '(' || *p == ';') && depth == 0)
            break;
        if (*p == '<' && depth++ == 0) {
            memcpy(out + n, "<...>", 5);
            n += 5;
        }
        if (*p == '>' && depth > 0) {
            depth--;
            continue;
        }
        if (depth > 0 || *p == '<')
            continue;
        if (*p == ':' && p[1] == ':') {
            n = 0; /* a namespace or class: drop what came before */
            p++;
            continue;
        }
        out[n++] = *p;
    }
    if (len > 0)
        out[n < len ? n : len - 1] = '\0';
    return out;
}
