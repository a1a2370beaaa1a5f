/* The tiles of the `best` matmul (best_configs.def) and the tune table that
 * maps a matmul shape to one of them.
 *
 * The tune table is a small text file written by `mmprof tune`:
 *
 *   # mmprof tune table: the tile `best` uses per matmul shape (written by mmprof tune)
 *   # device: NVIDIA H200
 *   # m n k config median_ms gflops
 *   4096 4096 4096 b128x256k8s3 3.01565 45575.3
 *   8192 8192 8192 b128x256k8s3 23.9382 45931.3
 *
 * (as `mmprof tune` writes it)
 *
 * Lines starting with '#' and blank lines are ignored; every other line is
 * M N K and a configuration name from best_configs.def, optionally followed
 * by the timing the choice was made on (informational). A shape that is not
 * in the table uses the default (the first configuration).
 *
 * Where the table comes from (first match wins, loaded once per process on
 * the first `best` launch, see best_tune_autoload in launch.cu):
 *   1. best_tune_load() called by the program (`--tune-file F`);
 *   2. the file named by $MMPROF_TUNE_FILE;
 *   3. $XDG_CACHE_HOME/mmprof/tune-<gpu>.txt, else ~/.cache/mmprof/tune-<gpu>.txt,
 *      <gpu> being the device name with every character outside [A-Za-z0-9] as '_'.
 * A missing default file is not an error (the default tile is used); a
 * named file that cannot be read or parsed is. Host code only: no CUDA. */
#ifndef MMPROF_BEST_CONFIG_H
#define MMPROF_BEST_CONFIG_H

#include <stddef.h>

#include "model/launch_geometry.h"
#include "model/registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Threads of a best block: one warp of 32 lanes per wm x wn warp tile of
 * the bm x bn block tile. The one formula the kernel (its static_asserts and
 * launch bounds), the launch geometry and the theory all use. */
#define BEST_CONFIG_THREADS(bm, bn, wm, wn) (32 * ((bm) / (wm)) * ((bn) / (wn)))

/* x extent of every best block (the registry's bs): a block is
 * BEST_BLOCK_SIDE x threads/BEST_BLOCK_SIDE threads, flattened by the kernel. */
#define BEST_BLOCK_SIDE 16

/* Techniques a configuration adds to the plain kernel (best_configs.def's
 * opts column, an OR of these; matmul_best.cu says what each does). */
enum best_opt {
    BEST_OPT_SERPENTINE = 1 << 0, /* odd rows of the FFMA block run backwards */
    BEST_OPT_PREFETCH = 1 << 1,   /* fragments double-buffered in registers, across k-tiles */
    BEST_OPT_RASTER8 = 1 << 2,    /* blocks take C tiles in groups of 8 block rows */
};

struct best_config {
    const char *name; /* e.g. "b128x128k8s3" */
    int bm, bn, bk;   /* block tile: bm rows x bn columns of C, bk of K per stage */
    int wm, wn;       /* warp tile */
    int stages;       /* shared-memory buffers in flight */
    unsigned opts;    /* enum best_opt bits; 0: the plain kernel */
};

/* All compiled-in configurations, the default first. */
const struct best_config *best_configs(size_t *count);
const struct best_config *best_config_find(const char *name);
const struct best_config *best_config_default(void);

/* The configuration `best` uses at shape s: the tune table's entry for s,
 * else the default. Never NULL. */
const struct best_config *best_config_for(const struct shape *s);

/* Shared memory of a best block, bytes: up to SHARED_WITHOUT_OPT_IN_BYTES
 * (launch_geometry.h) its stages are static arrays; above, they are dynamic
 * shared memory, which the launch passes and opts in to, up to
 * BEST_SHARED_MAX_BYTES (the opt-in maximum of compute capability 9.0). */
#define BEST_SHARED_MAX_BYTES 232448

/* Threads of one block of c: BEST_CONFIG_THREADS of its tiles. */
int best_config_threads(const struct best_config *c);

/* Shared memory of one block of c, bytes, static or dynamic. */
long best_config_smem_bytes(const struct best_config *c);

/* The dynamic part of it: 0 up to SHARED_WITHOUT_OPT_IN_BYTES, else all. */
long best_config_dynamic_smem_bytes(const struct best_config *c);

/* Replaces the tune table with the file at path. 0, or -1 with why (the
 * table is then left empty). */
int best_tune_load(const char *path, char *why, size_t why_len);

/* Loads $MMPROF_TUNE_FILE, else the default path for gpu_name if that file
 * exists. Does nothing when a table was already loaded or this was already
 * tried. 0, or -1 with why when a file exists but is unreadable or bad. */
int best_tune_autoload(const char *gpu_name, char *why, size_t why_len);

/* The default tune file path for gpu_name (see above); 0, or -1 when no
 * cache directory is known ($HOME unset). */
int best_tune_default_path(const char *gpu_name, char *buf, size_t len);

/* The path the current table came from, or NULL when none is loaded. */
const char *best_tune_source(void);

/* Sets (or replaces) the table's entry for s, in memory. 0, or -1 when the
 * table is full. ms and gflops are kept for the file's comment columns. */
int best_tune_set(const struct shape *s, const struct best_config *c, double ms, double gflops);

/* Writes the in-memory table to path (creating its directory), device named
 * in a comment. 0, or -1 with why. */
int best_tune_save(const char *path, const char *device, char *why, size_t why_len);

/* Empties the table and forgets the autoload attempt (tests). */
void best_tune_reset(void);

#ifdef __cplusplus
}
#endif

#endif
