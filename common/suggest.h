/* "Did you mean": keeps the few known names closest to a misspelt one. */
#ifndef MMPROF_SUGGEST_H
#define MMPROF_SUGGEST_H

#include <stddef.h>

#define SUGGEST_MAX 3
#define SUGGEST_NAME_MAX 192

struct suggest {
    const char *query;
    size_t n;
    size_t score[SUGGEST_MAX];
    char name[SUGGEST_MAX][SUGGEST_NAME_MAX];
};

/* Levenshtein distance, ignoring case. */
size_t edit_distance(const char *a, const char *b);
/* 1 when hay contains needle, ignoring (ASCII) case: a suggestion's test and
 * the plain-word filter of `mmprof info --metrics PATTERN`. */
int contains_nocase(const char *hay, const char *needle);

void suggest_init(struct suggest *s, const char *query);
/* Considers one known name; keeps it when it is among the closest so far and
 * close enough to be a plausible intent (a few edits, or containing the query). */
void suggest_offer(struct suggest *s, const char *candidate);
/* "a, b, c" (closest first) into buf; "" when nothing was close. */
void suggest_format(const struct suggest *s, char *buf, size_t len);

#endif
