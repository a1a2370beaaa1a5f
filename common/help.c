/* Prints a command's help table and turns it into getopt_long's options;
 * the layout (column of descriptions, sections) is fixed here once. */
#include "common/help.h"

#include <string.h>

#define TEXT_COLUMN 24

/* "  --name ARG" then the text at TEXT_COLUMN; a long name puts the text on
 * the next line. Continuation lines of the text are indented to match. */
static void print_option(FILE *out, const char *name, const char *arg, const char *text)
{
    int used = fprintf(out, "  --%s%s%s", name, arg ? " " : "", arg ? arg : "");
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
        print_option(out, o->name, o->arg, o->text);
    print_option(out, "help", NULL, "this text (also -h and `mmprof help COMMAND`)");
    fprintf(out, "\nexit status: %s\nexamples:\n", h->exit_status);
    for (int i = 0; i < HELP_MAX_EXAMPLES && h->examples[i]; i++)
        fprintf(out, "  %s\n", h->examples[i]);
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
