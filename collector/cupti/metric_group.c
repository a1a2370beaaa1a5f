/* Group look-up over the embedded files and the group/list text reader. */
#include "collector/cupti/metric_group.h"

#include "collector/cupti/embedded.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define GROUP_PREFIX "group:"
#define NAME_MAX_LEN 256

static int is_group(const struct embedded_file *f)
{
    return strncmp(f->name, GROUP_PREFIX, strlen(GROUP_PREFIX)) == 0;
}

size_t metric_group_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < embedded_files_count; i++)
        n += is_group(&embedded_files[i]);
    return n;
}

const char *metric_group_name(size_t i)
{
    for (size_t k = 0; k < embedded_files_count; k++)
        if (is_group(&embedded_files[k]) && i-- == 0)
            return embedded_files[k].name + strlen(GROUP_PREFIX);
    return NULL;
}

const char *metric_group_text(const char *name)
{
    char key[NAME_MAX_LEN];
    if (snprintf(key, sizeof key, GROUP_PREFIX "%s", name) >= (int)sizeof key)
        return NULL;
    return embedded_text(key);
}

/* One line of text: [start, end) without the newline. */
struct line {
    const char *start, *end;
};

static int next_line(const char **p, struct line *l)
{
    if (!**p)
        return 0;
    l->start = *p;
    const char *nl = strchr(*p, '\n');
    l->end = nl ? nl : *p + strlen(*p);
    *p = nl ? nl + 1 : l->end;
    /* a comment runs to the end of the line */
    const char *hash = memchr(l->start, '#', (size_t)(l->end - l->start));
    if (hash)
        l->end = hash;
    while (l->start < l->end && isspace((unsigned char)*l->start))
        l->start++;
    while (l->end > l->start && isspace((unsigned char)l->end[-1]))
        l->end--;
    return 1;
}

static int line_is(const struct line *l, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(l->end - l->start) >= n && strncmp(l->start, word, n) == 0 &&
           (l->start + n == l->end || isspace((unsigned char)l->start[n]));
}

const char *metric_group_short(const char *text, char *buf, size_t len)
{
    struct line l;
    const char *p = text;
    buf[0] = '\0';
    while (next_line(&p, &l)) {
        if (line_is(&l, "SHORT")) {
            const char *s = l.start + strlen("SHORT");
            while (s < l.end && isspace((unsigned char)*s))
                s++;
            snprintf(buf, len, "%.*s", (int)(l.end - s), s);
            break;
        }
    }
    return buf;
}

static int has_metrics_section(const char *text)
{
    struct line l;
    const char *p = text;
    while (next_line(&p, &l))
        if (line_is(&l, "METRICS"))
            return 1;
    return 0;
}

/* Splits one line into names at commas and blanks. */
static int foreach_in_line(const struct line *l, int (*fn)(const char *, void *), void *ctx,
                           char *err, size_t err_len)
{
    const char *s = l->start;
    while (s < l->end) {
        while (s < l->end && (*s == ',' || isspace((unsigned char)*s)))
            s++;
        const char *e = s;
        while (e < l->end && *e != ',' && !isspace((unsigned char)*e))
            e++;
        if (e == s)
            break;
        char name[NAME_MAX_LEN];
        if ((size_t)(e - s) >= sizeof name) {
            snprintf(err, err_len, "metric name '%.40s...' is too long", s);
            return -1;
        }
        memcpy(name, s, (size_t)(e - s));
        name[e - s] = '\0';
        int rc = fn(name, ctx);
        if (rc != 0)
            return rc;
        s = e;
    }
    return 0;
}

int metric_list_foreach(const char *text, int (*fn)(const char *name, void *ctx), void *ctx,
                        char *err, size_t err_len)
{
    int sectioned = has_metrics_section(text);
    int in_metrics = !sectioned;
    struct line l;
    const char *p = text;
    while (next_line(&p, &l)) {
        if (sectioned) {
            if (line_is(&l, "METRICS")) {
                in_metrics = 1;
                continue;
            }
            if (line_is(&l, "LONG"))
                break; /* prose until the end of the file */
            if (line_is(&l, "SHORT"))
                continue;
        }
        if (!in_metrics || l.start == l.end)
            continue;
        int rc = foreach_in_line(&l, fn, ctx, err, err_len);
        if (rc != 0)
            return rc;
    }
    return 0;
}
