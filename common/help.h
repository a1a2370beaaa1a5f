/* One command's help as data: the single table from which both its getopt
 * long options and its -h/--help text are made, so an option cannot be
 * accepted without being documented, nor documented without being accepted.
 * Every command's table has a usage line, options, exit status and examples;
 * -h/--help is added to every table here, not written in each. */
#ifndef MMPROF_COMMON_HELP_H
#define MMPROF_COMMON_HELP_H

#include <getopt.h>
#include <stdio.h>

struct help_option {
    const char *name; /* long name without "--", e.g. "sizes" */
    int has_arg;      /* no_argument, required_argument or optional_argument */
    int code;         /* what getopt_long returns for it */
    const char *arg;  /* the value's placeholder ("S,S..."), NULL for a flag */
    const char *text; /* what it does, default included; '\n' starts a continuation line */
};

/* A numeric default written once in its header, spelt into help text: HELP_STR(PLOT_WIDTH) is "1200". */
#define HELP_STR_(x) #x
#define HELP_STR(x) HELP_STR_(x)

#define HELP_MAX_OPTIONS 40
#define HELP_MAX_EXAMPLES 3

/* A one-letter form of a long option, where a tool users know spells it so
 * (ncu's -k, -c): getopt returns the letter, so the option's code is it. */
struct help_short {
    char letter;
    const char *name; /* the long option's name */
};

struct help {
    const char *command;                    /* "collect" */
    const char *usage;                      /* the arguments after "mmprof collect " */
    const char *about;                      /* what it does: lines ended by '\n' */
    void (*more)(FILE *out);                /* a section computed at run time (plot's charts), or NULL */
    const struct help_option *options;      /* {NULL}-ended, or NULL */
    const struct help_short *shorts;        /* {0}-ended, or NULL: most options have none */
    const char *exit_status;                /* "0 ok, 1 ..., 2 ...": lines ended by '\n' */
    const char *examples[HELP_MAX_EXAMPLES]; /* command lines, each "mmprof ...  # why" */
};

/* The whole -h/--help text. */
void help_print(const struct help *h, FILE *out);

/* getopt_long's short options: lead ("+:" or ":"), 'h', then each short
 * form, with ':' when its option takes a value. */
void help_short_options(const struct help *h, const char *lead, char *buf, size_t len);

/* getopt_long's array: the table's options, then {"help", no_argument, 'h'},
 * then the {0} end. Returns how many were written (end excluded), or -1 when
 * cap is too small. */
int help_long_options(const struct help *h, struct option *out, size_t cap);

/* "CMD: unknown option '--treshold': did you mean --threshold? (see `mmprof
 * CMD --help`)"; word as the user gave it, "--name=value" included. */
void help_unknown_option(const struct help *h, const char *word, char *buf, size_t len);
/* "CMD: option '--markdown' needs a value: --markdown FILE (see `mmprof
 * CMD --help`)": word as given, code what getopt returns for it (its optopt). */
void help_missing_value(const struct help *h, const char *word, int code, char *buf, size_t len);

#endif
