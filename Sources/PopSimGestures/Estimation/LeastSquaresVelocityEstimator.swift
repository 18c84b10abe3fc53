import PopSimGeometry

/// Flutter's `VelocityTracker` (flutter/flutter `packages/flutter/lib/src/gestures/velocity_tracker.dart`,
/// the default on Android, Fuchsia, Linux and Windows; Documentation/gestures.md §5), reproduced exactly:
///
/// - time is Flutter's `Duration`: whole microseconds (PopSim's seconds are rounded to the nearest µs);
/// - a ring of the last 20 samples; walking back from the newest, a sample is used while its age is
///   ≤ 100 ms **and** the gap to the next newer sample is ≤ 40 ms (both in fractional milliseconds,
///   `inMicroseconds / 1000`; the boundaries are inclusive, as Flutter breaks only on `>`);
/// - with ≥ 3 samples, x(age) and y(age) are fitted by unweighted degree-2 least squares
///   (``LeastSquaresSolver``, ages in negative milliseconds) and the velocity is the linear
///   coefficient × 1000; fewer samples or a degenerate fit give zero;
/// - the stop rule: if more than 40 whole milliseconds have passed since the newest sample at the query
///   time (Dart's `Stopwatch.elapsedMilliseconds`, which truncates), the velocity is zero. Flutter reads
///   that stopwatch on its sampling clock when the pointer goes up; PopSim uses the query time.
///
/// The parameters default to Flutter's constants and can be changed for experiments (degree 1 or 3 are
/// Android's LSQ1/LSQ3 shapes, without Android's float32 arithmetic).
public struct LeastSquaresVelocityEstimator: VelocityEstimator {
    /// Flutter `_horizonMilliseconds`.
    public var horizonMilliseconds: Double = 100
    /// Flutter `_assumePointerMoveStoppedMilliseconds`: the largest gap inside the window, and the
    /// largest age of the newest sample at query time.
    public var assumePointerMoveStoppedMilliseconds: Int = 40
    /// Flutter `_minSampleSize`.
    public var minimumSampleCount: Int = 3
    /// Polynomial degree of the fit, ≥ 1 (Flutter: 2).
    public var degree: Int = 2

    private var ring = SampleRing()

    public init() {}

    public mutating func addSample(time: Double, location: Point) {
        ring.append(time: time, location: location)
    }

    public mutating func reset() {
        ring.removeAll()
    }

    public func velocity(at time: Double) -> Vector {
        guard !ring.isEmpty else { return .zero }
        let newest = ring[fromNewest: 0]
        if let now = PlatformClock.microseconds(time),
            (now - newest.time) / 1000 > Int64(assumePointerMoveStoppedMilliseconds)
        {
            return .zero
        }
        let capacity = SampleRing.capacity
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * capacity) { buffer -> Vector in
            let ages = UnsafeMutableBufferPointer(rebasing: buffer[0..<capacity])
            let xs = UnsafeMutableBufferPointer(rebasing: buffer[capacity..<2 * capacity])
            let ys = UnsafeMutableBufferPointer(rebasing: buffer[2 * capacity..<3 * capacity])
            let count = ring.withEntries { entries -> Int in
                var count = 0
                var previous = newest
                while count < entries.count {
                    let sample = entries[count]
                    let age = Double(newest.time - sample.time) / 1000
                    let delta = Double(abs(sample.time - previous.time)) / 1000
                    previous = sample
                    if age > horizonMilliseconds || delta > Double(assumePointerMoveStoppedMilliseconds) { break }
                    ages[count] = -age
                    xs[count] = sample.location.x
                    ys[count] = sample.location.y
                    count += 1
                }
                return count
            }
            guard count >= minimumSampleCount, degree >= 1,
                let (vx, vy) = LeastSquaresSolver.linearCoefficients(
                    time: UnsafeBufferPointer(rebasing: ages[0..<count]),
                    x: UnsafeBufferPointer(rebasing: xs[0..<count]),
                    y: UnsafeBufferPointer(rebasing: ys[0..<count]), degree: degree)
            else { return .zero }
            return Vector(dx: vx * 1000, dy: vy * 1000)
        }
    }
}
