/* samples.csv reader (rundir/samples.c): any bytes give either launch times
 * that are all finite and non-negative, found again by their key, or NULL
 * with a message. The last line of a key must be the one found. */
#include <math.h>
#include <string.h>

#include "rundir/samples.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1536] = "";
    fuzz_write(0, SAMPLES_CSV, data, size);
    struct samples *s = NULL;
    if (samples_read(fuzz_dir(), &s, err, sizeof err) != 0) {
        FUZZ_CHECK(s == NULL && err[0] != '\0' && memchr(err, '\0', sizeof err));
        return 0;
    }
    FUZZ_CHECK(s != NULL);
    size_t count = 1;
    const double *ms = samples_find(s, "naive", 1024, 1024, 1024, &count);
    FUZZ_CHECK((ms == NULL) == (count == 0));
    for (size_t i = 0; i < count; i++)
        FUZZ_CHECK(isfinite(ms[i]) && ms[i] >= 0);
    FUZZ_CHECK(samples_find(NULL, "naive", 1, 1, 1, &count) == NULL && count == 0);
    samples_free(s);
    return 0;
}
