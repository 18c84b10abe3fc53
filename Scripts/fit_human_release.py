#!/usr/bin/env python3
"""Fits PopSim's human release model (Sources/PopSimGestures/Synthesis/HumanReleaseModel.swift) to the
recorded flings under Tests/Fixtures/touch-recordings/ and prints the figures of Documentation/gestures.md §8.

What it prints:
  1. the corpus's six figures (estimator ratios along LSQ2, last/peak segment speed) as recorded, and rescanned
     at 60 and 120 Hz (each recording scanned again on straight lines between its samples, as
     Sources/PopSimGestures/Verification/StrokeRescan.swift does): what a digitiser at each rate would have read;
     and the iOS proxy's reading over each stroke's peak segment speed, rescanned at each rate: the share
     of a flick's speed a rule on UIKit's velocity sees (Documentation/thresholds.md, PanModal's 60 pt drag);
  2. per stroke, the release shape (rise time R, release point tau, carried speed c) fitted by least squares
     to the recording's samples in its last 100 ms (what the estimators see);
  3. the figures of swipes synthesised with the constants of HumanReleaseModel.corpus (read from the Swift
     source) over the fitted grid, per rate: 60/120/200 Hz, 1.5-6k pt/s, 150-600 pt, 0.3 pt noise;
  4. with --shapes, the per-stroke shapes drawn directly instead (each swipe one of the 31 fits, Flutter's
     stroke 3 and Swordfish left out), on the grid and on swipes that are their rise alone;
  5. with --fit, the simulated-method-of-moments fit of the model's six numbers (ln R ~ N(mu, sigma),
     tau ~ N(m, s), c = clamp(c0 + sc z, 0, 0.75)) at 60 and 120 Hz together, each rate against the corpus
     rescanned at that rate: Nelder-Mead on the twelve figures' errors, each divided by its tolerance (0.03
     for the medians of the ratios, 0.05 for the percentiles and last/peak), first their sum of squares, then
     their largest plus a tenth of the sum, averaged over three seeds of the grid. kappa = 0.5 and the
     window W = 0.1 s (steady motion at c V from W before lift-off until the rise) are fixed.

The estimators and the synthesiser are re-implemented here (checked against `popsim velocity` on the corpus
and against HumanReleaseFigureTests, which recomputes every figure with the library itself).
Usage: Scripts/fit_human_release.py [--quick] [--shapes] [--fit]
"""
import math, os, sys
import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from popsim_csv import argument_parser, recorded_flings as corpus  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')

# ---------------------------------------------------------------- corpus
# ---------------------------------------------------------------- estimators (Sources/PopSimGestures/Estimation)
def lsq2(samples, query):
    s = samples[-20:]
    us = [int(round(t * 1e6)) for t, _, _ in s]
    if not s or (int(round(query * 1e6)) - us[-1]) // 1000 > 40:
        return (0.0, 0.0)
    ages, xs, ys, previous = [], [], [], us[-1]
    for k in range(len(s) - 1, -1, -1):
        age, gap = (us[-1] - us[k]) / 1000, abs(us[k] - previous) / 1000
        previous = us[k]
        if age > 100 or gap > 40:
            break
        ages.append(-age); xs.append(s[k][1]); ys.append(s[k][2])
    if len(ages) < 3:
        return (0.0, 0.0)
    a = np.vstack([np.ones(len(ages)), ages, np.square(ages)]).T
    return tuple(np.linalg.lstsq(a, np.array(v), rcond=None)[0][1] * 1000 for v in (xs, ys))

def ios(samples, query):
    s = samples[-20:]
    us = [int(round(t * 1e6)) for t, _, _ in s]
    if not s or (int(round(query * 1e6)) - us[-1]) // 1000 > 40:
        return (0.0, 0.0)
    def segment(age):
        i = len(s) - 1 - age
        if i < 1 or us[i] - us[i - 1] <= 0:
            return (0.0, 0.0)
        ms = (us[i] - us[i - 1]) / 1000
        return ((s[i][1] - s[i - 1][1]) * 1000 / ms, (s[i][2] - s[i - 1][2]) * 1000 / ms)
    a, b, c = segment(2), segment(1), segment(0)
    return tuple(a[j] * 0.6 + b[j] * 0.35 + c[j] * 0.05 for j in (0, 1))

def swiftui(samples, query):
    kept, last = [], None
    for t, x, y in samples:
        if last is not None and t < last:
            continue
        if last is not None and t - last < 2.220446049250313e-16:
            kept[-1] = (t, x, y)
        else:
            last = t; kept.append((t, x, y)); kept = kept[-3:]
    if len(kept) < 2:
        return (0.0, 0.0)
    def velocity(a, b):
        f = 1.0 / (b[0] - a[0]); return ((b[1] - a[1]) * f, (b[2] - a[2]) * f)
    if len(kept) == 2:
        return velocity(kept[0], kept[1])
    older, newer = velocity(kept[0], kept[1]), velocity(kept[1], kept[2])
    return tuple((older[j] - newer[j]) * 0.75 + newer[j] for j in (0, 1))

def impulse(samples, query):
    ring = []
    for t, x, y in samples:
        ns = int(round(t * 1e9))
        if ring and ns - ring[-1][0] > 40_000_000:
            ring = []
        elif ring and ring[-1][0] == ns:
            ring[-1] = (ns, x, y); continue
        ring.append((ns, x, y)); ring = [e for e in ring[-20:] if e[0] >= ns - 100_000_000]
    if not ring or int(round(query * 1e9)) - ring[-1][0] > 40_000_000:
        return (0.0, 0.0)
    def to_velocity(w): return (-1.0 if w < 0 else 1.0) * math.sqrt(abs(w)) * math.sqrt(2.0)
    work, first = [0.0, 0.0], True
    for a, b in zip(ring, ring[1:]):
        if b[0] <= a[0]:
            continue
        seconds = (b[0] - a[0]) * 1e-9
        for j in (0, 1):
            v = (b[j + 1] - a[j + 1]) / seconds
            work[j] = work[j] + (v - to_velocity(work[j])) * abs(v)
            if first:
                work[j] *= 0.5
        first = False
    return (to_velocity(work[0]), to_velocity(work[1]))

ESTIMATORS = {'lsq2': lsq2, 'ios': ios, 'impulse': impulse, 'swiftui': swiftui}

# ---------------------------------------------------------------- figures (Documentation/gestures.md §8)
# A stroke enters the figures with at least this many samples before lift-off: the iOS proxy's three
# segments need four (ReleaseFigures.minimumSamples).
MINIMUM_SAMPLES = 4

def stroke_figures(stroke):
    """Ratios along LSQ2's velocity and last/peak segment speed of one stroke (None when LSQ2 reads zero)."""
    before = [(t, x, y) for t, p, x, y in stroke if p != 'ended']
    if len(before) < MINIMUM_SAMPLES:
        return None
    query = stroke[-1][0]
    read = {name: f(before, query) for name, f in ESTIMATORS.items()}
    l = read['lsq2']; norm2 = l[0] ** 2 + l[1] ** 2
    if norm2 == 0:
        return None
    ratios = {k: (read[k][0] * l[0] + read[k][1] * l[1]) / norm2 for k in ('ios', 'impulse', 'swiftui')}
    speeds = [math.hypot(b[1] - a[1], b[2] - a[2]) / (b[0] - a[0]) for a, b in zip(before, before[1:]) if b[0] > a[0]]
    ratios['lastPeak'] = speeds[-1] / max(speeds) if speeds and max(speeds) > 0 else 0.0
    return ratios

def figures(strokes):
    per = [f for f in map(stroke_figures, strokes) if f is not None]
    col = lambda k: np.array([f[k] for f in per])
    return {'ios median': np.median(col('ios')), 'impulse median': np.median(col('impulse')),
            'swiftui median': np.median(col('swiftui')), 'ios p10': np.percentile(col('ios'), 10),
            'ios p90': np.percentile(col('ios'), 90), 'last/peak median': np.median(col('lastPeak')),
            'count': len(per), 'left out': len(strokes) - len(per)}

# ---------------------------------------------------------------- synthesis (Sources/PopSimGestures/Synthesis)
def progress(t):
    t = min(max(t, 0.0), 1.0); return t * t * t * (10 + t * (-15 + 6 * t))

def rate(t):
    t = min(max(t, 0.0), 1.0); return 30 * t * t * (1 - t) * (1 - t)

def speed_ratio(t):
    """tau p'(tau) / p(tau): release speed over mean speed of a minimum-jerk reach released at tau."""
    return t * rate(t) / progress(t) if t > 0 else 3.0

def release_point(target):
    lo, hi = 0.0, 1.0
    for _ in range(64):
        mid = (lo + hi) / 2
        if speed_ratio(mid) > target: lo = mid
        else: hi = mid
    return (lo + hi) / 2

def rise_distance_factor(tau):
    """Distance covered by the minimum-jerk part of a rise of R seconds that peaks at V, over V R."""
    return progress(tau) / (tau * rate(min(tau, 0.5)))

def swift_constants(root=ROOT):
    """HumanReleaseModel.corpus as the Swift source declares it (the constants live there only)."""
    import re
    text = open(os.path.join(root, 'Sources/PopSimGestures/Synthesis/HumanReleaseModel.swift')).read()
    call = re.search(r'static let corpus = HumanReleaseModel\(([^)]*)\)', text).group(1)
    values = dict((k, float(v)) for k, v in re.findall(r'(\w+): ([-\d.e]+)', call))
    return values

CONSTANTS = swift_constants()
CARRY_PEAK_RATIO, RELEASE_WINDOW = CONSTANTS['carryPeakRatio'], CONSTANTS['releaseWindow']
RISE_TIME_RANGE, CARRIED_SPEED_RANGE = (0.01, 1.0), (0.0, 0.75)

class Path:
    """A 1-D finger path along the swipe: pieces (start, duration, start position, function of u)."""
    def __init__(self): self.pieces, self.duration, self.end, self.velocity = [], 0.0, 0.0, 0.0
    def flick(self, distance, seconds, tau):
        x0, pr = self.end, progress(tau)
        self.pieces.append((self.duration, seconds, lambda u: x0 + distance * progress(u / seconds * tau) / pr))
        self.velocity = distance * rate(tau) * tau / (pr * seconds)
        self.duration += seconds; self.end += distance
    def steady(self, seconds):
        x0, v = self.end, self.velocity
        self.pieces.append((self.duration, seconds, lambda u: x0 + v * u))
        self.duration += seconds; self.end += v * seconds
    def accelerating_flick(self, distance, seconds, tau):
        x0, vb, pr = self.end, self.velocity, progress(tau)
        excess = distance - vb * seconds
        self.pieces.append((self.duration, seconds, lambda u: x0 + vb * u + excess * progress(u / seconds * tau) / pr))
        self.velocity = vb + excess * rate(tau) * tau / (pr * seconds)
        self.duration += seconds; self.end += distance
    def position(self, t):
        for start, seconds, f in reversed(self.pieces):
            if t >= start:
                return f(min(t - start, seconds))
        return 0.0

def human_swipe(distance, velocity, rise, tau, carried, window=None):
    """GestureScript.swipe(from:to:releaseVelocity:human:) along one axis: carry, steady c V for
    G = max(0, W - R), rise (HumanSwipeGenerator.swift)."""
    steady_time = max((RELEASE_WINDOW if window is None else window) - rise, 0.0)
    k = rise_distance_factor(tau)
    flick = velocity * rise * (carried + (1 - carried) * k)
    steady = carried * velocity * steady_time
    path = Path()
    if flick >= distance:
        path.velocity = carried * velocity
        path.accelerating_flick(distance, distance / (velocity * (carried + (1 - carried) * k)), tau)
        return path
    if flick + steady >= distance:
        path.velocity = carried * velocity
        path.steady((distance - flick) / (carried * velocity))
    else:
        carry = distance - flick - steady
        carry_tau = release_point(carried * 1.875 / CARRY_PEAK_RATIO) if carried > 0 else 1.0
        path.flick(carry, 1.875 * carry / (CARRY_PEAK_RATIO * velocity), carry_tau)
        if steady_time > 0:
            path.steady(steady_time)
    path.accelerating_flick(flick, rise, tau)
    return path

def digitise(path, sample_rate, phase, noise, angle, rng):
    c, s = math.cos(angle), math.sin(angle)
    last = max(math.ceil((path.duration - phase) * sample_rate - 1e-9), 1)
    out = []
    for i in range(last + 1):
        x = path.end if i == last else path.position(i / sample_rate + phase)
        phase_name = 'began' if i == 0 else ('ended' if i == last else 'moved')
        out.append((i / sample_rate, phase_name, x * c + rng.normal(0, noise), x * s + rng.normal(0, noise)))
    return out

RATES, SPEEDS, DISTANCES = (60, 120, 200), np.arange(1500, 6001, 500), np.arange(150, 601, 75)

def clamp(x, bounds): return min(max(x, bounds[0]), bounds[1])

def model_draw(theta):
    """HumanReleaseModel.release(seed:)'s distribution with theta = (mu, sigma, m, s, c0, sc)."""
    mu, sigma, m, s, c0, sc = theta
    def draw(rng):
        z1, z2, z3 = rng.normal(), rng.normal(), rng.normal()
        return (clamp(math.exp(mu + sigma * z1), RISE_TIME_RANGE), clamp(m + s * z2, (0.05, 1.0)),
                clamp(c0 + sc * z3, CARRIED_SPEED_RANGE))
    return draw

def grid_swipes(draw, rates, trials, seed=1, rise_only=False):
    """The fitted grid's swipes per rate, each with a release from draw(rng); rise_only makes each swipe its
    rise alone (touch-down where the rise starts, as most recordings begin)."""
    rng = np.random.default_rng(seed)
    strokes = {r: [] for r in rates}
    for sample_rate in rates:
        for v in SPEEDS:
            for d in DISTANCES:
                for _ in range(trials):
                    rise, tau, carried = draw(rng)
                    if rise_only:
                        d = v * rise * (carried + (1 - carried) * rise_distance_factor(tau))
                    path = human_swipe(d, v, rise, tau, carried)
                    strokes[sample_rate].append(digitise(path, sample_rate, rng.uniform(0, 1 / sample_rate), 0.3,
                                                         rng.uniform(0, 2 * math.pi), rng))
    return strokes

# Each figure's tolerance in the acceptance test: the moment fit weighs errors by it.
TOLERANCES = {'ios median': 0.03, 'impulse median': 0.03, 'swiftui median': 0.03, 'ios p10': 0.05, 'ios p90': 0.05,
              'last/peak median': 0.05}
FIT_RATES = (60, 120)

def weighted_errors(theta, targets, trials, seeds=(1, 2, 3)):
    errors = []
    for seed in seeds:
        swipes = grid_swipes(model_draw(theta), FIT_RATES, trials, seed)
        got = {r: figures(swipes[r]) for r in FIT_RATES}
        errors.append([(got[r][k] - targets[r][k]) / tolerance for r in FIT_RATES for k, tolerance in TOLERANCES.items()])
    return np.mean(errors, axis=0)

def fit_distribution(targets, trials, start):
    def theta_of(z):
        return (z[0], abs(z[1]), z[2], abs(z[3]), z[4], abs(z[5]))
    z = np.array(start, dtype=float)
    steps = np.array([0.15, 0.08, 0.05, 0.04, 0.08, 0.05])
    for loss_of, scale in ((lambda e: float(np.sum(e ** 2)), 1.0),
                           (lambda e: float(np.max(np.abs(e)) + 0.1 * np.sum(e ** 2)), 0.3)):
        simplex = np.vstack([z] + [z + scale * steps[i] * np.eye(len(z))[i] for i in range(len(z))])
        z = minimize(lambda v: loss_of(weighted_errors(theta_of(v), targets, trials)), z, method='Nelder-Mead',
                     options=dict(maxfev=250, initial_simplex=simplex, xatol=1e-4, fatol=1e-6)).x
    theta = theta_of(z)
    return theta, weighted_errors(theta, targets, trials)

def resampled(strokes, sample_rate, phases=8, recorded_interval=1 / 120):
    """Each recording as a digitiser at sample_rate would have seen it (StrokeRescan.swift): scans every
    1/sample_rate back from `phase` before its last movement, on straight lines between its samples, the
    phases spread over [0, 1/sample_rate - recorded_interval); `ended` one scan later at the lift-off."""
    out = []
    span = max(1 / sample_rate - recorded_interval, 0.0)
    for stroke in strokes:
        pts = np.array([(t, x, y) for t, p, x, y in stroke if p != 'ended'])
        keep = np.concatenate([pts[1:, 0] > pts[:-1, 0], [True]])
        pts = pts[keep]
        for k in range(phases):
            lift = pts[-1, 0] - k * span / phases
            count = int(math.floor((lift - pts[0, 0]) * sample_rate + 1e-9)) + 1
            if count < 2:
                continue
            times = [lift - j / sample_rate for j in range(count - 1, -1, -1)]
            rows = [(t, 'moved', np.interp(t, pts[:, 0], pts[:, 1]), np.interp(t, pts[:, 0], pts[:, 2])) for t in times]
            rows[0] = (rows[0][0], 'began') + rows[0][2:]
            rows.append((lift + 1 / sample_rate, 'ended', pts[-1, 1], pts[-1, 2]))
            out.append(rows)
    return out

def peak_shares(strokes, sample_rate):
    """The iOS proxy's reading, along the stroke's displacement, over the finger's peak segment speed as
    recorded, for each reading of the strokes rescanned at sample_rate (Flutter's stroke 3 and Swordfish
    left out, as from the shapes; readings with fewer than four samples before lift-off too): the share of
    a flick's speed a rule on UIKit's velocity sees, so a rule of U pt/s needs a peak of U / share."""
    shares = []
    for name, k, stroke in strokes:
        if 'swordfish' in name or (name.startswith('flutter') and k == 3):
            continue
        pts = [(t, x, y) for t, p, x, y in stroke if p != 'ended']
        peak = max(math.hypot(b[1] - a[1], b[2] - a[2]) / (b[0] - a[0]) for a, b in zip(pts, pts[1:]) if b[0] > a[0])
        dx, dy = pts[-1][1] - pts[0][1], pts[-1][2] - pts[0][2]
        length = math.hypot(dx, dy)
        for scanned in resampled([stroke], sample_rate):
            before = [(t, x, y) for t, p, x, y in scanned if p != 'ended']
            if len(before) < MINIMUM_SAMPLES:
                continue
            v = ios(before, scanned[-1][0])
            shares.append((v[0] * dx + v[1] * dy) / length / peak)
    return np.array(shares)

# ---------------------------------------------------------------- per-stroke shapes (documentation)
def stroke_shape(stroke, window=0.1):
    pts = np.array([(t, x, y) for t, p, x, y in stroke if p != 'ended'])
    end = pts[-1, 0]
    pts = pts[end - pts[:, 0] <= window + 1e-9]
    def basis_at(times, r, tau, c):
        u = times - (end - r)
        rise = np.array([rise_distance_factor(tau) * r * progress(tau * ui / r) / progress(tau) if ui > 0 else 0.0
                         for ui in u])
        return c * u + (1 - c) * rise
    def sse(r, tau, c):
        a = np.vstack([np.ones(len(pts)), basis_at(pts[:, 0], r, tau, c)]).T
        coef = [np.linalg.lstsq(a, pts[:, j], rcond=None)[0] for j in (1, 2)]
        return sum(np.sum((a @ coef[j] - pts[:, j + 1]) ** 2) for j in (0, 1)), coef
    grid = [(sse(r, tau, c)[0], r, tau, c) for r in np.exp(np.linspace(math.log(0.015), math.log(0.4), 30))
            for tau in np.linspace(0.05, 1, 20) for c in np.linspace(0, 0.9, 10)]
    _, r0, tau0, c0 = min(grid)
    clamp = lambda z: (min(max(math.exp(z[0]), 0.01), 0.5), min(max(z[1], 0.05), 1.0), min(max(z[2], 0.0), 0.95))
    z = minimize(lambda z: sse(*clamp(z))[0], [math.log(r0), tau0, c0], method='Nelder-Mead',
                 options=dict(xatol=1e-6, fatol=1e-12, maxiter=3000)).x
    r, tau, c = clamp(z)
    residual, coef = sse(r, tau, c)
    def curve(t):
        """The fitted position at time t (before the window: the recording's own samples)."""
        b = basis_at(np.array([min(t, end)]), r, tau, c)[0]
        return coef[0][0] + coef[0][1] * b, coef[1][0] + coef[1][1] * b
    return dict(rise=r, tau=tau, carried=c, peak=math.hypot(coef[0][1], coef[1][1]),
                rms=math.sqrt(residual / len(pts) / 2), samples=len(pts), curve=curve, start=end - window)

def fitted_stroke(stroke, shape):
    """The recording with every sample in its last 100 ms moved onto its fitted curve."""
    return [(t, p, *shape['curve'](t)) if t >= shape['start'] - 1e-9 else (t, p, x, y) for t, p, x, y in stroke]

def show(name, values):
    print('%-31s' % name + '  '.join('%s %.3f' % (k, values[k]) for k in TOLERANCES)
          + '  (%d strokes, %d left out)' % (values['count'], values['left out']))

def main():
    parser = argument_parser(__doc__)
    parser.add_argument('--fixtures', default=os.path.join(ROOT, 'Tests/Fixtures/touch-recordings'))
    parser.add_argument('--trials', type=int, default=3, help='swipes per grid cell and seed')
    parser.add_argument('--quick', action='store_true', help='skip the per-stroke fits')
    parser.add_argument('--shapes', action='store_true', help='draw the per-stroke shapes directly (implies the fits)')
    parser.add_argument('--fit', action='store_true', help='fit the distribution, starting from the Swift constants')
    args = parser.parse_args()
    strokes = corpus(args.fixtures)
    recorded = [s for _, _, s in strokes]
    show('corpus as recorded', figures(recorded))
    targets = {r: figures(resampled(recorded, r)) for r in FIT_RATES}
    for r in FIT_RATES:
        show('corpus rescanned %d Hz' % r, targets[r])
    for r in FIT_RATES:
        shares = peak_shares(strokes, r)
        print('iOS proxy / peak speed, %d Hz: median %.3f, quartiles %.3f and %.3f (%d readings): a 300 pt/s '
              'rule needs a peak of %.0f pt/s for half of them' % (r, np.median(shares), np.percentile(shares, 25),
                                                                   np.percentile(shares, 75), len(shares),
                                                                   300 / np.median(shares)))
    if not args.quick or args.shapes:
        print('per-stroke release shapes (last 100 ms):')
        shapes = []
        for name, k, s in strokes:
            f = stroke_shape(s); shapes.append((name, k, f))
            print('  %-32s %2d  R %5.1f ms  tau %.2f  c %.2f  peak %7.0f  rms %.2f  n %d'
                  % (name, k, f['rise'] * 1000, f['tau'], f['carried'], f['peak'], f['rms'], f['samples']))
        rises = np.log([f['rise'] for _, _, f in shapes])
        print('  ln R mean %.3f sd %.3f (median R %.1f ms); tau mean %.3f sd %.3f; c median %.3f' % (
            rises.mean(), rises.std(ddof=1), 1000 * math.exp(np.median(rises)),
            np.mean([f['tau'] for _, _, f in shapes]), np.std([f['tau'] for _, _, f in shapes], ddof=1),
            np.median([f['carried'] for _, _, f in shapes])))
        # Flutter's stroke 3 (a drag slowing to a stop, at the 500 ms bound) and Swordfish (pixels of an
        # unknown density) are no fling shapes.
        kept = [f for name, k, f in shapes if not (name.startswith('flutter') and k == 3) and 'swordfish' not in name]
        slope, intercept = np.polyfit(np.log([f['peak'] for f in kept]), np.log([f['rise'] for f in kept]), 1)
        print('  ln R against ln V over %d strokes: slope %.2f, r %.2f' % (
            len(kept), slope, np.corrcoef(np.log([f['peak'] for f in kept]), np.log([f['rise'] for f in kept]))[0, 1]))
        curves = [fitted_stroke(s, f) for (_, _, s), (_, _, f) in zip(strokes, shapes)]
        show('fitted curves as recorded', figures(curves))
        for r in FIT_RATES:
            show('fitted curves rescanned %d Hz' % r, figures(resampled(curves, r)))
    c = CONSTANTS
    theta = (math.log(c['medianRiseTime']), c['riseTimeSpread'], c['meanReleasePoint'], c['releasePointSpread'],
             c['carriedSpeedCentre'], c['carriedSpeedSpread'])
    swipes = grid_swipes(model_draw(theta), RATES, args.trials)
    for r in RATES:
        show('synthetic %d Hz' % r, figures(swipes[r]))
    if args.shapes:
        def draw(rng):
            f = kept[rng.integers(len(kept))]
            return f['rise'], f['tau'], f['carried']
        for label, rise_only in (('shapes, on the grid', False), ('shapes, the rise alone', True)):
            drawn = grid_swipes(draw, FIT_RATES, args.trials, rise_only=rise_only)
            for r in FIT_RATES:
                show('%s %d Hz' % (label, r), figures(drawn[r]))
    if args.fit:
        theta, errors = fit_distribution(targets, args.trials, theta)
        print('fitted: medianRiseTime %.4f riseTimeSpread %.4f meanReleasePoint %.4f releasePointSpread %.4f '
              'carriedSpeedCentre %.4f carriedSpeedSpread %.4f; errors / tolerance (60 Hz, then 120 Hz) %s'
              % (math.exp(theta[0]), theta[1], theta[2], theta[3], theta[4], theta[5], np.round(errors, 2)))

if __name__ == '__main__':
    main()
