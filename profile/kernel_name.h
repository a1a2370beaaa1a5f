/* A kernel's names and the one matcher of a kernel name pattern, shared by
 * the -k/--kernel-name filter and --model lines, so both read a name the same
 * way (ncu's spelling):
 *   NAME        equal to the base name (ns::tiled for
 *               "void ns::tiled<16>(float const*, int)"), the demangled or the
 *               mangled name
 *   regex:RE    POSIX extended regex, found anywhere in the demangled name
 * Host C only. */
#ifndef MMPROF_PROFILE_KERNEL_NAME_H
#define MMPROF_PROFILE_KERNEL_NAME_H

#include <regex.h>
#include <stddef.h>

#define KERNEL_NAME_MAX 1024

/* The base name of a demangled name: without return type, template arguments
 * and parameter list; namespaces kept. Writes "" for an empty name. */
void kernel_base_name(const char *demangled, char *base, size_t base_len);

struct kernel_pattern {
    char text[KERNEL_NAME_MAX]; /* as given, "" = matches every kernel */
    int is_regex;
    regex_t re;                 /* compiled when is_regex */
};

/* Compiles text; 0, or 2 with why (the regex error) for a bad pattern. */
int kernel_pattern_compile(struct kernel_pattern *p, const char *text, char *why, size_t why_len);
void kernel_pattern_free(struct kernel_pattern *p);

/* 1 when the kernel (its mangled and demangled names) matches p. */
int kernel_pattern_match(const struct kernel_pattern *p, const char *mangled, const char *demangled);

#endif
