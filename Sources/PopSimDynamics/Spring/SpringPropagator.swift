/// The exact one-frame transition of a spring for a fixed frame interval h.
///
/// The spring's state (x, v) obeys the linear system d/dt(x, v) = A·(x, v) with A = [[0, 1], [−k/m, −c/m]],
/// so over an interval h it is multiplied by the matrix exponential Φ = e^(Ah):
///
///     Φ = e^(−λh)·[[C + λS, S], [−ω₀²S, C − λS]]     (C, S as in ``SpringCoefficients``, at t = h)
///
/// Φ is computed once from the closed form; every frame then costs four multiply-adds and no
/// transcendental function, and is exact up to rounding (no truncation error, unlike RK stepping).
/// The frame clock uses it whenever the frame interval is constant.
public struct SpringPropagator: Sendable, Hashable {
    public let spring: Spring
    /// h, in seconds.
    public let interval: Double
    // Φ, row-major.
    @usableFromInline let xx: Double
    @usableFromInline let xv: Double
    @usableFromInline let vx: Double
    @usableFromInline let vv: Double

    public init(spring: Spring, interval: Double) throws(DynamicsError) {
        try DynamicsError.requirePositive(interval, .interval)
        let k = spring.coefficients
        let (c, s) = k.dampedBasis(at: interval)
        self.spring = spring
        self.interval = interval
        xx = c + k.lambda * s
        xv = s
        vx = -k.omega0Squared * s
        vv = c - k.lambda * s
    }

    /// The transition matrix Φ = e^(Ah) as ((Φ₁₁, Φ₁₂), (Φ₂₁, Φ₂₂)).
    public var transitionMatrix: ((Double, Double), (Double, Double)) { ((xx, xv), (vx, vv)) }

    /// The state one interval later.
    @inlinable
    public func advanced(_ state: SpringState) -> SpringState {
        SpringState(
            displacement: xx * state.displacement + xv * state.velocity,
            velocity: vx * state.displacement + vv * state.velocity)
    }

    @inlinable
    public func advance(_ state: inout SpringState) {
        state = advanced(state)
    }

    /// Advances many springs that share this spring and interval, stored as a structure of arrays.
    /// The loop has no dependencies between elements, so the compiler vectorises it.
    @inlinable
    public func advance(
        displacements: UnsafeMutableBufferPointer<Double>,
        velocities: UnsafeMutableBufferPointer<Double>
    ) {
        precondition(displacements.count == velocities.count, "displacements and velocities differ in length")
        guard let xs = displacements.baseAddress, let vs = velocities.baseAddress else { return }
        let a = xx
        let b = xv
        let c = vx
        let d = vv
        for i in 0..<displacements.count {
            let x = xs[i]
            let v = vs[i]
            xs[i] = a * x + b * v
            vs[i] = c * x + d * v
        }
    }
}
