#include "common/str_list.h"

#include <stdlib.h>
#include <string.h>

int str_list_add(struct str_list *l, const char *s, size_t len)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        char **p = realloc(l->item, cap * sizeof *p);
        if (!p)
            return -1;
        l->item = p;
        l->cap = cap;
    }
    if (!(l->item[l->n] = strndup(s, len)))
        return -1;
    l->n++;
    return 0;
}

int str_list_find(const struct str_list *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->item[i], s) == 0)
            return (int)i;
    return -1;
}

void str_list_free(struct str_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->item[i]);
    free(l->item);
    *l = (struct str_list){0};
}
