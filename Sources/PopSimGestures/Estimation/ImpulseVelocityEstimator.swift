import PopSimGeometry

/// Android's impulse ("kinetic energy") strategy (AOSP `frameworks/native/libs/input/VelocityTracker.cpp`,
/// `ImpulseVelocityTrackerStrategy`; Documentation/gestures.md §5).
///
/// The screen is a mass pushed by the finger: going from the oldest sample to the newest, each segment
/// of velocity vᵢ = Δxᵢ/Δtᵢ does work W += (vᵢ − v(W))·|vᵢ|, with v(W) = sign(W)·√(2|W|); the oldest
/// segment's work is halved (the screen was already moving); the result is sign(W)·√2·√|W|. Per axis.
///
/// History, as Android keeps it: time in whole nanoseconds (`nsecs_t`); at most 20 samples; a sample
/// with the newest sample's timestamp replaces it; samples older than 100 ms before the newest are
/// dropped (the boundary is kept: Android removes only ages `> HORIZON`); a gap of more than 40 ms since
/// the previous sample clears the history before the new sample is added (`ASSUME_POINTER_STOPPED_TIME`),
/// and so does a query more than 40 ms after the newest sample (Android clears on `ACTION_UP`).
///
/// Android computes in 32-bit floats; PopSim computes the same expressions in doubles, so results agree
/// with Android's to float precision (≈ 10⁻⁶ relative), and exactly with the mathematics (a constant
/// velocity is reproduced to double precision). A pair with Δt ≤ 0 (time going backwards) is skipped.
public struct ImpulseVelocityEstimator: VelocityEstimator {
    /// Android `VelocityTracker::HORIZON`.
    public var horizonNanoseconds: Int64 = 100_000_000
    /// Android `ASSUME_POINTER_STOPPED_TIME`.
    public var assumePointerStoppedNanoseconds: Int64 = 40_000_000

    private var ring = SampleRing()

    public init() {}

    public mutating func addSample(time: Double, location: Point) {
        guard let nanoseconds = PlatformClock.nanoseconds(time), location.x.isFinite, location.y.isFinite else {
            return
        }
        let entry = SampleRing.Entry(time: nanoseconds, location: location)
        if let newest = ring.newest() {
            if nanoseconds - newest.time > assumePointerStoppedNanoseconds {
                ring.removeAll()
            } else if newest.time == nanoseconds {
                ring.replaceNewest(with: entry)
                return
            }
        }
        ring.append(entry)
        // Android keeps a movement while `eventTime - movement.eventTime <= horizon`.
        ring.removeEntries(before: nanoseconds - horizonNanoseconds)
    }

    public mutating func reset() {
        ring.removeAll()
    }

    public func velocity(at time: Double) -> Vector {
        guard !ring.isEmpty else { return .zero }
        if let now = PlatformClock.nanoseconds(time), now - ring[fromNewest: 0].time > assumePointerStoppedNanoseconds {
            return .zero
        }
        return ring.withEntries { entries in
            var workX = 0.0
            var workY = 0.0
            var first = true
            for age in stride(from: entries.count - 1, to: 0, by: -1) {
                let movement = entries[age]
                let next = entries[age - 1]
                let nanoseconds = next.time - movement.time
                guard nanoseconds > 0 else { continue }
                let seconds = Double(nanoseconds) * 1e-9
                workX = Self.accumulate(workX, (next.location.x - movement.location.x) / seconds, first: first)
                workY = Self.accumulate(workY, (next.location.y - movement.location.y) / seconds, first: first)
                first = false
            }
            return Vector(dx: Self.kineticEnergyToVelocity(workX), dy: Self.kineticEnergyToVelocity(workY))
        }
    }

    private static func accumulate(_ work: Double, _ velocity: Double, first: Bool) -> Double {
        let previous = kineticEnergyToVelocity(work)
        let updated = work + (velocity - previous) * abs(velocity)
        return first ? updated * 0.5 : updated
    }

    /// v = sign(W)·√|W|·√2 (Android's `kineticEnergyToVelocity`; its constant 1.41421356237 is √2 to
    /// float precision).
    private static func kineticEnergyToVelocity(_ work: Double) -> Double {
        (work < 0 ? -1.0 : 1.0) * abs(work).squareRoot() * 2.0.squareRoot()
    }
}
