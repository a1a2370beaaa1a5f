/* Metric lists and value cells (metrics.h). */
#include "xcheck/metrics.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int xc_metrics_add(struct str_list *m, const char *name)
{
    if (str_list_find(m, name) >= 0)
        return 0;
    return str_list_add(m, name, strlen(name));
}

int xc_metrics_add_list(struct str_list *m, const char *list)
{
    char *copy = strdup(list), *save = NULL;
    if (!copy)
        return -1;
    int rc = 0;
    for (char *tok = strtok_r(copy, ",", &save); tok && rc == 0; tok = strtok_r(NULL, ",", &save))
        rc = xc_metrics_add(m, tok);
    free(copy);
    return rc;
}

int xc_parse_value(const char *s, double *out)
{
    /* The shape the comparison has always accepted: -?[0-9.]+([eE][-+]?[0-9]+)? */
    const char *p = s + (*s == '-');
    size_t digits = strspn(p, "0123456789.");
    if (digits == 0)
        return -1;
    p += digits;
    if (*p == 'e' || *p == 'E') {
        p++;
        p += (*p == '+' || *p == '-');
        if (!isdigit((unsigned char)*p))
            return -1;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (*p != '\0')
        return -1;
    char *end;
    double v = strtod(s, &end);
    if (*end != '\0') /* "1.2.3" passes the character check, not strtod */
        return -1;
    *out = v;
    return 0;
}
