/* Base names and name patterns (kernel_name.h). The base name is found by
 * brackets, not by a demangler's parse tree: the parameter list is the last
 * top-level "(...)", the template arguments the "<...>" that ends what comes
 * before it, and the return type whatever precedes the last top-level space.
 * "(anonymous namespace)" and "operator()" keep their brackets because only
 * top-level (depth 0) characters count. */
#include "profile/kernel_name.h"

#include <stdio.h>
#include <string.h>

/* Index of the `open` that matches the `close` ending s[0..len) (the
 * parameter list's '(' for ')', the template arguments' '<' for '>'), or len
 * when s does not end with `close`. */
static size_t group_start(const char *s, size_t len, char open, char close)
{
    if (len == 0 || s[len - 1] != close)
        return len;
    int depth = 0;
    for (size_t i = len; i-- > 0;) {
        if (s[i] == close)
            depth++;
        else if (s[i] == open && --depth == 0)
            return i;
    }
    return len;
}

/* Start of the name after a return type: past the last space outside brackets. */
static size_t name_start(const char *s, size_t len)
{
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '(' || s[i] == '<')
            depth++;
        else if ((s[i] == ')' || s[i] == '>') && depth > 0)
            depth--;
        else if (s[i] == ' ' && depth == 0)
            start = i + 1;
    }
    return start;
}

void kernel_base_name(const char *demangled, char *base, size_t base_len)
{
    size_t len = strlen(demangled);
    len = group_start(demangled, len, '(', ')');
    len = group_start(demangled, len, '<', '>');
    size_t start = name_start(demangled, len);
    snprintf(base, base_len, "%.*s", (int)(len - start), demangled + start);
}

static int is_repeat(char c)
{
    return c == '*' || c == '+' || c == '?' || c == '{';
}

/* The offset of a repetition applied straight to another ("a++", "b*{2}"),
 * or -1. POSIX leaves it undefined, and glibc's regcomp copies the repeated
 * tree once per operator: 27 stacked '+' took it past 2 GB (fuzz_profile). */
static long stacked_repetition(const char *re)
{
    int repeated = 0; /* the previous item was a repetition */
    for (size_t i = 0; re[i]; i++) {
        char c = re[i];
        if (c == '\\' && re[i + 1]) {
            i++, repeated = 0;
        } else if (c == '[') { /* a bracket expression: up to its ']', one given first is literal */
            size_t j = i + 1 + (re[i + 1] == '^');
            j += re[j] == ']';
            while (re[j] && re[j] != ']')
                j++;
            i = re[j] ? j : i;
            repeated = 0;
        } else if (is_repeat(c)) {
            if (repeated)
                return (long)i;
            if (c == '{')
                while (re[i + 1] && re[i] != '}')
                    i++;
            repeated = 1;
        } else {
            repeated = 0;
        }
    }
    return -1;
}

int kernel_pattern_compile(struct kernel_pattern *p, const char *text, char *why, size_t why_len)
{
    memset(p, 0, sizeof *p);
    if (strlen(text) >= sizeof p->text) {
        snprintf(why, why_len, "kernel name pattern of %zu characters: at most %zu", strlen(text),
                 sizeof p->text - 1);
        return 2;
    }
    snprintf(p->text, sizeof p->text, "%s", text);
    if (strncmp(text, "regex:", 6) != 0)
        return 0;
    long stacked = stacked_repetition(text + 6);
    if (stacked >= 0) {
        snprintf(why, why_len, "bad regular expression '%s': a repetition ('%c' at offset %ld) "
                 "repeats another; write one, e.g. '+' for '++'",
                 text + 6, text[6 + stacked], stacked);
        p->text[0] = '\0';
        return 2;
    }
    int rc = regcomp(&p->re, text + 6, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
        char msg[160];
        regerror(rc, &p->re, msg, sizeof msg);
        snprintf(why, why_len, "bad regular expression '%s': %s (POSIX extended syntax)", text + 6,
                 msg);
        p->text[0] = '\0';
        return 2;
    }
    p->is_regex = 1;
    return 0;
}

void kernel_pattern_free(struct kernel_pattern *p)
{
    if (p->is_regex)
        regfree(&p->re);
    p->is_regex = 0;
    p->text[0] = '\0';
}

int kernel_pattern_match(const struct kernel_pattern *p, const char *mangled, const char *demangled)
{
    if (p->text[0] == '\0')
        return 1;
    if (p->is_regex)
        return regexec(&p->re, demangled, 0, NULL, 0) == 0;
    char base[KERNEL_NAME_MAX];
    kernel_base_name(demangled, base, sizeof base);
    return strcmp(p->text, base) == 0 || strcmp(p->text, demangled) == 0 ||
           strcmp(p->text, mangled) == 0;
}
