/// A unit-mass spring whose response blends over time (``ResponseBlend``): x″ = −k(t)·x − c(t)·x′, x the
/// displacement from the target. State layout (x, v). The Jacobian ∂f/∂y is exact and ∂f/∂t comes from a
/// central difference of k(t), so every implicit stepper can run it.
public struct BlendedSpringODESystem: ODESystem, Sendable {
    public let blend: ResponseBlend

    public init(blend: ResponseBlend) {
        self.blend = blend
    }

    public var dimension: Int { 2 }

    @inlinable
    public func derivatives(
        at time: Double, state y: UnsafeBufferPointer<Double>,
        into f: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        let k = blend.stiffness(at: time)
        let c = 2 * blend.dampingRatio * k.squareRoot()
        f[0] = y[1]
        f[1] = -k * y[0] - c * y[1]
        return true
    }

    public var providesJacobian: Bool { true }

    public func jacobian(
        at time: Double, state y: UnsafeBufferPointer<Double>,
        into matrix: UnsafeMutableBufferPointer<Double>,
        timeDerivatives: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        let k = blend.stiffness(at: time)
        let c = 2 * blend.dampingRatio * k.squareRoot()
        matrix[0] = 0
        matrix[1] = 1
        matrix[2] = -k
        matrix[3] = -c
        // dk/dt by a central difference of the closed-form k(t) (smooth inside the blend, 0 outside).
        let h = 1e-6 * max(1, blend.duration)
        let dk = (blend.stiffness(at: time + h) - blend.stiffness(at: time - h)) / (2 * h)
        let dc = k > 0 ? blend.dampingRatio * dk / k.squareRoot() : 0
        timeDerivatives[0] = 0
        timeDerivatives[1] = -dk * y[0] - dc * y[1]
        return true
    }
}
