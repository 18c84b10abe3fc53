import PopSimPlatform

/// What a UIScrollView's content offset does along one axis after the finger lifts. Apple publishes only
/// the deceleration rate; the rest is the community's reconstruction as super-ultra/ScrollMechanics
/// writes it (`completeGesture(withVelocity:)`, `startDeceleration`, `bounce`,
/// super-ultra/ScrollMechanics@587660a ScrollExample/Sources/SimpleScrollView.swift:118-175, with
/// ScrollMechanics/Sources/DecelerationTimingParameters.swift:20-50 and
/// ScrollMechanics/Sources/SpringTimingParameters.swift:146-175):
///
/// - Released inside [minimum, maximum]: the offset decelerates, v(t) = v₀·r^(1000t) with r the rate per
///   millisecond (`UIScrollView.DecelerationRate.normal` 0.998, ``Deceleration``), until the distance
///   still to travel is ``Parameters/restDistance`` (0.5 pt), t = ln(−κ·ε/|v₀|)/κ, κ = 1000·ln r; it
///   stays where it is then.
/// - If the deceleration's path leaves the range, it stops where it crosses the edge and a bounce
///   starts there with the velocity it has; a release beyond an edge (the content rubber-banded) bounces
///   at once with the release velocity. Without bounces the offset stops at the edge.
/// - The bounce is a critically damped spring (mass 1, stiffness 100) back to the edge,
///   x(t) = e^(−βt)·(x₀ + (v₀ + βx₀)·t), β = 10 /s, which ends on the edge exactly after
///   max(ln(2|c₁|/ε)/β, (2/β)·ln(4|c₂|/(e·β·ε))), c₁ = x₀, c₂ = v₀ + βx₀,
///   ε = ``Parameters/bounceRestDistance``
///   (ScrollMechanics: half a pixel).
///
/// Velocities are the offset's (pt/s, positive when the offset grows): minus the finger's velocity
/// along the axis.
public struct ScrollViewRelease: Sendable, Hashable {
    /// The numbers the reconstruction fixes, each a parameter because Apple publishes only the rate.
    public struct Parameters: Sendable, Hashable {
        /// r per millisecond (0.998 = `.normal`).
        public var decelerationRate: Double
        /// The bounce spring's stiffness with mass 1 (ScrollMechanics: 100; critically damped).
        public var bounceStiffness: Double
        /// The deceleration ends when this much distance is left, pt.
        public var restDistance: Double
        /// The bounce ends within this distance of the edge, pt (ScrollMechanics: 0.5 pt / display scale).
        public var bounceRestDistance: Double
        /// `UIScrollView.bounces`: whether the offset may pass an edge and spring back.
        public var bounces: Bool

        public init(
            decelerationRate: Double = Deceleration.normal.ratePerMillisecond, bounceStiffness: Double = 100,
            restDistance: Double = 0.5, bounceRestDistance: Double = 0.5 / 3, bounces: Bool = true
        ) {
            self.decelerationRate = decelerationRate
            self.bounceStiffness = bounceStiffness
            self.restDistance = restDistance
            self.bounceRestDistance = bounceRestDistance
            self.bounces = bounces
        }

        /// Throws unless every number is positive and finite and the rate lies in (0, 1).
        public func validate() throws(DynamicsError) {
            _ = try Deceleration(ratePerMillisecond: decelerationRate)
            try DynamicsError.require(
                bounceStiffness.isFinite && bounceStiffness > 0 && bounceStiffness <= 1e6,
                .bounceStiffness, bounceStiffness, "a positive finite number ≤ 1e6")
            try DynamicsError.require(
                restDistance.isFinite && restDistance > 0, .restDistance, restDistance,
                "a positive finite number of points")
            try DynamicsError.require(
                bounceRestDistance.isFinite && bounceRestDistance > 0, .bounceRestDistance,
                bounceRestDistance, "a positive finite number of points")
        }
    }

    enum Phase: Hashable {
        /// Decelerating since `start` from x₀ at v₀, until `end`; at `end` it is on `edge` when the
        /// path crosses one (then a bounce follows), else at rest.
        case decelerating(start: Double, x0: Double, v0: Double, end: Double, edge: Double?)
        /// Springing back to `edge` since `start` from displacement x₀ at v₀, until `end`.
        case bouncing(start: Double, edge: Double, x0: Double, v0: Double, end: Double)
        case resting
    }

    public let minimum: Double
    public let maximum: Double
    public let parameters: Parameters
    var phase: Phase
    /// The offset at the last time advanced to.
    public private(set) var offset: Double
    /// The offset's velocity at the last time advanced to, pt/s.
    public private(set) var velocity: Double

    /// The motion of an offset let go at `offset` with `velocity` at time `start`, in [minimum, maximum].
    public init(
        offset: Double, velocity: Double, minimum: Double, maximum: Double, at start: Double,
        parameters: Parameters = Parameters()
    ) {
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.parameters = parameters
        self.offset = offset
        self.velocity = velocity
        phase = .resting
        if offset < minimum || offset > self.maximum {
            phase = parameters.bounces ? bounce(from: offset, velocity: velocity, at: start) : .resting
            if !parameters.bounces { self.offset = min(max(offset, minimum), self.maximum) }
        } else {
            phase = decelerate(from: offset, velocity: velocity, at: start)
        }
    }

    /// Whether the offset has come to rest.
    public var isFinished: Bool { phase == .resting }

    /// Whether the offset is decelerating (the bounce included: UIKit's `isDecelerating` stays true
    /// through it).
    public var isDecelerating: Bool { !isFinished }

    /// κ = 1000·ln r.
    var kappa: Double { 1000 * Double.log(parameters.decelerationRate) }

    func decelerate(from x0: Double, velocity v0: Double, at start: Double) -> Phase {
        let kappa = kappa
        let speed = abs(v0)
        let stopDistance = parameters.restDistance
        guard speed > -kappa * stopDistance else { return .resting }
        let duration = Double.log(-kappa * stopDistance / speed) / kappa
        // Where the path would come to rest; an edge it crosses ends the deceleration there.
        let destination = x0 - v0 / kappa
        let edge: Double? = destination < minimum ? minimum : destination > maximum ? maximum : nil
        guard let edge else { return .decelerating(start: start, x0: x0, v0: v0, end: start + duration, edge: nil) }
        let argument = 1 + kappa * (edge - x0) / v0
        let crossing = argument > 0 ? Double.log(argument) / kappa : duration
        return .decelerating(start: start, x0: x0, v0: v0, end: start + min(max(crossing, 0), duration), edge: edge)
    }

    func bounce(from x: Double, velocity v0: Double, at start: Double) -> Phase {
        let edge = min(max(x, minimum), maximum)
        let x0 = x - edge
        let beta = parameters.bounceStiffness.squareRoot()
        let c1 = abs(x0)
        let c2 = abs(v0 + beta * x0)
        let epsilon = parameters.bounceRestDistance
        guard c1 > 0 || c2 > 0 else { return .resting }
        let t1 = c1 > 0 ? Double.log(2 * c1 / epsilon) / beta : 0
        let t2 = c2 > 0 ? 2 / beta * Double.log(4 * c2 / (Double.exp(1.0) * beta * epsilon)) : 0
        return .bouncing(start: start, edge: edge, x0: x0, v0: v0, end: start + max(t1, t2, 0))
    }

    /// Moves the motion to `time` (≥ the last time) and returns the offset.
    @discardableResult
    public mutating func advance(to time: Double) -> Double {
        // A deceleration that reaches an edge hands over to the bounce within the same call.
        for _ in 0..<3 {
            switch phase {
            case .resting:
                velocity = 0
                return offset
            case let .decelerating(start, x0, v0, end, edge):
                let kappa = kappa
                let t = min(time, end) - start
                let decay = Double.exp(kappa * t)
                offset = x0 + v0 * (decay - 1) / kappa
                velocity = v0 * decay
                guard time >= end else { return offset }
                if let edge {
                    offset = edge
                    phase = parameters.bounces ? bounce(from: edge, velocity: velocity, at: end) : .resting
                    if !parameters.bounces { velocity = 0 }
                } else {
                    phase = .resting
                    velocity = 0
                }
            case let .bouncing(start, edge, x0, v0, end):
                guard time < end else {
                    offset = edge
                    velocity = 0
                    phase = .resting
                    return offset
                }
                let beta = parameters.bounceStiffness.squareRoot()
                let t = time - start
                let decay = Double.exp(-beta * t)
                let c2 = v0 + beta * x0
                offset = edge + decay * (x0 + c2 * t)
                velocity = decay * (c2 - beta * (x0 + c2 * t))
                return offset
            }
        }
        return offset
    }
}
