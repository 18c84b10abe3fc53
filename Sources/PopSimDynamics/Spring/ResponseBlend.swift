/// SwiftUI's `blendDuration`: when a spring animation replaces a running spring animation of another
/// response on the same property, the new spring's response is blended from the old one to its own
/// over `blendDuration` seconds, with a smoothstep, keeping the new damping fraction
/// (`FluidSpringAnimation`, OpenSwiftUI `OpenSwiftUICore/Animation/Animation/FluidSpringAnimation.swift`,
/// "audited for 6.5.4": r(t) = r_new + (r_old − r_new)·(1 − s(p)), s(p) = p²(3 − 2p),
/// p = (t − t_merge)/blendDuration; k = (2π/r)², c = 2ζ√k, unit mass). Apple documents only that the
/// response values "blend over a time period".
///
/// p is clamped to [0, 1] so the response ends at r_new. (OpenSwiftUI's line clamps the duration rather
/// than p, by operator precedence; with the blend durations libraries use, 1 s and below, the two
/// agree until the blend ends.)
public struct ResponseBlend: Sendable, Hashable {
    /// The running spring's response when the new one took over, s.
    public let fromResponse: Double
    /// The new spring's response, s.
    public let toResponse: Double
    /// The new spring's damping fraction ζ.
    public let dampingRatio: Double
    /// The new animation's `blendDuration`, s.
    public let duration: Double
    /// When the new spring took over, s.
    public let start: Double

    public init(fromResponse: Double, toResponse: Double, dampingRatio: Double, duration: Double, start: Double)
        throws(DynamicsError)
    {
        try DynamicsError.requirePositive(fromResponse, .fromResponse)
        try DynamicsError.requirePositive(toResponse, .toResponse)
        try DynamicsError.requireNonNegative(dampingRatio, .dampingRatio)
        try DynamicsError.requirePositive(duration, .blendDuration)
        try DynamicsError.requireFinite(start, .start)
        self.fromResponse = fromResponse
        self.toResponse = toResponse
        self.dampingRatio = dampingRatio
        self.duration = duration
        self.start = start
    }

    /// The response at `time`.
    @inlinable
    public func response(at time: Double) -> Double {
        let p = min(max((time - start) / duration, 0), 1)
        return toResponse + (fromResponse - toResponse) * (1 - p * p * (3 - 2 * p))
    }

    /// k = (2π/r)² at `time`.
    @inlinable
    public func stiffness(at time: Double) -> Double {
        let omega = 2 * Double.pi / response(at: time)
        return omega * omega
    }

    /// c = 2ζ√k at `time`.
    @inlinable
    public func damping(at time: Double) -> Double { 2 * dampingRatio * stiffness(at: time).squareRoot() }

    /// When the response has reached the new spring's.
    public var end: Double { start + duration }
}
