/* Breaking prose at spaces (wrap.h). */
#include "common/wrap.h"

#include <string.h>

void wrap_print(FILE *f, size_t col, const char *text, int indent, size_t width)
{
    int first = 1; /* the next word starts a line: no space before it */
    text += strspn(text, " ");
    while (*text) {
        size_t word = strcspn(text, " ");
        int longer_than_a_line = word + (size_t)indent > width;
        if (!first && (col + 1 + word > width && (!longer_than_a_line || col + 2 > width))) {
            fprintf(f, "\n%*s", indent, "");
            col = (size_t)indent;
            first = 1;
        }
        if (!first)
            col += (size_t)fprintf(f, " ");
        size_t room = width > col ? width - col : 1;
        size_t part = word > room ? room : word; /* only a word longer than a line is left too long here */
        col += (size_t)fprintf(f, "%.*s", (int)part, text);
        text += part;
        if (part < word) {
            first = 0;
            col = width + 1; /* the rest of the word starts the next line */
            continue;
        }
        first = 0;
        text += strspn(text, " ");
    }
    fprintf(f, "\n");
}
