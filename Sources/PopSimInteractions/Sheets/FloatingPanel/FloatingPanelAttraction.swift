import PopSimGestures

/// FloatingPanel's release animation, `NumericSpringAnimator` (scenee/FloatingPanel@7efcc76
/// Sources/Core.swift:1365-1489): a damped spring integrated by the library itself, one step per
/// `CADisplayLink` callback, not a Core Animation spring.
///
/// - Constants (l.1412-1415): frequency f = 1/`springResponseTime` (2.5 Hz by default), ω = 2πf;
///   ζ = ln(`springDecelerationRate`)/(−2π·f·0.001) when the release speed |v| is strictly greater than
///   300 pt/s (0.5756 for the default 0.991), else ζ = 1.
/// - Step (l.1481-1488), with h the display link's *nominal* frame duration
///   (`targetTimestamp − timestamp`, l.1463), not the time since the previous callback: a dropped frame
///   does not make the next step longer, so the animation runs slower in wall time:
///   f' = 1 + 2hζω, det = f' + h²ω², x₁ = (f'·x₀ + h·v₀ + h²ω²·x_t)/det, then
///   v₁ = (v₀ + hω²(x_t − x₁))/det. The position update is implicit Euler's; the velocity update uses
///   the *new* position, so the pair is not textbook implicit Euler.
/// - Stop (l.1466-1469): after a step with |x_t − x₁| ≤ 1/scale and |x₀ − x₁|/(1/scale) ≤ 1 (within a
///   pixel of the target and moved at most a pixel); the completion lays the panel out at the state's
///   exact position in the same frame (`updateLayout(to:)`, l.972-981).
///
/// The library integrates the attraction constraint's constant, which is the edge position plus a
/// fixed offset (Sources/Layout.swift:544-657); PopSim integrates the edge position itself, the same
/// numbers up to the rounding of that offset.
public struct FloatingPanelAttraction: Sendable, Hashable {
    /// The speed above which the spring is underdamped, pt/s (strict, l.1414).
    public static let underdampedSpeedThreshold = 300.0
    /// The time unit the deceleration rate refers to: one millisecond (l.1413).
    public static let decelerationInterval = 0.001

    /// x_t, the target state's position.
    public let target: Double
    /// Pixels per point: the stop tolerance is 1/scale.
    public let displayScale: Double
    /// ζ.
    public let dampingRatio: Double
    /// ω, rad/s.
    public let angularFrequency: Double
    /// The panel's position: x after the last step, or the target exactly once stopped.
    public private(set) var value: Double
    /// x after the last step as integrated (before the completion puts the panel on the target).
    public private(set) var integratedValue: Double
    /// v after the last step, pt/s.
    public private(set) var velocity: Double
    /// Steps taken.
    public private(set) var steps = 0
    /// Whether the stop condition held after the last step.
    public private(set) var isFinished = false

    /// Starts at `value` moving at `velocity` (the pan's release velocity, pt/s) toward `target`.
    public init(
        value: Double, velocity: Double, target: Double, displayScale: Double,
        decelerationRate: Double = FloatingPanelBehavior.default.springDecelerationRate,
        responseTime: Double = FloatingPanelBehavior.default.springResponseTime
    ) {
        self.value = value
        integratedValue = value
        self.velocity = velocity
        self.target = target
        self.displayScale = displayScale
        let frequency = 1 / responseTime
        dampingRatio =
            abs(velocity) > Self.underdampedSpeedThreshold
            ? DeterministicMath.log(decelerationRate) / (-2.0 * .pi * frequency * Self.decelerationInterval)
            : 1.0
        angularFrequency = 2.0 * .pi * frequency
    }

    /// One display-link callback with nominal frame duration `h`; returns whether the animation stopped
    /// (then ``value`` is the target exactly, as the completion's layout leaves it).
    @discardableResult
    public mutating func step(interval h: Double) -> Bool {
        guard !isFinished else { return true }
        let previous = value
        let omegaSquared = angularFrequency * angularFrequency
        let stepSquared = h * h
        let f = 1.0 + 2.0 * h * dampingRatio * angularFrequency
        let determinant = f + stepSquared * omegaSquared
        let x = (f * previous + h * velocity + stepSquared * omegaSquared * target) / determinant
        velocity = (velocity + h * omegaSquared * (target - x)) / determinant
        value = x
        integratedValue = x
        steps += 1
        let pixel = 1 / displayScale
        if abs(target - x) <= pixel, abs(previous - x) / pixel <= 1 {
            isFinished = true
            value = target
        }
        return isFinished
    }
}
