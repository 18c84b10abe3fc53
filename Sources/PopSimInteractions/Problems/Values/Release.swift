import PopSimGeometry
import PopSimParameters

/// The release a decision is asked about: the finger's translation since touch-down and its velocity
/// when it lifts, pt and pt/s, y down. Every family's problem holds one (``SimulatedProblem/release``):
/// the ideal decision takes it as given, a pipeline plays it as a gesture, and a simulation reads it
/// from its touch stream instead (``SimulatedProblem/releaseParameters``).
public struct Release: Sendable, Hashable {
    public var translation: Vector
    public var velocity: Vector

    public init(translation: Vector = .zero, velocity: Vector = .zero) {
        self.translation = translation
        self.velocity = velocity
    }
}

/// The release's parameters, declared once: every family composes them into its problem's list, said
/// in its own words (``Parameter/described(_:defaultText:isRequired:)``).
public enum ReleaseParameter {
    /// `--translation X,Y` (columns `translation_x`, `translation_y`).
    public static let translation = Parameter<Release>.numbers(
        "translation", [\.translation.dx, \.translation.dy], shape: .point(), [.coordinate],
        "the finger's translation at release, pt, y down", default: "0,0")

    /// `--velocity VX,VY` (columns `velocity_x`, `velocity_y`).
    public static let velocity = Parameter<Release>.numbers(
        "velocity", [\.velocity.dx, \.velocity.dy], shape: .point("VX", "VY"), [.velocity],
        "release velocity, pt/s, y down", default: "0,0")
}
