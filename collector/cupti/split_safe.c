/* Reader of split_safe.txt: "CHIP COUNTER" lines, '#' comments. */
#include "collector/cupti/split_safe.h"

#include "collector/cupti/embedded.h"

#include <ctype.h>
#include <string.h>

/* The next entry of *p into chip and counter (NUL-terminated, truncated to
 * their sizes); 0 at the end of the text. */
static int next_entry(const char **p, char *chip, size_t chip_len, char *counter, size_t counter_len)
{
    while (**p) {
        const char *line = *p;
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        *p = *end ? end + 1 : end;
        const char *hash = memchr(line, '#', (size_t)(end - line));
        if (hash)
            end = hash;
        char *out[2] = {chip, counter};
        size_t len[2] = {chip_len, counter_len};
        int words = 0;
        for (const char *s = line; s < end && words < 2;) {
            while (s < end && isspace((unsigned char)*s))
                s++;
            const char *w = s;
            while (s < end && !isspace((unsigned char)*s))
                s++;
            if (s == w)
                break;
            size_t n = (size_t)(s - w) < len[words] - 1 ? (size_t)(s - w) : len[words] - 1;
            memcpy(out[words], w, n);
            out[words][n] = '\0';
            words++;
        }
        if (words == 2)
            return 1;
    }
    return 0;
}

int split_safe(const char *chip, const char *counter)
{
    const char *p = embedded_text("split_safe");
    char c[64], name[256];
    while (p && next_entry(&p, c, sizeof c, name, sizeof name))
        if (strcmp(c, chip) == 0 && strcmp(name, counter) == 0)
            return 1;
    return 0;
}

void split_safe_foreach(const char *chip, void (*fn)(const char *counter, void *ctx), void *ctx)
{
    const char *p = embedded_text("split_safe");
    char c[64], name[256];
    while (p && next_entry(&p, c, sizeof c, name, sizeof name))
        if (strcmp(c, chip) == 0)
            fn(name, ctx);
}
