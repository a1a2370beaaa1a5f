/* --variants: all, comma lists, family names and shell globs. */
#ifndef MMPROF_VARIANT_SELECT_H
#define MMPROF_VARIANT_SELECT_H

#include <stddef.h>

#include "model/registry.h"

/* Resolves spec into out (registry order, no duplicates). Returns the count,
 * or -1 with why naming the unknown item and the closest known names. */
int select_variants(const char *spec, const struct variant **out, size_t cap, char *why, size_t why_len);

#endif
