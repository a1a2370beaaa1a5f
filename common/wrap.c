/* Breaking prose at spaces (wrap.h). */
#include "common/wrap.h"

#include <string.h>

void wrap_print(FILE *f, size_t col, const char *text, int indent, size_t width)
{
    int first = 1; /* the next word starts a line: no space before it */
    text += strspn(text, " ");
    while (*text) {
        size_t word = strcspn(text, " ");
        if (!first && col + 1 + word > width) {
            fprintf(f, "\n%*s", indent, "");
            col = (size_t)indent;
            first = 1;
        }
        if (!first)
            col += (size_t)fprintf(f, " ");
        col += (size_t)fprintf(f, "%.*s", (int)word, text);
        first = 0;
        text += word;
        text += strspn(text, " ");
    }
    fprintf(f, "\n");
}
