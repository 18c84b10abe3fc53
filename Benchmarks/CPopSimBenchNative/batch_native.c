// See include/cbench_native.h.
#include "cbench_native.h"
#include "cbench_batch_kernel.h"

void cbench_native_propagator_batch_frames(const double phi[4], double *restrict xs, double *restrict vs,
                                           const double *x0s, const double *v0s, int64_t n, int64_t frames,
                                           int64_t episode, int64_t *phase) {
    cbench_batch_kernel_frames(phi, xs, vs, x0s, v0s, n, frames, episode, phase);
}
