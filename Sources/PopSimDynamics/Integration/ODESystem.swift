/// A first-order system y′ = f(t, y) of any dimension, to be integrated by ``ODEIntegrator``.
///
/// The functions receive GSL's buffers directly (no copies, no allocation): implementations must
/// not allocate either, because they run several times per frame. Return `false` to report a failure
/// (GSL_EBADFUNC), e.g. a state outside the model's domain.
public protocol ODESystem {
    /// n, the number of state components.
    var dimension: Int { get }

    /// Writes f(t, y) into `rates`.
    func derivatives(
        at time: Double, state: UnsafeBufferPointer<Double>,
        into rates: UnsafeMutableBufferPointer<Double>
    ) -> Bool

    /// Whether ``jacobian(at:state:into:timeDerivatives:)`` is implemented. The implicit steppers
    /// (rk1imp, rk2imp, rk4imp, bsimp, msbdf) require it.
    var providesJacobian: Bool { get }

    /// Writes ∂f/∂y row-major (`matrix[i·n + j]` = ∂fᵢ/∂yⱼ) and ∂f/∂t.
    func jacobian(
        at time: Double, state: UnsafeBufferPointer<Double>,
        into matrix: UnsafeMutableBufferPointer<Double>,
        timeDerivatives: UnsafeMutableBufferPointer<Double>
    ) -> Bool
}

extension ODESystem {
    public var providesJacobian: Bool { false }

    public func jacobian(
        at time: Double, state: UnsafeBufferPointer<Double>,
        into matrix: UnsafeMutableBufferPointer<Double>,
        timeDerivatives: UnsafeMutableBufferPointer<Double>
    ) -> Bool { false }
}
