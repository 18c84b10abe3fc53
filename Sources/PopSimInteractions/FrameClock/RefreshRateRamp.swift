/// A display whose highest rate steps down while it runs, as iOS lowers a ProMotion display's rate under
/// power and thermal limits: from 120 Hz to 80 Hz to 60 Hz by default (``thermalThrottling``).
///
/// Apple documents that "Low Power Mode, critical thermal state, and accessibility settings can affect
/// the system's frame rate" and that the system "typically provides a consistent frame rate by choosing
/// one that's a factor of the display's maximum refresh rate" (`CADisplayLink.preferredFrameRateRange`),
/// and that ProMotion iPhones switch between 10 and 120 Hz ("Optimizing iPhone and iPad apps to support
/// ProMotion displays"). It does not document which rates are taken or when, so both are parameters:
/// each step says from when the display draws at which rate.
///
/// A step takes effect at the first vsync of the old grid at or after its start (a display changes rate
/// between frames); from there frames lie every 1/hertz s. On a ProMotion ``FrameRate`` the steps replace
/// its active rate, and it still idles at its idle rate (the idle stride is counted on the current grid).
public struct RefreshRateRamp: Sendable, Hashable {
    /// From `start` (s, on the touch stream's clock) the display draws at `hertz`.
    public struct Step: Sendable, Hashable {
        public var start: Double
        public var hertz: Double

        public init(start: Double, hertz: Double) {
            self.start = start
            self.hertz = hertz
        }
    }

    /// In order of `start`, each later than the one before.
    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// 80 Hz from 0.5 s, 60 Hz from 1 s: the rates of a ProMotion display throttled from 120 Hz, at
    /// times a PopSim choice (Apple publishes none) so that a release half a second into a run meets the
    /// first step and its settling the second.
    public static let thermalThrottling = RefreshRateRamp(steps: [
        Step(start: 0.5, hertz: 80),
        Step(start: 1, hertz: 60),
    ])

    /// More steps than this is a schedule typed wrong, not a display.
    public static let maximumSteps = 10_000

    /// Throws the first step out of range: starts finite, ≥ 0 and increasing, rates finite and > 0.
    public func validate() throws(InteractionError) {
        guard steps.count <= Self.maximumSteps else {
            throw .invalidParameter(
                .invalidParameter(
                    parameter: "steps", value: Double(steps.count),
                    requirement: "at most \(Self.maximumSteps) rate steps"))
        }
        var previous = -Double.infinity
        for (index, step) in steps.enumerated() {
            guard step.start.isFinite, step.start >= 0, step.start > previous else {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "steps[\(index)].start", value: step.start,
                        requirement: "a finite time ≥ 0, later than the step before"))
            }
            guard step.hertz.isFinite, step.hertz > 0 else {
                throw .invalidParameter(
                    .invalidParameter(
                        parameter: "steps[\(index)].hertz", value: step.hertz,
                        requirement: "a finite rate > 0"))
            }
            previous = step.start
        }
    }

    /// The highest rate the display reaches, starting at `initial` Hz.
    func highestRate(startingAt initial: Double) -> Double {
        steps.reduce(initial) { max($0, $1.hertz) }
    }
}
