/* Seeded random inputs: the same seed gives the same matrices on any machine. */
#ifndef MMPROF_RNG_H
#define MMPROF_RNG_H

#include <stddef.h>
#include <stdint.h>

/* Fills x[0..count) with values uniform in [-1, 1), never all zero, from a
 * stream chosen by (seed, stream). Different streams are independent. */
void rng_fill_uniform(float *x, size_t count, uint64_t seed, uint64_t stream);
/* A seed from the clock and the process id, for runs without --seed. */
uint64_t rng_fresh_seed(void);

#endif
