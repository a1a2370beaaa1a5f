/* A sampled line as it is shown: where, its stalls, its text (source_text.h). */
#include "stalls/source_text.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int source_text_line(const char *file, long line, char *buf, size_t len)
{
    if (!file[0] || line <= 0) {
        snprintf(buf, len, "(no line: the cubin has no line table; build with -lineinfo)");
        return -1;
    }
    FILE *f = fopen(file, "r");
    if (!f) {
        snprintf(buf, len, "(source not readable here: %s)", strerror(errno));
        return -1;
    }
    char text[4096];
    long at = 0;
    int found = 0;
    while (!found && fgets(text, sizeof text, f)) {
        size_t n = strlen(text);
        int whole = n > 0 && text[n - 1] == '\n';
        found = ++at == line;
        while (!whole && !found && fgets(text, sizeof text, f)) /* the rest of a long line */
            whole = (n = strlen(text)) > 0 && text[n - 1] == '\n';
    }
    fclose(f);
    if (!found) {
        snprintf(buf, len, "(the file has %ld lines: it changed since the run)", at);
        return -1;
    }
    char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    p[strcspn(p, "\r\n")] = '\0';
    snprintf(buf, len, "%s", p);
    return 0;
}

char *source_line_where(const struct source_line *l, char *buf, size_t len)
{
    const char *slash = strrchr(l->file, '/');
    if (l->file[0])
        snprintf(buf, len, "%s:%ld", slash ? slash + 1 : l->file, l->line);
    else
        snprintf(buf, len, "(no line)");
    return buf;
}

char *source_line_stalls(const struct source_line *l, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < l->nstalls && i < SOURCE_STALLS_PER_LINE && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s %.0f%%", i ? ", " : "", l->stalls[i].stall,
                         source_pct(l->stalls[i].samples, l->samples));
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}
