/// Polynomial least squares by Gram–Schmidt QR, operation for operation as Flutter's
/// `LeastSquaresSolver.solve` (flutter/flutter `packages/flutter/lib/src/gestures/lsq_solver.dart`,
/// itself a port of Android's `solveLeastSquares` in `libs/input/VelocityTracker.cpp`), with every weight
/// 1 as `VelocityTracker` uses it. Same sums in the same order, so the doubles match Flutter's bit for bit.
///
/// Works in caller-provided and stack memory (`withUnsafeTemporaryAllocation`): no heap allocation.
enum LeastSquaresSolver {
    /// Flutter's `precisionErrorTolerance` (foundation/constants.dart): below this norm the basis is
    /// degenerate and there is no fit.
    static let precisionErrorTolerance = 1e-10

    /// Fits y ≈ b₀ + b₁t + … + b_d·t^d to both `x` and `y` against `time` and returns (b₁ of x, b₁ of y),
    /// or nil when there are fewer points than `degree` or the basis is degenerate (Flutter returns a null
    /// fit). One QR decomposition serves both axes: it does not depend on the values, so the result is
    /// what Flutter's two separate solves give.
    static func linearCoefficients(
        time: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>,
        y: UnsafeBufferPointer<Double>, degree: Int
    ) -> (Double, Double)? {
        let m = time.count
        guard degree <= m else { return nil }
        let n = degree + 1
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n + n) {
            buffer -> (Double, Double)? in
            let base = buffer.baseAddress!
            let a = base  // a[i*m + h] = t_h^i (weights 1)
            let q = base + n * m  // orthonormal basis, row j = q[j*m ..< (j+1)*m]
            let r = base + 2 * n * m  // upper triangular, r[j*n + i]
            let b = base + 2 * n * m + n * n  // coefficients

            for h in 0..<m {
                a[h] = 1.0
                for i in 1..<n { a[i * m + h] = a[(i - 1) * m + h] * time[h] }
            }
            for j in 0..<n {
                for h in 0..<m { q[j * m + h] = a[j * m + h] }
                for i in 0..<j {
                    let dot = Self.dot(q + j * m, q + i * m, m)
                    for h in 0..<m { q[j * m + h] = q[j * m + h] - dot * q[i * m + h] }
                }
                let norm = Self.dot(q + j * m, q + j * m, m).squareRoot()
                if norm < precisionErrorTolerance { return nil }
                let inverseNorm = 1.0 / norm
                for h in 0..<m { q[j * m + h] = q[j * m + h] * inverseNorm }
                for i in 0..<n { r[j * n + i] = i < j ? 0.0 : Self.dot(q + j * m, a + i * m, m) }
            }

            func solve(_ values: UnsafeBufferPointer<Double>) -> Double {
                // Flutter multiplies by the weights first (wy[h] = y[h] * w[h] = y[h] * 1.0, exact).
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var coefficient = 0.0
                    for h in 0..<m { coefficient += q[i * m + h] * values[h] }
                    for j in stride(from: n - 1, to: i, by: -1) { coefficient -= r[i * n + j] * b[j] }
                    coefficient /= r[i * n + i]
                    b[i] = coefficient
                }
                return b[1]
            }
            let xSlope = solve(x)
            let ySlope = solve(y)
            return (xSlope, ySlope)
        }
    }

    @inline(__always)
    private static func dot(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, _ count: Int)
        -> Double
    {
        var result = 0.0
        for h in 0..<count { result += u[h] * v[h] }
        return result
    }
}
