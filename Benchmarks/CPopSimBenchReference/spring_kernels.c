// Closed-form and propagator kernels; see include/cbench_reference.h. Every expression is written in
// the same order as its Swift counterpart (SpringCoefficients.swift, SpringPropagator.swift), so the
// results are bit-identical.
#define _GNU_SOURCE  // sincos(3), as SpringCoefficients.swift calls it (Sources/CPopSimLibm)
#include "cbench_reference.h"
#include "cbench_batch_kernel.h"

#include <math.h>
#include <string.h>

cbench_spring_coefficients cbench_spring_coefficients_make(double m, double k, double c) {
    cbench_spring_coefficients result;
    result.lambda = c / (2 * m);
    result.omega0_squared = k / m;
    double mk = m * k;
    double mk_error = fma(m, k, -mk);
    double cc = c * c;
    double cc_error = fma(c, c, -cc);
    double difference = (4 * mk - cc) + (4 * mk_error - cc_error);
    result.sigma = difference / (4 * m * m);
    result.mu = sqrt(fabs(result.sigma));
    result.inverse_mu = 1 / result.mu;
    result.slow_rate = -result.omega0_squared / (result.lambda + result.mu);
    return result;
}

static inline __attribute__((always_inline)) void damped_basis(const cbench_spring_coefficients *k, double t, double *c, double *s) {
    if (k->sigma > 0) {
        double envelope = exp(-k->lambda * t);
        double sine, cosine;
        sincos(k->mu * t, &sine, &cosine);
        *c = envelope * cosine;
        *s = envelope * sine * k->inverse_mu;
    } else if (k->sigma < 0) {
        double slow = exp(k->slow_rate * t);
        double split = -expm1(-2 * k->mu * t);
        *c = slow * (1 - 0.5 * split);
        *s = slow * split * (0.5 * k->inverse_mu);
    } else {
        double envelope = exp(-k->lambda * t);
        *c = envelope;
        *s = envelope * t;
    }
}

static inline __attribute__((always_inline)) void state_after(const cbench_spring_coefficients *k, double x0, double v0, double t,
                               double *x, double *v) {
    double c, s;
    damped_basis(k, t, &c, &s);
    *x = x0 * c + (v0 + k->lambda * x0) * s;
    *v = v0 * c - (k->omega0_squared * x0 + k->lambda * v0) * s;
}

void cbench_closed_form_state(const cbench_spring_coefficients *k, double x0, double v0, double t,
                              double *x, double *v) {
    state_after(k, x0, v0, t, x, v);
}

double cbench_closed_form_samples(const cbench_spring_coefficients *k, double x0, double v0, double h,
                                  int64_t count, int64_t episode, int64_t *phase) {
    double sum = 0;
    int64_t p = *phase;
    for (int64_t i = 0; i < count; i++) {
        double x, v;
        state_after(k, x0, v0, (double)p * h, &x, &v);
        sum += x + v;
        p += 1;
        if (p == episode) p = 0;
    }
    *phase = p;
    return sum;
}

double cbench_closed_form_crowd_frame(cbench_spring_animation *animations, int64_t n, double t,
                                      int64_t first, int64_t stride, double new_target) {
    double sum = 0;
    for (int64_t i = 0; i < n; i++) {
        const cbench_spring_animation *a = &animations[i];
        double x, v;
        state_after(&a->k, a->x0, a->v0, t - a->segment_start, &x, &v);
        sum += a->target + x;
    }
    for (int64_t i = first; i < n; i += stride) {
        cbench_spring_animation *a = &animations[i];
        double x, v;
        state_after(&a->k, a->x0, a->v0, t - a->segment_start, &x, &v);
        a->x0 = x + a->target - new_target;
        a->v0 = v;
        a->segment_start = t;
        a->target = new_target;
    }
    return sum;
}

void cbench_propagator_steps(const double phi[4], double x0, double v0, int64_t count, int64_t episode,
                             int64_t *phase, double *x, double *v) {
    const double a = phi[0], b = phi[1], c = phi[2], d = phi[3];
    double xs = *x, vs = *v;
    int64_t p = *phase;
    for (int64_t i = 0; i < count; i++) {
        if (p == episode) {
            xs = x0;
            vs = v0;
            p = 0;
        }
        double nx = a * xs + b * vs;
        double nv = c * xs + d * vs;
        xs = nx;
        vs = nv;
        p += 1;
    }
    *x = xs;
    *v = vs;
    *phase = p;
}

void cbench_propagator_batch_frames(const double phi[4], double *restrict xs, double *restrict vs,
                                    const double *x0s, const double *v0s, int64_t n, int64_t frames,
                                    int64_t episode, int64_t *phase) {
    cbench_batch_kernel_frames(phi, xs, vs, x0s, v0s, n, frames, episode, phase);
}
