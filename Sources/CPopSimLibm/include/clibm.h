// The libm functions PopSim needs that Swift's Glibc module does not export.
#ifndef POPSIM_CLIBM_H
#define POPSIM_CLIBM_H

#include <math.h>

#if defined(__GLIBC__)
// glibc's sincos(3) is a GNU extension, declared by <math.h> only under _GNU_SOURCE, which Swift's
// Glibc module is built without; this is its prototype from glibc's <bits/mathcalls.h>.
extern void sincos(double x, double *sinx, double *cosx);
#endif

/// sin(x) and cos(x) in one call. glibc computes both from one argument reduction with the same
/// kernels as sin(3) and cos(3), so the results are bit-identical to the two separate calls (the closed
/// form's tests and the bench's C reference check it) at about 3 ns less per pair.
static inline void clibm_sincos(double x, double *sinx, double *cosx) {
#if defined(__GLIBC__)
    sincos(x, sinx, cosx);
#else
    *sinx = sin(x);
    *cosx = cos(x);
#endif
}

#endif
