#include "plots/template.h"

#include <stdio.h>
#include <string.h>

const char *template_text(const char *name)
{
    for (size_t i = 0; i < plot_templates_count; i++)
        if (strcmp(plot_templates[i].name, name) == 0)
            return plot_templates[i].text;
    return NULL;
}

static int is_key_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Length of the key starting at s when s..s+len is "KEY@", else 0. */
static size_t key_length(const char *s)
{
    size_t n = 0;
    while (is_key_char(s[n]))
        n++;
    return n > 0 && s[n] == '@' ? n : 0;
}

static const char *lookup(const struct tvar *vars, size_t nvars, const char *key, size_t len)
{
    for (size_t i = 0; i < nvars; i++)
        if (strlen(vars[i].key) == len && strncmp(vars[i].key, key, len) == 0)
            return vars[i].value;
    return NULL;
}

int template_fill(const char *text, const struct tvar *vars, size_t nvars, struct strbuf *out, char *err,
                  size_t err_len)
{
    const char *p = text;
    const char *at;
    while ((at = strchr(p, '@')) != NULL) {
        sb_putn(out, p, (size_t)(at - p));
        size_t len = key_length(at + 1);
        if (len == 0) { /* a lone '@' is text */
            sb_putn(out, at, 1);
            p = at + 1;
            continue;
        }
        const char *value = lookup(vars, nvars, at + 1, len);
        if (!value) {
            snprintf(err, err_len, "template placeholder @%.*s@ has no value", (int)len, at + 1);
            return -1;
        }
        sb_puts(out, value);
        p = at + len + 2;
    }
    sb_puts(out, p);
    return 0;
}
