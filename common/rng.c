#include "common/rng.h"

#include <time.h>
#include <unistd.h>

/* splitmix64: tiny, fast, and good enough to decorrelate matrix entries. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void rng_fill_uniform(float *x, size_t count, uint64_t seed, uint64_t stream)
{
    uint64_t state = seed ^ (stream * 0xD1B54A32D192ED03ull);
    for (size_t i = 0; i < count; i++) {
        /* 24 random bits -> exact float in [0, 1), then to [-1, 1). */
        uint32_t bits = (uint32_t)(splitmix64(&state) >> 40);
        x[i] = (float)bits * (2.0f / 16777216.0f) - 1.0f;
    }
}

uint64_t rng_fresh_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t s = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    return splitmix64(&s) % 1000000000ull; /* short enough to retype */
}
