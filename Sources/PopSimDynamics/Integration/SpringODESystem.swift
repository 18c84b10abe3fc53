/// The spring m·x″ + c·x′ + k·x = 0 as a first-order system, for one axis or several independent
/// axes sharing the spring (a 2-D spring is `axes: 2`). State layout: (x₀, v₀, x₁, v₁, …), x being
/// the displacement from the target. The Jacobian is exact, so every implicit stepper can run it.
public struct SpringODESystem: ODESystem, Sendable {
    /// Changing it (e.g. in ``ODEIntegrator/updateSystem(_:)``) updates the rates the right-hand side uses.
    public var spring: Spring {
        didSet {
            stiffnessPerMass = spring.stiffness / spring.mass
            dampingPerMass = spring.damping / spring.mass
        }
    }
    public let axes: Int
    @usableFromInline private(set) var stiffnessPerMass: Double
    @usableFromInline private(set) var dampingPerMass: Double

    public init(spring: Spring, axes: Int = 1) throws(DynamicsError) {
        try DynamicsError.require(axes >= 1, .axes, Double(axes), "at least 1")
        self.spring = spring
        self.axes = axes
        stiffnessPerMass = spring.stiffness / spring.mass
        dampingPerMass = spring.damping / spring.mass
    }

    @inlinable
    public var dimension: Int { 2 * axes }

    /// Inlinable, so that ``ODEIntegrator``'s callback, specialised in the caller's module, contains it
    /// (one call per right-hand side, as a C callback).
    @inlinable
    public func derivatives(
        at time: Double, state y: UnsafeBufferPointer<Double>,
        into f: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        for axis in 0..<axes {
            let x = y[2 * axis]
            let v = y[2 * axis + 1]
            f[2 * axis] = v
            f[2 * axis + 1] = -stiffnessPerMass * x - dampingPerMass * v
        }
        return true
    }

    public var providesJacobian: Bool { true }

    @inlinable
    public func jacobian(
        at time: Double, state: UnsafeBufferPointer<Double>,
        into matrix: UnsafeMutableBufferPointer<Double>,
        timeDerivatives: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        let n = dimension
        for i in 0..<(n * n) { matrix[i] = 0 }
        for axis in 0..<axes {
            let row = 2 * axis
            matrix[row * n + row + 1] = 1
            matrix[(row + 1) * n + row] = -stiffnessPerMass
            matrix[(row + 1) * n + row + 1] = -dampingPerMass
            timeDerivatives[row] = 0
            timeDerivatives[row + 1] = 0
        }
        return true
    }
}
