// C reference kernels for `swift run bench`: the same arithmetic as PopSim's Swift hot paths, compiled
// with -O3 -ffp-contract=off for the baseline instruction set, as the Swift code is (Package.swift).
// They are measurement references only: the practical limit one core reaches for the same work, timed
// in the same run as the Swift code so that Swift/C ratios survive a noisy machine
// (Documentation/benchmarking.md §4).
//
// -ffp-contract=off keeps clang from fusing a*b + c into one FMA: Swift never contracts, so with it off
// both sides perform the same IEEE operations in the same order and produce bit-identical results,
// which the bench checks before it times anything.
#ifndef POPSIM_CBENCH_REFERENCE_H
#define POPSIM_CBENCH_REFERENCE_H

#include <stdint.h>

/// The constants of a spring's free response, computed exactly as Sources/PopSimDynamics/Spring/
/// SpringCoefficients.swift computes them (λ, ω₀², σ with a compensated 4mk − c², μ, 1/μ, r₁).
typedef struct {
    double lambda;
    double omega0_squared;
    double sigma;
    double mu;
    double inverse_mu;
    double slow_rate;
} cbench_spring_coefficients;

cbench_spring_coefficients cbench_spring_coefficients_make(double mass, double stiffness, double damping);

/// Closed-form samples: for i = 0 ..< count, evaluates (x, v) at t = phase·h from (x0, v0), adds x + v
/// to the returned sum, and advances phase, which wraps to 0 at `episode` (a new animation starts).
/// `*phase` carries over between calls. Mirrors the Swift closed-form benchmark loop.
double cbench_closed_form_samples(const cbench_spring_coefficients *k, double x0, double v0, double h,
                                  int64_t count, int64_t episode, int64_t *phase);

/// One state of the closed form, for the agreement check.
void cbench_closed_form_state(const cbench_spring_coefficients *k, double x0, double v0, double t,
                              double *x, double *v);

/// A running closed-form animation, laid out as Sources/PopSimDynamics/Spring/SpringAnimation.swift stores it
/// (spring, target, segment start, segment initial state, coefficients: 104 bytes), so that a crowd of
/// them moves the same memory as a crowd of SpringAnimation values.
typedef struct {
    double mass, stiffness, damping;
    double target;
    double segment_start;
    double x0, v0;
    cbench_spring_coefficients k;
} cbench_spring_animation;

/// One frame of a closed-form crowd at time t, as DynamicsFrameLoops.closedFormCrowd does it: returns
/// the sum of every animation's position at t, then retargets animations first, first + stride, …
/// to `new_target` at t (position and velocity kept, SpringAnimation.retarget).
double cbench_closed_form_crowd_frame(cbench_spring_animation *animations, int64_t n, double t,
                                      int64_t first, int64_t stride, double new_target);

/// Single-spring propagator steps: (x, v) ← Φ·(x, v), `count` times; when `*phase` reaches `episode`
/// the state is reset to (x0, v0) first. Φ is row-major (xx, xv, vx, vv).
void cbench_propagator_steps(const double phi[4], double x0, double v0, int64_t count, int64_t episode,
                             int64_t *phase, double *x, double *v);

/// `frames` frames of a structure-of-arrays batch (cbench_batch_kernel.h), built for the portable
/// baseline instruction set.
void cbench_propagator_batch_frames(const double phi[4], double *restrict xs, double *restrict vs,
                                    const double *x0s, const double *v0s, int64_t n, int64_t frames,
                                    int64_t episode, int64_t *phase);

/// A spring ODE (`axes` independent axes, state (x₀, v₀, x₁, v₁, …)) driven by gsl_odeiv2_driver_apply
/// directly, with the right-hand side and Jacobian written in C: the limit for the GSL path.
typedef struct cbench_gsl_spring cbench_gsl_spring;

/// `stepper` is a GSL step-type name (rk2, rk4, rkf45, rkck, rk8pd, msadams, rk1imp, rk2imp, rk4imp,
/// bsimp, msbdf). Returns NULL for an unknown name or when GSL cannot allocate the driver.
cbench_gsl_spring *cbench_gsl_spring_new(const char *stepper, int axes, double stiffness_per_mass,
                                         double damping_per_mass, const double *initial_state,
                                         double epsabs, double epsrel, double hstart);

/// Advances `frames` frames of length `interval`: each frame is one gsl_odeiv2_driver_apply to the
/// next frame time. When the episode counter reaches `episode`, time and state go back to 0 and the
/// initial state and the driver is reset (gsl_odeiv2_driver_reset), exactly as ODEIntegrator.reset does.
/// Returns the first non-zero GSL status, or 0.
int cbench_gsl_spring_frames(cbench_gsl_spring *spring, int64_t frames, double interval, int64_t episode);

/// The current time and state (2·axes values).
double cbench_gsl_spring_time(const cbench_gsl_spring *spring);
const double *cbench_gsl_spring_state(const cbench_gsl_spring *spring);

void cbench_gsl_spring_free(cbench_gsl_spring *spring);

#endif
