import PopSimDynamics

/// The springs and motions every Dynamics benchmark uses, so Swift and C references start from the
/// same numbers.
enum BenchSprings {
    /// SwiftUI's `.spring()` (response 0.55, damping fraction 0.825): the default spring of the
    /// platform, underdamped.
    static let underdamped = Spring.swiftUIDefault
    /// SwiftUI `.smooth` (bounce 0): critically damped.
    static let critical = Spring.smooth
    /// ζ = 2, overdamped (the cosh/sinh branch of the closed form).
    static let overdamped = try! Spring(response: 0.55, dampingRatio: 2)

    /// A release 120 pt from the target, flicked toward it at 800 pt/s.
    static let displacement = 120.0
    static let velocity = -800.0
    static let initial = SpringState(displacement: displacement, velocity: velocity)

    /// Frames after which an animation is restarted (1.67 s at 120 Hz: the springs above have settled by
    /// then), so long runs never decay into subnormal numbers and keep exercising real motion.
    static let episode = 200
    /// The frame interval of the micro benchmarks (120 Hz).
    static let frameInterval = 1.0 / 120

    /// GSL settings: the library's defaults (ODEIntegrator, `popsim spring`).
    static let tolerance = ODETolerance()
    static let limits = ODEStepLimits()
}

/// The reference and the Swift code computed different numbers, so timing them side by side would
/// compare different work.
struct ReferenceMismatch: Error, CustomStringConvertible {
    let what: String
    let swift: [Double]
    let c: [Double]

    var description: String {
        "the C reference does not compute the same \(what) as the Swift code (Swift \(swift), C \(c)); "
            + "fix the reference before timing it"
    }
}

/// A GSL solver failure inside a timed loop of the C reference.
struct GSLStatus: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "gsl_odeiv2_driver_apply returned \(code) (\(GSLRuntime.describe(status: code)))" }
}
