#include "analysis/metric_ids.h"

#include <math.h>
#include <string.h>

/* "name" or "name (alias)": the alias is only a label for people. */
static int header_names(const char *header, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(header, name, len) != 0)
        return 0;
    return header[len] == '\0' || strncmp(header + len, " (", 2) == 0;
}

int metric_col(const struct table *t, const char *name)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (header_names(t->header[c], name))
            return (int)c;
    return -1;
}

double metric_value(const struct table *t, size_t row, const char *name)
{
    int c = metric_col(t, name);
    return c < 0 ? NAN : table_num(t, row, c);
}
