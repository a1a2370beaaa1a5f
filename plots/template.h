/* The gnuplot templates (plots/templates/NAME.gp.in), compiled into the
 * binary by cmake/embed.cmake, and @KEY@ substitution. */
#ifndef MMPROF_PLOTS_TEMPLATE_H
#define MMPROF_PLOTS_TEMPLATE_H

#include <stddef.h>

#include "plots/strbuf.h"

struct plot_template {
    const char *name; /* file name without .gp.in */
    const char *text; /* whole file, NUL-terminated */
};

extern const struct plot_template plot_templates[];
extern const size_t plot_templates_count;

/* The text of the template called name, or NULL. */
const char *template_text(const char *name);

/* One substitution: @key@ becomes value (which may span lines). */
struct tvar {
    const char *key;
    const char *value;
};

/* Appends text to out with every @KEY@ (upper case, digits, _) replaced by
 * its value from vars. A placeholder with no value is an error: 0, or -1
 * with its name in err (a template and its chart out of step). */
int template_fill(const char *text, const struct tvar *vars, size_t nvars, struct strbuf *out, char *err,
                  size_t err_len);

#endif
