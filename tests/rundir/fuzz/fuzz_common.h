/* Shared by the fuzz harnesses: the readers take paths, so each input is
 * written to files in a private scratch directory (created once per
 * process, removed at exit). The harnesses build two ways: with libFuzzer
 * (-fsanitize=fuzzer, MMPROF_FUZZ=ON) and into the corpus replay tests
 * (corpus_main.c), which run every committed input in every build. */
#ifndef MMPROF_FUZZ_COMMON_H
#define MMPROF_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The scratch directory ("$TMPDIR/mmprof_fuzz_XXXXXX", /tmp by default). */
const char *fuzz_dir(void);
/* Writes data to fuzz_dir()/name; returns the path (static buffer per name
 * slot: valid until the next call with the same slot). */
const char *fuzz_write(int slot, const char *name, const uint8_t *data, size_t size);
/* A stream that discards what is written (the printers' output). */
FILE *fuzz_null(void);

/* Splits data at the first "\n#run.json\n": the part before is results.csv,
 * the part after run.json. Without the marker, all of data is results.csv
 * and run.json is a small valid one. */
void fuzz_split_run(const uint8_t *data, size_t size, const uint8_t **csv, size_t *csv_len, const uint8_t **json,
                    size_t *json_len);

#define FUZZ_RUN_JSON_MARK "\n#run.json\n"

/* assert() that stays in release builds (NDEBUG): a broken invariant is a
 * crash the fuzzer reports. */
#define FUZZ_CHECK(cond)                                                                         \
    do {                                                                                         \
        if (!(cond))                                                                             \
            fuzz_fail(__FILE__, __LINE__, #cond);                                                \
    } while (0)
_Noreturn void fuzz_fail(const char *file, int line, const char *what);

#endif
