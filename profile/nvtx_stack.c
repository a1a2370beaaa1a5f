/* Per-thread NVTX push/pop ranges (nvtx_stack.h). */
#include "profile/nvtx_stack.h"

#include <stdio.h>
#include <string.h>

static const char *dom(const char *domain)
{
    return domain ? domain : "";
}

static size_t stored(const struct nvtx_stack *s)
{
    return s->depth < NVTX_STACK_MAX ? s->depth : NVTX_STACK_MAX;
}

void nvtx_stack_push(struct nvtx_stack *s, const char *domain, const char *text)
{
    if (s->depth < NVTX_STACK_MAX) {
        struct nvtx_entry *e = &s->e[s->depth];
        snprintf(e->domain, sizeof e->domain, "%s", dom(domain));
        snprintf(e->text, sizeof e->text, "%s", text ? text : "");
    }
    s->depth++;
}

void nvtx_stack_pop(struct nvtx_stack *s, const char *domain)
{
    if (s->depth > NVTX_STACK_MAX) { /* the innermost push was not stored */
        s->depth--;
        return;
    }
    for (size_t i = s->depth; i-- > 0;) {
        if (strcmp(s->e[i].domain, dom(domain)) != 0)
            continue;
        memmove(&s->e[i], &s->e[i + 1], (s->depth - i - 1) * sizeof s->e[0]);
        s->depth--;
        return;
    }
}

size_t nvtx_stack_ranges(const struct nvtx_stack *s, const char *domain, const char **out,
                         size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < stored(s) && n < cap; i++)
        if (strcmp(s->e[i].domain, dom(domain)) == 0)
            out[n++] = s->e[i].text;
    return n;
}

void nvtx_stack_path(const struct nvtx_stack *s, const char *domain, char *buf, size_t len)
{
    const char *r[NVTX_STACK_MAX];
    size_t n = nvtx_stack_ranges(s, domain, r, NVTX_STACK_MAX);
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s", i ? "/" : "", r[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

const char *nvtx_stack_top(const struct nvtx_stack *s, const char *domain)
{
    for (size_t i = stored(s); i-- > 0;)
        if (strcmp(s->e[i].domain, dom(domain)) == 0)
            return s->e[i].text;
    return NULL;
}
