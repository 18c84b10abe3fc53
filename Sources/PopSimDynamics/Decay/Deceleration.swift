import PopSimPlatform

/// Exponential deceleration v(t) = v₀·D^t, the model of UIScrollView's `decelerationRate`, Flutter's
/// `FrictionSimulation` and pop's `POPDecayAnimation` (Documentation/springs-and-gsl.md §6).
///
/// UIScrollView gives the rate per millisecond r (.normal 0.998, .fast 0.99), so D = r^1000 per second
/// and, with κ = 1000·ln r < 0:
///
///     v(t) = v₀·e^(κt)        x(t) = x₀ + v₀·(e^(κt) − 1)/κ        x∞ = x₀ − v₀/κ
public struct Deceleration: Sendable, Hashable {
    /// r, the fraction of velocity kept per millisecond, in (0, 1).
    public let ratePerMillisecond: Double

    public init(ratePerMillisecond: Double) throws(DynamicsError) {
        try DynamicsError.require(
            ratePerMillisecond.isFinite && ratePerMillisecond > 0 && ratePerMillisecond < 1,
            .ratePerMillisecond, ratePerMillisecond, "in (0, 1)")
        self.ratePerMillisecond = ratePerMillisecond
    }

    /// Flutter `FrictionSimulation(drag: D)`: D is the fraction of velocity kept per second.
    public init(dragPerSecond: Double) throws(DynamicsError) {
        try DynamicsError.require(
            dragPerSecond.isFinite && dragPerSecond > 0 && dragPerSecond < 1,
            .dragPerSecond, dragPerSecond, "in (0, 1)")
        self.ratePerMillisecond = Double.pow(dragPerSecond, 0.001)
    }

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per ms.
    public static let normal = try! Deceleration(ratePerMillisecond: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per ms.
    public static let fast = try! Deceleration(ratePerMillisecond: 0.99)

    /// κ = 1000·ln r, the exponential rate per second (negative).
    public var rate: Double { 1000 * Double.log(ratePerMillisecond) }

    public func velocity(at time: Double, initialVelocity v0: Double) -> Double {
        v0 * Double.exp(rate * time)
    }

    public func position(at time: Double, from x0: Double, initialVelocity v0: Double) -> Double {
        x0 + v0 * Double.expMinusOne(rate * time) / rate
    }

    /// Where the motion ends, integrating the continuous model: x₀ − v₀/κ
    /// (.normal: 499.5 pt per 1000 pt/s).
    public func projectedEnd(from x0: Double, initialVelocity v0: Double) -> Double {
        x0 - v0 / rate
    }

    /// WWDC18-803's `project(initialVelocity:decelerationRate:)`, a geometric series over 1 ms steps:
    /// x₀ + (v₀/1000)·r/(1 − r) (.normal: 499 pt per 1000 pt/s; also pop's `decay_position`).
    public func projectedEndGeometric(from x0: Double, initialVelocity v0: Double) -> Double {
        x0 + (v0 / 1000) * ratePerMillisecond / (1 - ratePerMillisecond)
    }

    /// The time until the distance still to travel is `remainingDistance`:
    /// t = ln(−κ·ε/|v₀|)/κ (Lobanov, "Deceleration mechanics of UIScrollView"); 0 if already within it.
    public func timeUntilRemainingDistance(_ remainingDistance: Double, initialVelocity v0: Double)
        throws(DynamicsError) -> Double
    {
        try DynamicsError.requirePositive(remainingDistance, .remainingDistance)
        let t = Double.log(-rate * remainingDistance / abs(v0)) / rate
        return max(t, 0)
    }

    /// The time until the speed has dropped to `speed`: ln(speed/|v₀|)/κ; 0 if already slower.
    /// (.normal: 3.45 s from 1000 to 1 pt/s; .fast: 0.69 s.)
    public func timeUntilSpeed(_ speed: Double, initialVelocity v0: Double) throws(DynamicsError) -> Double {
        try DynamicsError.requirePositive(speed, .speed)
        return max(Double.log(speed / abs(v0)) / rate, 0)
    }
}
