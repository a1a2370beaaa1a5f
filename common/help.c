/* Prints a command's help table and turns it into getopt_long's options;
 * the layout (column of descriptions, sections) is fixed here once. */
#include "common/help.h"

#include <string.h>

#define TEXT_COLUMN 24

/* "  --name ARG" then the text at TEXT_COLUMN; a long name puts the text on
 * the next line. Continuation lines of the text are indented to match. */
static char short_of(const struct help *h, const char *name)
{
    for (const struct help_short *s = h->shorts; s && s->letter; s++)
        if (strcmp(s->name, name) == 0)
            return s->letter;
    return 0;
}

static void print_option(FILE *out, char letter, const char *name, const char *arg, const char *text)
{
    int used = letter ? fprintf(out, "  -%c, --%s%s%s", letter, name, arg ? " " : "", arg ? arg : "")
                      : fprintf(out, "  --%s%s%s", name, arg ? " " : "", arg ? arg : "");
    if (used >= TEXT_COLUMN - 1) {
        fputc('\n', out);
        used = 0;
    }
    for (const char *line = text; line;) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        fprintf(out, "%*s%.*s\n", TEXT_COLUMN - used, "", len, line);
        used = 0;
        line = end && end[1] ? end + 1 : NULL;
    }
}

void help_print(const struct help *h, FILE *out)
{
    fprintf(out, "usage: mmprof %s %s\n\n%s", h->command, h->usage, h->about);
    if (h->more)
        h->more(out);
    fputs("\noptions:\n", out);
    for (const struct help_option *o = h->options; o && o->name; o++)
        print_option(out, short_of(h, o->name), o->name, o->arg, o->text);
    print_option(out, 0, "help", NULL, "this text (also -h and `mmprof help COMMAND`)");
    fprintf(out, "\nexit status: %s\nexamples:\n", h->exit_status);
    for (int i = 0; i < HELP_MAX_EXAMPLES && h->examples[i]; i++)
        fprintf(out, "  %s\n", h->examples[i]);
}

void help_short_options(const struct help *h, const char *lead, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%sh", lead);
    for (const struct help_option *o = h->options; o && o->name; o++) {
        char letter = short_of(h, o->name);
        if (letter && n + 3 < len) {
            buf[n++] = letter;
            if (o->has_arg == required_argument)
                buf[n++] = ':';
        }
    }
    buf[n < len ? n : len - 1] = '\0';
}

int help_long_options(const struct help *h, struct option *out, size_t cap)
{
    size_t n = 0;
    for (const struct help_option *o = h->options; o && o->name; o++) {
        if (n + 2 >= cap)
            return -1;
        out[n++] = (struct option){o->name, o->has_arg, NULL, o->code};
    }
    if (n + 2 > cap)
        return -1;
    out[n] = (struct option){"help", no_argument, NULL, 'h'};
    out[n + 1] = (struct option){NULL, 0, NULL, 0};
    return (int)n + 1;
}
