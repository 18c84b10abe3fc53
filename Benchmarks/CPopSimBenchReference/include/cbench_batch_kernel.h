// The structure-of-arrays batch kernel, written once and compiled twice: by CPopSimBenchReference for
// the portable baseline instruction set (the one `swift build` targets), and by CPopSimBenchNative with
// -march=native. The bench compares each with the Swift loop built the same way, so a Swift/C ratio
// measures code generation, not the instruction set.
#ifndef POPSIM_CBENCH_BATCH_KERNEL_H
#define POPSIM_CBENCH_BATCH_KERNEL_H

#include <stdint.h>
#include <string.h>

/// `frames` batch frames: xs[i], vs[i] ← Φ·(xs[i], vs[i]) for i < n (Φ row-major: xx, xv, vx, vv); when
/// `*phase` reaches `episode` the batch is reset from (x0s, v0s) first.
static inline void cbench_batch_kernel_frames(const double phi[4], double *restrict xs, double *restrict vs,
                                              const double *x0s, const double *v0s, int64_t n, int64_t frames,
                                              int64_t episode, int64_t *phase) {
    const double a = phi[0], b = phi[1], c = phi[2], d = phi[3];
    int64_t p = *phase;
    for (int64_t f = 0; f < frames; f++) {
        if (p == episode) {
            memcpy(xs, x0s, (size_t)n * sizeof(double));
            memcpy(vs, v0s, (size_t)n * sizeof(double));
            p = 0;
        }
        for (int64_t i = 0; i < n; i++) {
            double x = xs[i], v = vs[i];
            xs[i] = a * x + b * v;
            vs[i] = c * x + d * v;
        }
        p += 1;
    }
    *phase = p;
}

#endif
