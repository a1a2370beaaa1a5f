/* Parses the embedded metric table once into a static array. mmprof is single
 * threaded where it touches metrics, so a plain "parsed" flag is enough. The
 * fields point into a static copy of the text, not a heap block: an
 * optimising build drops a pointer that is only ever stored, and valgrind
 * then calls the block lost (a Release build failed the valgrind test so). */
#include "collector/cupti/metric_table.h"

#include "collector/cupti/embedded.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define METRIC_TABLE_MAX 256
#define METRIC_TABLE_TEXT_MAX 65536 /* bytes of metric_table.txt; ~12 KB today */
#define FIELDS 5

static struct metric_def defs[METRIC_TABLE_MAX];
static size_t ndefs;
static int parsed;  /* 1 = ok, -1 = malformed */
static char copy[METRIC_TABLE_TEXT_MAX]; /* the table text, cut into fields in place */
static char error[256];

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

static int parse_line(char *line, size_t lineno)
{
    char *field[FIELDS];
    size_t n = 0;
    char *p = line;
    for (;;) {
        char *bar = strchr(p, '|');
        if (n == FIELDS - 1 || !bar) { /* the description may contain '|' */
            field[n++] = trim(p);
            break;
        }
        *bar = '\0';
        field[n++] = trim(p);
        p = bar + 1;
    }
    if (n != FIELDS || !*field[0] || !*field[1] || !*field[4]) {
        snprintf(error, sizeof error,
                 "metric_table.txt line %zu: expected NAME | UNIT | ALIAS | FORMULA | DESCRIPTION",
                 lineno);
        return -1;
    }
    if (ndefs == METRIC_TABLE_MAX) {
        snprintf(error, sizeof error, "metric_table.txt: more than %d entries", METRIC_TABLE_MAX);
        return -1;
    }
    struct metric_def *d = &defs[ndefs++];
    d->name = field[0];
    d->unit = field[1];
    d->alias = *field[2] ? field[2] : NULL;
    d->formula = *field[3] ? field[3] : NULL;
    d->description = field[4];
    return 0;
}

static int parse(void)
{
    const char *text = embedded_text("metric_table");
    if (!text) {
        snprintf(error, sizeof error, "the metric table was not embedded in this build");
        return -1;
    }
    size_t len = strlen(text);
    if (len >= sizeof copy) {
        snprintf(error, sizeof error, "the metric table is %zu bytes, more than the %d this build "
                 "reads: raise METRIC_TABLE_TEXT_MAX in collector/cupti/metric_table.c",
                 len, METRIC_TABLE_TEXT_MAX);
        return -1;
    }
    memcpy(copy, text, len + 1);
    size_t lineno = 0;
    for (char *line = copy; line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        char *t = trim(line);
        if (*t && *t != '#' && parse_line(t, lineno) != 0)
            return -1;
        line = nl ? nl + 1 : NULL;
    }
    return 0;
}

const struct metric_def *metric_table(size_t *count)
{
    if (!parsed)
        parsed = parse() == 0 ? 1 : -1;
    *count = parsed == 1 ? ndefs : 0;
    return parsed == 1 ? defs : NULL;
}

const char *metric_table_error(void)
{
    return error;
}

const struct metric_def *metric_table_find(const char *name)
{
    size_t n;
    const struct metric_def *t = metric_table(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].name, name) == 0 || (t[i].alias && strcmp(t[i].alias, name) == 0))
            return &t[i];
    return NULL;
}
