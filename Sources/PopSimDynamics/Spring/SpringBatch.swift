/// Many springs with the same parameters and frame interval (a crowd of list cells, particles),
/// advanced together by one ``SpringPropagator``. Structure of arrays: displacements, velocities and
/// targets are separate contiguous buffers, so a frame step is one vectorised pass with no allocation.
public struct SpringBatch: Sendable {
    public let propagator: SpringPropagator
    /// x − target per spring.
    public private(set) var displacements: [Double]
    /// dx/dt per spring.
    public private(set) var velocities: [Double]
    /// The target per spring.
    public private(set) var targets: [Double]

    public init(propagator: SpringPropagator, positions: [Double], velocities: [Double], targets: [Double])
        throws(DynamicsError)
    {
        guard positions.count == velocities.count, positions.count == targets.count else {
            throw .invalidParameter(
                parameter: .count, value: Double(velocities.count),
                requirement:
                    "the same number of positions (\(positions.count)), velocities and targets (\(targets.count))")
        }
        self.propagator = propagator
        self.velocities = velocities
        self.targets = targets
        self.displacements = zip(positions, targets).map { $0 - $1 }
    }

    public var count: Int { displacements.count }

    /// Advances every spring by one frame interval.
    public mutating func advance() {
        let p = propagator
        displacements.withUnsafeMutableBufferPointer { xs in
            velocities.withUnsafeMutableBufferPointer { vs in
                p.advance(displacements: xs, velocities: vs)
            }
        }
    }

    public func position(_ index: Int) -> Double { targets[index] + displacements[index] }

    public func state(_ index: Int) -> SpringState {
        SpringState(displacement: displacements[index], velocity: velocities[index])
    }

    /// Moves spring `index`'s target, keeping its position and velocity (SwiftUI retargeting).
    public mutating func retarget(_ index: Int, to target: Double) {
        displacements[index] += targets[index] - target
        targets[index] = target
    }
}
