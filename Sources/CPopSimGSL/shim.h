// The part of GSL that PopSim uses: error codes and handler, odeiv2, nonlinear least squares
// (multifit_nlinear), version.
//
// GSL exposes its step types and version string as mutable C globals, which
// Swift 6 strict concurrency rejects ("not concurrency-safe because it involves
// shared mutable state"). The inline accessors below return the same constant
// pointers through functions, so Swift code never touches the globals and no
// `@preconcurrency import` is needed.
#ifndef POPSIM_CGSL_SHIM_H
#define POPSIM_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_version.h>

static inline const gsl_odeiv2_step_type *cgsl_step_rk2(void) { return gsl_odeiv2_step_rk2; }
static inline const gsl_odeiv2_step_type *cgsl_step_rk4(void) { return gsl_odeiv2_step_rk4; }
static inline const gsl_odeiv2_step_type *cgsl_step_rkf45(void) { return gsl_odeiv2_step_rkf45; }
static inline const gsl_odeiv2_step_type *cgsl_step_rkck(void) { return gsl_odeiv2_step_rkck; }
static inline const gsl_odeiv2_step_type *cgsl_step_rk8pd(void) { return gsl_odeiv2_step_rk8pd; }
static inline const gsl_odeiv2_step_type *cgsl_step_rk1imp(void) { return gsl_odeiv2_step_rk1imp; }
static inline const gsl_odeiv2_step_type *cgsl_step_rk2imp(void) { return gsl_odeiv2_step_rk2imp; }
static inline const gsl_odeiv2_step_type *cgsl_step_rk4imp(void) { return gsl_odeiv2_step_rk4imp; }
static inline const gsl_odeiv2_step_type *cgsl_step_bsimp(void) { return gsl_odeiv2_step_bsimp; }
static inline const gsl_odeiv2_step_type *cgsl_step_msadams(void) { return gsl_odeiv2_step_msadams; }
static inline const gsl_odeiv2_step_type *cgsl_step_msbdf(void) { return gsl_odeiv2_step_msbdf; }

/// The trust-region driver of gsl_multifit_nlinear and its Levenberg-Marquardt subproblem with geodesic
/// acceleration (GSL doc/nls.rst), both mutable globals in GSL's header.
static inline const gsl_multifit_nlinear_type *cgsl_multifit_nlinear_trust(void) { return gsl_multifit_nlinear_trust; }
static inline const gsl_multifit_nlinear_trs *cgsl_multifit_nlinear_trs_lmaccel(void) { return gsl_multifit_nlinear_trs_lmaccel; }

/// The version of the GSL library linked at run time (may differ from the header's GSL_VERSION).
static inline const char *cgsl_runtime_version(void) { return gsl_version; }

/// GSL's status codes come from an anonymous enum that Swift imports as `Int`;
/// these give them the `int` type that GSL's functions and callbacks use.
static inline int cgsl_success(void) { return GSL_SUCCESS; }
static inline int cgsl_failure(void) { return GSL_FAILURE; }
static inline int cgsl_ebadfunc(void) { return GSL_EBADFUNC; }

#endif
