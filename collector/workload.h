/* The buffers of one problem shape: seeded inputs, the FP64 reference, the
 * output, rotation copies for timing, and the verification of a variant. */
#ifndef MMPROF_WORKLOAD_H
#define MMPROF_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "model/registry.h"

struct workload {
    enum family family;
    struct shape shape;
    size_t a_count, b_count, c_count; /* elements; b_count is 0 for transposes */
    float *h_a, *h_b, *h_c;           /* pinned host buffers */
    int sets;                         /* input/output copies rotated while timing */
    float **d_a, **d_b, **d_c;        /* sets of device buffers; [0] is verified */
    double *d_ref;
    enum reference_kind ref_kind;
    double *d_sums;
    unsigned long long *d_nonfinite;
    double h2d_ms; /* A and B (or the input) host -> device, pinned */
};

/* Device bytes workload_create would allocate (to check free memory first). */
size_t workload_device_bytes(enum family f, const struct shape *s, size_t l2_bytes, int *sets);

/* Allocates, fills A and B (seeded) and uploads them, timing the upload.
 * l2_bytes sizes the rotation so timed launches do not run from L2. */
int workload_create(struct workload *w, enum family f, const struct shape *s, uint64_t seed,
                    size_t l2_bytes, char *why, size_t why_len);
/* Only the device buffers workload_create would allocate, in its order and
 * sizes (no pinned host memory, no fill, no upload): a split run's GPU shard
 * holds them for a group it does not measure, so its other buffers land where
 * the whole plan's run puts them. Freed by workload_destroy. */
int workload_reserve(struct workload *w, enum family f, const struct shape *s, size_t l2_bytes, char *why,
                     size_t why_len);
void workload_destroy(struct workload *w);

/* Launch arguments of buffer set i (mod sets). */
struct launch_args workload_args(const struct workload *w, int set);

/* Poisons the output, runs v once on set 0, and compares with the FP64
 * reference: rel_err = ||out - ref|| / ||ref||, nonfinite = NaN/Inf count.
 * Returns 0, or -1 with why when CUDA failed (sticky set when the context is
 * lost and the run must stop). */
int workload_verify(struct workload *w, const struct variant *v, double *rel_err,
                    unsigned long long *nonfinite, int *sticky, char *why, size_t why_len);

/* Compares an output already in w->d_c[0] with the reference of kind k. */
int workload_compare(struct workload *w, enum reference_kind k, double *rel_err,
                     unsigned long long *nonfinite, char *why, size_t why_len);

/* Copies the output of set 0 to the host, timed (seed 004's device->host). */
int workload_download_ms(struct workload *w, double *ms, char *why, size_t why_len);

/* Which reference a variant's output is compared with: its kind's
 * (model/kinds.def). */
enum reference_kind reference_for(const struct variant *v);

#endif
