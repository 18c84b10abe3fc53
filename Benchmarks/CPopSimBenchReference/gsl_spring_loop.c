// The GSL reference loop: gsl_odeiv2_driver_apply once per frame on a spring ODE whose right-hand side
// and Jacobian are plain C functions (no Swift, no trampoline). See include/cbench_reference.h.
// The expressions match Sources/PopSimDynamics/Integration/SpringODESystem.swift term for term.
#include "cbench_reference.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <stdlib.h>
#include <string.h>

struct cbench_gsl_spring {
    gsl_odeiv2_system system;
    gsl_odeiv2_driver *driver;
    int axes;
    double stiffness_per_mass;
    double damping_per_mass;
    double time;
    int64_t phase;
    double *state;
    double *initial;
};

static int spring_rhs(double t, const double y[], double f[], void *params) {
    (void)t;
    const struct cbench_gsl_spring *s = params;
    for (int axis = 0; axis < s->axes; axis++) {
        double x = y[2 * axis], v = y[2 * axis + 1];
        f[2 * axis] = v;
        f[2 * axis + 1] = -s->stiffness_per_mass * x - s->damping_per_mass * v;
    }
    return GSL_SUCCESS;
}

static int spring_jacobian(double t, const double y[], double *dfdy, double dfdt[], void *params) {
    (void)t;
    (void)y;
    const struct cbench_gsl_spring *s = params;
    int n = 2 * s->axes;
    for (int i = 0; i < n * n; i++) dfdy[i] = 0;
    for (int axis = 0; axis < s->axes; axis++) {
        int row = 2 * axis;
        dfdy[row * n + row + 1] = 1;
        dfdy[(row + 1) * n + row] = -s->stiffness_per_mass;
        dfdy[(row + 1) * n + row + 1] = -s->damping_per_mass;
        dfdt[row] = 0;
        dfdt[row + 1] = 0;
    }
    return GSL_SUCCESS;
}

static const gsl_odeiv2_step_type *step_type(const char *name) {
    static const struct { const char *name; const gsl_odeiv2_step_type **type; } table[] = {
        {"rk2", &gsl_odeiv2_step_rk2},       {"rk4", &gsl_odeiv2_step_rk4},
        {"rkf45", &gsl_odeiv2_step_rkf45},   {"rkck", &gsl_odeiv2_step_rkck},
        {"rk8pd", &gsl_odeiv2_step_rk8pd},   {"msadams", &gsl_odeiv2_step_msadams},
        {"rk1imp", &gsl_odeiv2_step_rk1imp}, {"rk2imp", &gsl_odeiv2_step_rk2imp},
        {"rk4imp", &gsl_odeiv2_step_rk4imp}, {"bsimp", &gsl_odeiv2_step_bsimp},
        {"msbdf", &gsl_odeiv2_step_msbdf},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (strcmp(table[i].name, name) == 0) return *table[i].type;
    }
    return NULL;
}

cbench_gsl_spring *cbench_gsl_spring_new(const char *stepper, int axes, double stiffness_per_mass,
                                         double damping_per_mass, const double *initial_state,
                                         double epsabs, double epsrel, double hstart) {
    const gsl_odeiv2_step_type *type = step_type(stepper);
    if (type == NULL || axes < 1) return NULL;
    gsl_set_error_handler_off();
    struct cbench_gsl_spring *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    size_t n = 2 * (size_t)axes;
    s->state = malloc(n * sizeof(double));
    s->initial = malloc(n * sizeof(double));
    if (s->state == NULL || s->initial == NULL) {
        cbench_gsl_spring_free(s);
        return NULL;
    }
    memcpy(s->state, initial_state, n * sizeof(double));
    memcpy(s->initial, initial_state, n * sizeof(double));
    s->axes = axes;
    s->stiffness_per_mass = stiffness_per_mass;
    s->damping_per_mass = damping_per_mass;
    s->system.function = spring_rhs;
    s->system.jacobian = spring_jacobian;
    s->system.dimension = n;
    s->system.params = s;
    s->driver = gsl_odeiv2_driver_alloc_y_new(&s->system, type, hstart, epsabs, epsrel);
    if (s->driver == NULL) {
        cbench_gsl_spring_free(s);
        return NULL;
    }
    return s;
}

int cbench_gsl_spring_frames(cbench_gsl_spring *s, int64_t frames, double interval, int64_t episode) {
    size_t n = 2 * (size_t)s->axes;
    for (int64_t f = 0; f < frames; f++) {
        if (s->phase == episode) {
            memcpy(s->state, s->initial, n * sizeof(double));
            s->time = 0;
            s->phase = 0;
            gsl_odeiv2_driver_reset(s->driver);
        }
        s->phase += 1;
        double t = s->time;
        int status = gsl_odeiv2_driver_apply(s->driver, &t, (double)s->phase * interval, s->state);
        s->time = t;
        if (status != GSL_SUCCESS) {
            gsl_odeiv2_driver_reset(s->driver);
            return status;
        }
    }
    return GSL_SUCCESS;
}

double cbench_gsl_spring_time(const cbench_gsl_spring *s) { return s->time; }

const double *cbench_gsl_spring_state(const cbench_gsl_spring *s) { return s->state; }

void cbench_gsl_spring_free(cbench_gsl_spring *s) {
    if (s == NULL) return;
    if (s->driver != NULL) gsl_odeiv2_driver_free(s->driver);
    free(s->state);
    free(s->initial);
    free(s);
}
