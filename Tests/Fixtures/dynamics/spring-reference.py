#!/usr/bin/env python3
"""High-precision reference values for the spring's free response (Tests/DynamicsTests).

For each spring (m, k, c) and start state (x0, v0), evaluates x(t) and v(t) of
m·x'' + c·x' + k·x = 0 at 60 significant digits with mpmath, from the characteristic roots
(the textbook form, independent of PopSim's unified C/S formula). The doubles m, k, c, x0, v0, t
are written with repr() (exact round trip) and used exactly: mpmath.mpf(float) is exact, so the
reference is the true solution for exactly the inputs the Swift code receives.

The damping coefficient is computed the way Spring(mass:stiffness:dampingRatio:) computes it,
c = 2·ζ·sqrt(m·k) in double precision, so the grid hits ζ within 1e-6, 1e-9 and 1e-12 of 1.

Run:  python3 Tests/Fixtures/dynamics/spring-reference.py > Tests/Fixtures/dynamics/spring-reference.csv
"""
import math
import mpmath

mpmath.mp.dps = 60

SPRINGS = [  # (mass, stiffness, damping ratio)
    (1.0, 100.0, 0.0), (1.0, 100.0, 0.2), (1.0, 100.0, 0.5), (1.0, 100.0, 0.75),
    (1.0, 100.0, 1 - 1e-6), (1.0, 100.0, 1 - 1e-9), (1.0, 100.0, 1 - 1e-12), (1.0, 100.0, 1.0),
    (1.0, 100.0, 1 + 1e-12), (1.0, 100.0, 1 + 1e-9), (1.0, 100.0, 1 + 1e-6),
    (1.0, 100.0, 1.1), (1.0, 100.0, 1.3), (1.0, 100.0, 5.0), (1.0, 100.0, 20.0), (1.0, 100.0, 100.0),
    # Flutter's AnimationController.fling spring (m 1, k 500, ζ 1): c² − 4mk = +2.3e-13 in doubles.
    (1.0, 500.0, 1.0),
    # Flutter's scroll spring mass with ζ 1 (Documentation/springs-and-gsl.md §7).
    (0.5, 100.0, 1.0),
    (2.5, 3000.0, 0.825), (0.3, 75.0, 1.3),
]
STARTS = [(-1.0, 0.0), (3.0, 7.5), (0.0, -30.0)]
SAMPLES = 24


def response(m, k, c, x0, v0, t):
    m, k, c, x0, v0, t = map(mpmath.mpf, (m, k, c, x0, v0, t))
    disc = c * c - 4 * m * k
    if disc == 0:
        r = -c / (2 * m)
        a = x0
        b = v0 - r * x0
        e = mpmath.exp(r * t)
        return e * (a + b * t), e * (b + r * (a + b * t))
    sq = mpmath.sqrt(mpmath.mpc(disc))
    r1 = (-c + sq) / (2 * m)
    r2 = (-c - sq) / (2 * m)
    b = (v0 - r1 * x0) / (r2 - r1)
    a = x0 - b
    x = a * mpmath.exp(r1 * t) + b * mpmath.exp(r2 * t)
    v = a * r1 * mpmath.exp(r1 * t) + b * r2 * mpmath.exp(r2 * t)
    return mpmath.re(x), mpmath.re(v)


def horizon(m, k, c):
    """Time over which to sample: until the slowest mode has decayed by 1e-8, or 20 periods if undamped."""
    w0 = math.sqrt(k / m)
    lam = c / (2 * m)
    if lam == 0:
        return 20 * 2 * math.pi / w0
    zeta = lam / w0
    slow = lam if zeta <= 1 else w0 * w0 / (lam + math.sqrt(lam * lam - w0 * w0))
    return math.log(1e8) / slow * (1.3 if abs(zeta - 1) < 1e-3 else 1.0)


print("mass,stiffness,damping,x0,v0,time,position,velocity")
for m, k, zeta in SPRINGS:
    c = 2 * zeta * math.sqrt(m * k)
    end = horizon(m, k, c)
    for x0, v0 in STARTS:
        for j in range(SAMPLES + 1):
            t = end * j / SAMPLES
            x, v = response(m, k, c, x0, v0, t)
            print(f"{m!r},{k!r},{c!r},{x0!r},{v0!r},{t!r},{mpmath.nstr(x, 25)},{mpmath.nstr(v, 25)}")
