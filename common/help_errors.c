/* The one-line messages for an option a command does not know or that lacks
 * its value, made from the command's help table (common/help.h): the closest
 * known option as "did you mean", the value's placeholder as the example. */
#include "common/help.h"

#include <stdio.h>
#include <string.h>

#include "common/suggest.h"

/* "--name=value" and "--name" both give "name"; NULL for a short option. */
static const char *long_name(const char *word, char *buf, size_t len)
{
    if (strncmp(word, "--", 2) != 0)
        return NULL;
    snprintf(buf, len, "%.*s", (int)strcspn(word + 2, "="), word + 2);
    return buf;
}

static const struct help_option *find(const struct help *h, const char *word, int code)
{
    char name[128];
    const char *n = long_name(word, name, sizeof name);
    for (const struct help_option *o = h->options; o && o->name; o++)
        if (n ? strcmp(o->name, n) == 0 : o->code == code)
            return o;
    return NULL;
}

void help_unknown_option(const struct help *h, const char *word, char *buf, size_t len)
{
    char name[128], close[3 * SUGGEST_NAME_MAX];
    const char *n = long_name(word, name, sizeof name);
    close[0] = '\0';
    /* "--l2-flush=1": a known option given a value it does not take */
    for (const struct help_option *o = h->options; n && strchr(word, '=') && o && o->name; o++)
        if (strcmp(o->name, n) == 0 && o->has_arg == no_argument) {
            snprintf(buf, len, "%s: option '--%s' takes no value: give '--%s' alone (see `mmprof %s --help`)",
                     h->command, n, n, h->command);
            return;
        }
    if (n && n[0]) {
        struct suggest s;
        suggest_init(&s, n);
        for (const struct help_option *o = h->options; o && o->name; o++)
            suggest_offer(&s, o->name);
        suggest_offer(&s, "help");
        if (s.n > 0)
            snprintf(close, sizeof close, ": did you mean --%s?", s.name[0]);
    }
    snprintf(buf, len, "%s: unknown option '%s'%s (see `mmprof %s --help`)", h->command, word, close, h->command);
}

void help_missing_value(const struct help *h, const char *word, int code, char *buf, size_t len)
{
    const struct help_option *o = find(h, word, code);
    if (o && o->arg)
        snprintf(buf, len, "%s: option '%s' needs a value: --%s %s (see `mmprof %s --help`)", h->command, word,
                 o->name, o->arg, h->command);
    else
        snprintf(buf, len, "%s: option '%s' needs a value (see `mmprof %s --help`)", h->command, word, h->command);
}
