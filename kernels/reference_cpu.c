/* FP64 references on the CPU, for tests and tiny sizes. */
#include "kernels/reference_cpu.h"

#include <stddef.h>

void reference_matmul_cpu(const float *a, const float *b, double *ref, struct shape s)
{
    size_t m = (size_t)s.m, n = (size_t)s.n, k = (size_t)s.k;
    for (size_t i = 0; i < m * n; i++)
        ref[i] = 0.0;
    /* i-p-j order: the inner loop streams a row of b and a row of ref */
    for (size_t i = 0; i < m; i++) {
        double *ref_row = ref + i * n;
        for (size_t p = 0; p < k; p++) {
            double a_ip = (double)a[i * k + p];
            const float *b_row = b + p * n;
            for (size_t j = 0; j < n; j++)
                ref_row[j] += a_ip * (double)b_row[j];
        }
    }
}

void reference_transpose_cpu(const float *in, double *ref, struct shape s)
{
    size_t rows = (size_t)s.m, cols = (size_t)s.n;
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++)
            ref[c * rows + r] = (double)in[r * cols + c];
}
