/* A growable list of owned strings: the lines of a small file, the names a
 * user gave. item[0..n) are NUL-terminated copies the list frees. */
#ifndef MMPROF_COMMON_STR_LIST_H
#define MMPROF_COMMON_STR_LIST_H

#include <stddef.h>

struct str_list {
    char **item;
    size_t n, cap;
};

/* Appends a copy of s[0..len). 0, or -1 when out of memory (list unchanged). */
int str_list_add(struct str_list *l, const char *s, size_t len);
/* Index of the first item equal to s, or -1. */
int str_list_find(const struct str_list *l, const char *s);
void str_list_free(struct str_list *l);

#endif
