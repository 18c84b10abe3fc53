// The batch kernel built for the CPU the bench runs on (-march=native), for the row that shows what the
// machine's full instruction set does for both languages (see cbench_batch_kernel.h).
#ifndef POPSIM_CBENCH_NATIVE_H
#define POPSIM_CBENCH_NATIVE_H

#include <stdint.h>

/// cbench_batch_kernel_frames, compiled with -march=native.
void cbench_native_propagator_batch_frames(const double phi[4], double *restrict xs, double *restrict vs,
                                           const double *x0s, const double *v0s, int64_t n, int64_t frames,
                                           int64_t episode, int64_t *phase);

#endif
