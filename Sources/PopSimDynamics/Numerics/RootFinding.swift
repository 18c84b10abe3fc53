/// Safeguarded Newton iteration on a bracket: Newton steps where they stay inside the bracket and
/// shrink it fast enough, bisection otherwise (the classic `rtsafe`). It converges for any continuous
/// function that changes sign on the bracket, and quadratically near a simple root, so the results
/// are exact to the last few units in the last place, not "good enough after 12 iterations".
///
/// - Parameters:
///   - lower, upper: a bracket with `f(lower)` and `f(upper)` of opposite signs (or one of them zero).
///   - f: the function and its derivative at a point.
/// - Returns: the root, or `nil` when the bracket does not bracket a sign change.
func findRoot(
    between lower: Double, and upper: Double,
    _ f: (Double) -> (value: Double, derivative: Double)
) -> Double? {
    var lo = lower
    var hi = upper
    let fLo = f(lo).value
    let fHi = f(hi).value
    if fLo == 0 { return lo }
    if fHi == 0 { return hi }
    guard fLo.sign != fHi.sign, fLo.isFinite, fHi.isFinite else { return nil }
    // Orient so that f(lo) < 0 < f(hi).
    if fLo > 0 { swap(&lo, &hi) }
    var x = 0.5 * (lo + hi)
    var previousStep = abs(hi - lo)
    var step = previousStep
    for _ in 0..<200 {
        let (fx, dfx) = f(x)
        if fx == 0 { return x }
        if fx < 0 { lo = x } else { hi = x }
        let newton = x - fx / dfx
        let newtonInside = dfx != 0 && dfx.isFinite && (newton - lo) * (newton - hi) < 0
        if newtonInside && abs(2 * fx) < abs(previousStep * dfx) {
            previousStep = step
            step = newton - x
            if x == newton { return x }
            x = newton
        } else {
            previousStep = step
            step = 0.5 * (hi - lo)
            let mid = lo + step
            if mid == x || mid == lo || mid == hi { return x }
            x = mid
        }
        // Stop when the bracket is down to adjacent doubles.
        if abs(hi - lo) <= 2 * max(abs(x), Double.leastNormalMagnitude).ulp { return x }
    }
    return x
}
