/* Edit distance and a bounded best-N list. */
#include "common/suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    /* Names are short (< 200 characters); longer input is compared by its prefix,
     * which is still a fine ranking for suggestions. */
    enum { MAXLEN = 255 };
    if (la > MAXLEN)
        la = MAXLEN;
    if (lb > MAXLEN)
        lb = MAXLEN;
    size_t row[MAXLEN + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            size_t best = diag + (same ? 0 : 1);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] &&
               tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

void suggest_init(struct suggest *s, const char *query)
{
    memset(s, 0, sizeof *s);
    s->query = query;
}

void suggest_offer(struct suggest *s, const char *candidate)
{
    size_t qlen = strlen(s->query);
    size_t d = edit_distance(s->query, candidate);
    /* A candidate that contains the whole query ("dram_read" in "dram_read_bytes")
     * is as good a guess as a typo, the better the less it adds. */
    if (qlen >= 3 && contains_nocase(candidate, s->query)) {
        size_t guess = 1 + (strlen(candidate) - qlen) / 8;
        if (guess < d)
            d = guess;
    }
    size_t limit = qlen / 3 > 2 ? qlen / 3 : 2;
    if (strcmp(candidate, s->query) == 0 || d > limit ||
        strlen(candidate) >= SUGGEST_NAME_MAX)
        return;
    for (size_t i = 0; i < s->n; i++)
        if (strcmp(s->name[i], candidate) == 0)
            return;
    size_t pos = s->n;
    while (pos > 0 && s->score[pos - 1] > d)
        pos--;
    if (pos >= SUGGEST_MAX)
        return;
    size_t last = s->n < SUGGEST_MAX ? s->n : SUGGEST_MAX - 1;
    for (size_t i = last; i > pos; i--) {
        s->score[i] = s->score[i - 1];
        memcpy(s->name[i], s->name[i - 1], SUGGEST_NAME_MAX);
    }
    s->score[pos] = d;
    snprintf(s->name[pos], SUGGEST_NAME_MAX, "%s", candidate);
    if (s->n < SUGGEST_MAX)
        s->n++;
}

void suggest_format(const struct suggest *s, char *buf, size_t len)
{
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < s->n && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", s->name[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}
